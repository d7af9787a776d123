// Worker thread of the import writer pool (lib/worker-pool.ts): writes one import at a time,
// as the import worker reads it, on its own database connection.
import {
  runImportWrite,
  type ImportWriteOutcome,
  type ImportWriteTask,
} from '../modules/transfers/import-write.ts';
import {
  isWarmUpTask,
  warmUpImport,
  type ImportWarmUpTask,
} from '../modules/transfers/import-warm-up.ts';

export default async function importWriterWorker(
  task: ImportWriteTask | ImportWarmUpTask,
): Promise<ImportWriteOutcome | number> {
  // The writer derives the entries the reader sends underived: JSON, the cheapest to read,
  // brings them.
  return isWarmUpTask(task) ? warmUpImport(task, ['json']) : runImportWrite(task);
}
