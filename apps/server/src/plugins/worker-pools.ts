import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createSearchPool, type SearchPool } from '../modules/search/search-pool.ts';
import { createImportPool, type ImportPool } from '../modules/transfers/import-pool.ts';

/** Every pool of worker threads of the app, created here and nowhere else. */
export interface WorkerPools {
  importPool: ImportPool;
  /** SQLite's search threads (SEARCH_WORKERS); null on PostgreSQL or with 0 threads. */
  searchPool: SearchPool | null;
}

export function createWorkerPools(config: Config, database: DatabaseHandle): WorkerPools {
  const sqlite = database.sqlitePath !== null;
  return {
    importPool: createImportPool(config.IMPORT_MAX_BYTES),
    searchPool: sqlite && config.searchWorkers > 0 ? createSearchPool(config.searchWorkers) : null,
  };
}

/**
 * Searches already handed to a thread finish: a client may be waiting for them. An import
 * in progress is called off, which rolls its transaction back.
 */
export async function closeWorkerPools(pools: WorkerPools): Promise<void> {
  await Promise.all([pools.importPool.destroy(), pools.searchPool?.close()]);
}
