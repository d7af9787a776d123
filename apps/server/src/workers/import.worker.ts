// Worker thread of the import pool (lib/worker-pool.ts): reads, validates and writes one
// glossary import at a time, off the event loop, on its own database connection.
import {
  runImportJob,
  type ImportOutcome,
  type ImportTask,
} from '../modules/transfers/import-job.ts';

export default function importWorker(task: ImportTask): Promise<ImportOutcome> {
  return runImportJob(task);
}
