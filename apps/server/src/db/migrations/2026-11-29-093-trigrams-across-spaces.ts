import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// pg_trgm cuts text into words at spaces, so «re ca» asked only for the trigrams of «re» and
// «ca», which most terms hold, and the recheck read thousands of rows. Indexed with each space
// written as a letter no term uses (ʬ), the text keeps the trigrams that span words, as
// SQLite's trigram tokenizer does; the queries ask `translate(column, ' ', 'ʬ')` the same.
const INDEXES = [
  ['entries_origen_trgm_idx', 'entries', 'termino_origen_plegado'],
  ['entries_meta_trgm_idx', 'entries', 'termino_meta_plegado'],
  ['entries_subindice_trgm_idx', 'entries', 'subindice_plegado'],
  ['entry_fields_valor_trgm_idx', 'entry_fields', 'valor_plegado'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, table, column] of INDEXES) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on ${sql.table(table)}
      using gin (translate(${sql.ref(column)}, ' ', 'ʬ') gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, table, column] of INDEXES) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}
