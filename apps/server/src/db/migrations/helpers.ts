import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations are written once against Kysely<any> and never edited after they are merged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key `id` on both engines. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  db: AnyDb,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Column type for instants: timestamptz on PostgreSQL, ISO 8601 text on SQLite. */
export function dateType(db: AnyDb) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}

/** Column type for foreign keys to a `withId` table. */
export function refType(db: AnyDb) {
  return isPostgres(db) ? sql`bigint` : sql`integer`;
}
