// Worker thread of the extraction pool (lib/worker-pool.ts): reads a document and ranks its
// candidate terms off the event loop, so a large document never stalls other users.
import { loadReferenceFrequencies, loadTagger } from '@ludoterm/extractor';
import {
  runExtractionJob,
  type ExtractionOutcome,
  type ExtractionTask,
} from '../modules/extraction/extraction-job.ts';

// The models load with the thread, so a job's time limit counts only the job's own work.
for (const language of ['es', 'en'] as const) {
  loadTagger(language);
  loadReferenceFrequencies(language);
}

export default function extractionWorker(task: ExtractionTask): Promise<ExtractionOutcome> {
  return runExtractionJob(task);
}
