import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createExtractionPool } from '../modules/extraction/extraction-pool.ts';
import type { ExtractionPool } from '../modules/extraction/extraction.service.ts';
import { createSearchPool, type SearchPool } from '../modules/search/search-pool.ts';
import { createImportPool, type ImportPool } from '../modules/transfers/import-pool.ts';

/** Every pool of worker threads of the app, created here and nowhere else. */
export interface WorkerPools {
  importPool: ImportPool;
  extractionPool: ExtractionPool;
  /** SQLite's search threads (SEARCH_WORKERS); null on PostgreSQL or with 0 threads. */
  searchPool: SearchPool | null;
}

export function createWorkerPools(config: Config, database: DatabaseHandle): WorkerPools {
  const sqlite = database.sqlitePath !== null;
  return {
    importPool: createImportPool(config.IMPORT_MAX_BYTES),
    extractionPool: createExtractionPool(config.EXTRACTOR_WORKERS),
    searchPool: sqlite && config.searchWorkers > 0 ? createSearchPool(config.searchWorkers) : null,
  };
}

/**
 * Searches already handed to a thread finish: a client may be waiting for them. An import or
 * an extraction in progress is called off (what an import wrote stays invisible: the next import
 * removes it).
 */
export async function closeWorkerPools(pools: WorkerPools): Promise<void> {
  await Promise.all([
    pools.importPool.destroy(),
    pools.extractionPool.destroy(),
    pools.searchPool?.close(),
  ]);
}
