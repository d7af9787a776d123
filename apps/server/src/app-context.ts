import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { WorkerPools } from './plugins/worker-pools.ts';

/** What every module plugin receives as options: the configuration, the database, the pools. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  pools: WorkerPools;
}
