import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: a bulk write (an import, a copy) leaves its entries in one large segment on level 0
// of each FTS5 index, where every single-entry write adds a small one. With `crisismerge` at
// 16, the sixteenth segment on a level merges the whole level, so that large segment was
// rewritten at the 14th create after an import and again some 240 creates later (90–300 ms
// each, once per index). At 32 a level holds twice as many segments before it is merged: the
// large segment climbs a level after 31 creates and the next one after about a thousand, and
// every segment is rewritten fewer times as the index grows. A search looks in at most 31
// segments per level instead of 15 (glossary search p95 after 600 creates: 7.2–7.6 ->
// 8.6–8.8 ms on the benchmark machine). PostgreSQL: nothing to do.
const TABLES = ['entries_fts', 'search_terms_fts', 'search_field_fts'];

async function setCrisisMerge(db: AnyDb, segments: number): Promise<void> {
  for (const table of TABLES) {
    await sql`insert into ${sql.table(table)} (${sql.ref(table)}, rank) values ('crisismerge', ${sql.lit(segments)})`.execute(
      db,
    );
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setCrisisMerge(db, 32);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setCrisisMerge(db, 16);
}
