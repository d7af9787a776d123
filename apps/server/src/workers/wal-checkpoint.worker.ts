// Worker thread of the WAL checkpoints (jobs/wal-checkpoint.job.ts): PASSIVE checkpoints of the
// SQLite file, restarting its WAL when writes never pause, on the thread's own connection
// (db/wal-checkpoint.ts). It keeps the ordinary CPU priority: at a lower one, a busy machine
// held it off for seconds while the WAL grew to the main connection's backstop (ADR 0002).
import { checkpointWal, type WalCheckpointTask } from '../db/wal-checkpoint.ts';

export default function walCheckpointWorker(task: WalCheckpointTask): void {
  return checkpointWal(task);
}
