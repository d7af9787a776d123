// Worker thread of the import writer pool (lib/worker-pool.ts): writes one import at a time,
// as the import worker reads it, on its own database connection.
import {
  runImportWrite,
  type ImportWriteOutcome,
  type ImportWriteTask,
} from '../modules/transfers/import-write.ts';

export default function importWriterWorker(task: ImportWriteTask): Promise<ImportWriteOutcome> {
  return runImportWrite(task);
}
