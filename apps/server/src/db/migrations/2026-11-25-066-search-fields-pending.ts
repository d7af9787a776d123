import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: the entries of an import (ids first_id to last_id) whose card fields are not yet in
// search_field_fts. The import answers once its entries are committed and indexes their fields
// in a transaction of its own right after (ADR 0013's last addendum); advanced searches wait
// for it, and `indexPending` settles what a stopped server left here before anything else
// writes. PostgreSQL: nothing to do (its indexes follow each insert by themselves).
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_fields_pending (
    first_id integer not null,
    last_id integer not null)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop table if exists search_fields_pending`.execute(db);
}
