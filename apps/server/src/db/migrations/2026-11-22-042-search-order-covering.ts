import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// PostgreSQL: a common substring is answered by walking entries_order_idx (migration 040) and
// testing each entry until the page is full; the test needed the table row. Carrying the
// glossary and the folded columns in the index lets that walk stay inside it (index-only
// scan), which at a million entries is the difference between milliseconds and seconds.
// SQLite: nothing (search_docs is already that).
const TIE_BREAK = sql.raw('((id % 1000003) * 618034 % 1000003)');

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists entries_order_idx`.execute(db);
  await sql`create index entries_order_idx on entries (clave_orden, ${TIE_BREAK}, id)
    include (glossary_id, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
    where deleted_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists entries_order_idx`.execute(db);
  await sql`create index entries_order_idx on entries (clave_orden, ${TIE_BREAK}, id)
    where deleted_at is null`.execute(db);
}
