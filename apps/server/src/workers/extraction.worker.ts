// Worker thread of the extraction pool (lib/worker-pool.ts): reads a document and ranks its
// candidate terms off the event loop, so a large document never stalls other users.
import {
  runExtractionJob,
  warmUpExtractor,
  type ExtractionOutcome,
  type ExtractionTask,
} from '../modules/extraction/extraction-job.ts';

// Loading starts with the thread, so a task's time limit counts only its own work. No top-level
// await: tsx's loader in worker threads does not take it.
const ready = warmUpExtractor();

export default async function extractionWorker(task: ExtractionTask): Promise<ExtractionOutcome> {
  await ready;
  return runExtractionJob(task);
}
