import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';

/** What every module plugin receives as options: the configuration and the database. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
}
