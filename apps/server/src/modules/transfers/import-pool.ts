import { createWorkerPool, type WorkerPool } from '../../lib/worker-pool.ts';
import type { ImportOutcome, ImportTask } from './import-job.ts';

export type ImportPool = WorkerPool<ImportTask, ImportOutcome>;

/**
 * One import at a time per instance, the others queued. The heap cap grows with the largest file
 * accepted, so a large import is collected before it grows the server's memory.
 */
export function createImportPool(maxFileBytes: number): ImportPool {
  return createWorkerPool('import', {
    maxThreads: 1,
    maxQueue: 16,
    maxOldGenerationSizeMb: 192 + Math.ceil(maxFileBytes / (1024 * 1024)),
  });
}
