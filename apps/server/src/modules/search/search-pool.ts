import { createWorkerPool, type WorkerPool } from '../../lib/worker-pool.ts';
import type { SearchTask } from './search-job.ts';
import type { SearchAnswer } from './search.service.ts';

// The search threads of SQLite (workers/search.worker.ts, SEARCH_WORKERS): each with its own
// connection, so searches use the other cores and never hold the main connection.

export type SearchPool = WorkerPool<SearchTask, SearchAnswer>;

/** Two searches per thread, so it starts the next at once rather than wait for the HTTP thread. */
export function createSearchPool(threads: number): SearchPool {
  return createWorkerPool('search', {
    maxThreads: threads,
    minThreads: threads,
    maxQueue: 512,
    concurrentTasksPerWorker: 2,
  });
}
