// Worker thread of the WAL checkpoints (db/wal-checkpoint.ts). It keeps the ordinary CPU
// priority: at a lower one a busy machine holds it off while the WAL grows.
import { checkpointWal, type WalCheckpointTask } from '../db/wal-checkpoint.ts';

export default function walCheckpointWorker(task: WalCheckpointTask): void {
  return checkpointWal(task);
}
