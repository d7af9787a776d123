import { sql } from 'kysely';
import { dateType, isPostgres, withId, type AnyDb } from './helpers.ts';

// What several instances on one PostgreSQL database must share: uploaded files, request
// counters of the rate limit and failed sign-ins. SQLite (one instance) gets the same tables.

export async function up(db: AnyDb): Promise<void> {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;
  const millis = isPostgres(db) ? sql`bigint` : sql`integer`;
  await db.schema
    .createTable('uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('data', bytes, (c) => c.notNull())
    .addColumn('created_at', dateType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_started_ms', millis, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('login_failures'), db)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at_ms', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_idx')
    .on('login_failures')
    .columns(['key', 'failed_at_ms'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('rate_limit_counters').execute();
  await db.schema.dropTable('uploads').execute();
}
