import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { UploadStorage } from './lib/storage.ts';
import type { WorkerPools } from './plugins/worker-pools.ts';

/** What every module plugin receives as options: configuration, database, pools, uploads. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  pools: WorkerPools;
  storage: UploadStorage;
}
