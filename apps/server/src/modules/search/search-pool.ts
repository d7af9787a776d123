import { createWorkerPool, type WorkerPool } from '../../lib/worker-pool.ts';
import type { SearchTask, SearchWarmUpTask } from './search-job.ts';
import type { SearchAnswer } from './search.service.ts';

// The search threads of SQLite (workers/search.worker.ts, SEARCH_WORKERS): each with its own
// connection, so searches use the other cores and never hold the main connection.

export type SearchPool = WorkerPool<SearchTask | SearchWarmUpTask, SearchAnswer | number>;

/**
 * Searches handed to each search thread at once. The thread starts the next the moment it
 * finishes one, instead of waiting until the HTTP thread, itself waiting for a core on a busy
 * machine, hands it over; the two interleave only between statements, each on the same
 * connection. At 16 connections on 2 cores the cores went from 94 to 98 % busy, and the
 * searches per second up by about a tenth (bench/search.bench.ts).
 */
const SEARCHES_PER_THREAD = 2;

/**
 * Every thread starts with the pool and stays. A new connection answers its first thousand
 * different searches about a third slower than it does afterwards (cold pages and trigram
 * estimates): a burst of users should not meet a thread started on demand.
 */
export function createSearchPool(threads: number): SearchPool {
  return createWorkerPool('search', {
    maxThreads: threads,
    minThreads: threads,
    maxQueue: 512,
    concurrentTasksPerWorker: SEARCHES_PER_THREAD,
  });
}

/**
 * Each thread opens its connection and runs a few searches (search-job.ts). Warm-ups sent at
 * once go one to each thread, since the pool hands a task to an idle thread first. Answers the
 * ids of the threads that warmed up.
 */
export function warmUpEveryThread(
  pool: SearchPool,
  threads: number,
  sqlitePath: string,
): Promise<number[]> {
  return Promise.all(
    Array.from({ length: threads }, () => pool.run({ tipo: 'calentar', sqlitePath })),
  ) as Promise<number[]>;
}
