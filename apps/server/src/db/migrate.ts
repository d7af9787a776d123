import { Migrator, sql, type Kysely } from 'kysely';
import { engineOf } from './engine.ts';
import { migrations } from './migrations/index.ts';

/**
 * Applies every pending migration; throws the failing one's error. On PostgreSQL they run on one
 * connection without the statement timeout: rewriting a large table may rightly take long.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  if (engineOf(db as Kysely<unknown>) !== 'postgres') return migrate(db);
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migrate(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function migrate<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
