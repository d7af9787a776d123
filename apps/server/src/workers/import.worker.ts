// Worker thread of the import pool (lib/worker-pool.ts): reads and validates one glossary
// import at a time, off the event loop, handing the entries to the import writer thread.
import {
  runImportJob,
  type ImportOutcome,
  type ImportTask,
} from '../modules/transfers/import-job.ts';

export default function importWorker(task: ImportTask): Promise<ImportOutcome> {
  return runImportJob(task);
}
