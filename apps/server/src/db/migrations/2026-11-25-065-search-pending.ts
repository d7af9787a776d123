import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: an entry created on its own (the editor, the extractor) waits here until its terms
// and card fields go into the three FTS5 indexes, with others, in one pass (ADR 0013's last
// addendum). Until then its search_docs row sits in the unordered range, which every search
// reads by scan, so it is found at once. PostgreSQL: nothing to do (its indexes follow each
// insert by themselves).
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_pending (
    entry_id integer primary key references entries (id) on delete cascade)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop table if exists search_pending`.execute(db);
}
