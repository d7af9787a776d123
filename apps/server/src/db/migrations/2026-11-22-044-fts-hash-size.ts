import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: FTS5 keeps the terms of a transaction's inserts in memory and writes them out as a new
// segment whenever they pass `hashsize` (1 MB by default); segments are then merged again and
// again as they pile up. A 100,000-entry import indexes some 40 MB of trigram lists (card
// fields, mostly): at 1 MB that was about forty segments and a third of the import's CPU in
// merges; at 16 MB a few. Small writes (one entry) never come near it, so only bulk writes
// hold the extra memory, and only until their commit. PostgreSQL: nothing to do.
const TABLES = ['entries_fts', 'search_terms_fts', 'search_field_fts'];

async function setHashSize(db: AnyDb, bytes: number): Promise<void> {
  for (const table of TABLES) {
    await sql`insert into ${sql.table(table)} (${sql.ref(table)}, rank) values ('hashsize', ${sql.lit(bytes)})`.execute(
      db,
    );
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setHashSize(db, 16 * 1024 * 1024);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setHashSize(db, 1024 * 1024);
}
