import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { WriteGate } from '../db/write-gate.ts';
import type { AppContext } from '../app-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    writeGate: WriteGate;
  }
}

/** Methods that never write: they go past the write gate. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates `app.db` and its write gate, makes every request that may write wait for that
 * gate (asynchronously, see db/write-gate.ts) and closes the database with the app.
 */
export const dbPlugin = fp<AppContext>(
  async (app, { database }) => {
    app.decorate('db', database.db);
    app.decorate('writeGate', database.writeGate);
    app.addHook('preHandler', async (request) => {
      if (!READ_METHODS.has(request.method)) await database.writeGate.passed();
    });
    app.addHook('onClose', async () => {
      await database.destroy();
    });
  },
  { name: 'db' },
);
