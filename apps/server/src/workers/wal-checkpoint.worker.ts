// Worker thread of the WAL checkpoints (jobs/wal-checkpoint.job.ts): PASSIVE checkpoints of the
// SQLite file until its WAL starts over, on the thread's own connection (db/wal-checkpoint.ts).
import { checkpointWal, type WalCheckpointTask } from '../db/wal-checkpoint.ts';

export default function walCheckpointWorker(task: WalCheckpointTask): void {
  return checkpointWal(task);
}
