import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppContext } from '../app-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** Decorates `app.db` and closes the database when the app closes. */
export const dbPlugin = fp<AppContext>(
  async (app, { database }) => {
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.destroy();
    });
  },
  { name: 'db' },
);
