import { createWorkerPool } from '../../lib/worker-pool.ts';
import type { ExtractionOutcome, ExtractionTask } from './extraction-job.ts';
import type { ExtractionPool } from './extraction.service.ts';

/**
 * The extractor's threads (workers/extraction.worker.ts), at most 16 extractions waiting. A
 * thread loads the models when it starts and stays half an hour idle before it exits.
 */
export function createExtractionPool(threads: number): ExtractionPool {
  return createWorkerPool<ExtractionTask, ExtractionOutcome>('extraction', {
    maxThreads: threads,
    maxQueue: 16,
    idleTimeoutMs: 30 * 60_000,
  });
}
