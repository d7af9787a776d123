import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { indexPendingEntries } from '../modules/search/search-index.ts';
import { repeatInBackground } from './repeat-in-background.ts';

/**
 * On SQLite, single creates leave their index rows waiting until a batch of them can go into
 * the FTS5 indexes at once (SearchIndex.indexLater); searches find them meanwhile by scan.
 * This indexes whatever waits every SEARCH_PENDING_SECONDS, and at start (what a stopped
 * server left). Nothing on PostgreSQL, nor with SEARCH_PENDING_SECONDS=0.
 */
export function scheduleIndexPending(
  app: FastifyInstance,
  config: Pick<Config, 'searchPendingSeconds'>,
  database: Pick<DatabaseHandle, 'engine'>,
): void {
  if (database.engine !== 'sqlite' || config.searchPendingSeconds <= 0) return;
  repeatInBackground(
    app,
    {
      everyMs: config.searchPendingSeconds * 1000,
      atStart: true,
      failure: 'búsqueda: indexar las entradas pendientes falló',
    },
    async () => {
      await app.writeGate.passed();
      await indexPendingEntries(app.db);
    },
  );
}
