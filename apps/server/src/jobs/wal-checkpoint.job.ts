import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { setAutocheckpointPages, type WalCheckpointTask } from '../db/wal-checkpoint.ts';
import { createWorkerPool } from '../lib/worker-pool.ts';
import { repeatInBackground } from './repeat-in-background.ts';

/** The main connection's own checkpoint, raised so it is only a backstop behind the thread. */
const BACKSTOP_PAGES = 10_000;

/** SQLite: WAL checkpoints on a thread every WAL_CHECKPOINT_SECONDS, so no write request pays. */
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
