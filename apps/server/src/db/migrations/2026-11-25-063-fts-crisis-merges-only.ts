import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: every write commits a new small segment to each FTS5 index it touches (three for an
// entry). With `automerge` at its default of 4, FTS5 then merges a little on every commit, and
// those merges reach far into the segments already there: at 100,000 entries they were half of
// an entry's creation time and most of its slowest ones (in process: mean 3.0 -> 2.0 ms, p99
// 20 -> 8 ms without them). With `automerge` off, segments are merged only when sixteen pile up
// on one level (`crisismerge`, left at 16): sixteen small segments at a time, so the merges are
// fewer and cheaper, and a search looks in at most fifteen segments per level (a rebuild still
// ends with 'optimize', one segment). PostgreSQL: nothing to do.
const TABLES = ['entries_fts', 'search_terms_fts', 'search_field_fts'];

async function setAutomerge(db: AnyDb, segments: number): Promise<void> {
  for (const table of TABLES) {
    await sql`insert into ${sql.table(table)} (${sql.ref(table)}, rank) values ('automerge', ${sql.lit(segments)})`.execute(
      db,
    );
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setAutomerge(db, 0);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setAutomerge(db, 4);
}
