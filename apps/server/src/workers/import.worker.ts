// Worker thread of the import pool (lib/worker-pool.ts): reads and validates one glossary
// import at a time, off the event loop, handing the entries to the import writer thread.
import {
  runImportJob,
  type ImportOutcome,
  type ImportTask,
} from '../modules/transfers/import-job.ts';
import {
  isWarmUpTask,
  warmUpImport,
  type ImportWarmUpTask,
} from '../modules/transfers/import-warm-up.ts';

/** The formats whose readers this thread warms up (TSV shares CSV's). */
const READ_FORMATS = ['tmx', 'tbx', 'csv', 'json'] as const;

export default async function importWorker(
  task: ImportTask | ImportWarmUpTask,
): Promise<ImportOutcome | number> {
  return isWarmUpTask(task) ? warmUpImport(task, READ_FORMATS) : runImportJob(task);
}
