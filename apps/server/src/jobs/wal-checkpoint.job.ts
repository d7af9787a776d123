import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { setAutocheckpointPages, type WalCheckpointTask } from '../db/wal-checkpoint.ts';
import { createWorkerPool } from '../lib/worker-pool.ts';
import { repeatInBackground } from './repeat-in-background.ts';

/**
 * The main connection's own checkpoint, kept only as a backstop should the thread fall behind:
 * 10,000 pages (40 MB of WAL) instead of SQLite's 1,000.
 */
const BACKSTOP_PAGES = 10_000;

/**
 * On SQLite, the commit that takes the WAL past 1,000 pages copies it into the database file
 * and syncs it, on the committing connection: one write request in a hundred paid 10–20 ms
 * for everybody's writes. Instead a thread of its own checkpoints every
 * WAL_CHECKPOINT_SECONDS (PASSIVE: it never waits for, nor holds up, readers or writers), and
 * requests only write to the WAL. Nothing on PostgreSQL, nor with WAL_CHECKPOINT_SECONDS=0.
 */
export function scheduleWalCheckpoints(
  app: FastifyInstance,
  config: Pick<Config, 'walCheckpointSeconds'>,
  database: Pick<DatabaseHandle, 'sqlitePath'>,
): void {
  const { sqlitePath } = database;
  if (!sqlitePath || sqlitePath === ':memory:' || config.walCheckpointSeconds <= 0) return;
  const pool = createWorkerPool<WalCheckpointTask, void>('wal-checkpoint', {
    maxQueue: 1,
    // Kept alive between runs: a thread and its connection start once.
    idleTimeoutMs: Math.max(60_000, config.walCheckpointSeconds * 3000),
  });
  app.addHook('onReady', async () => {
    await setAutocheckpointPages(app.db, BACKSTOP_PAGES);
  });
  repeatInBackground(
    app,
    { everyMs: config.walCheckpointSeconds * 1000, failure: 'WAL: el checkpoint falló' },
    () => pool.run({ sqlitePath }),
  );
  app.addHook('onClose', async () => {
    await pool.close();
  });
}
