// Worker thread of the extraction pool (lib/worker-pool.ts): reads a document and ranks its
// candidate terms off the event loop, so a large document never stalls other users.
import {
  runExtractionJob,
  warmUpExtractor,
  type ExtractionOutcome,
  type ExtractionTask,
} from '../modules/extraction/extraction-job.ts';

// Before the first task: its time limit then counts the task's own work only.
warmUpExtractor();

export default function extractionWorker(task: ExtractionTask): Promise<ExtractionOutcome> {
  return runExtractionJob(task);
}
