// Worker thread of the WAL checkpoints (jobs/wal-checkpoint.job.ts): PASSIVE checkpoints of the
// SQLite file, restarting its WAL when writes never pause, on the thread's own connection
// (db/wal-checkpoint.ts). Upkeep: it runs below the request threads' CPU priority.
import { checkpointWal, type WalCheckpointTask } from '../db/wal-checkpoint.ts';
import { runAtLowPriority } from '../lib/thread-priority.ts';

runAtLowPriority();

export default function walCheckpointWorker(task: WalCheckpointTask): void {
  return checkpointWal(task);
}
