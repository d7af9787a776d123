// Worker thread of the WAL checkpoints (jobs/wal-checkpoint.job.ts): one PASSIVE checkpoint of
// the SQLite file, on the thread's own connection (db/wal-checkpoint.ts).
import { checkpointWal, type WalCheckpointTask } from '../db/wal-checkpoint.ts';

export default function walCheckpointWorker(task: WalCheckpointTask): void {
  return checkpointWal(task);
}
