import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// Searching one glossary of 100,000 entries spent its time looking up each match in `entries`
// to check its glossary and that it is not deleted:
// - the exact/prefix B-trees become partial (live entries only), so they answer alone;
// - SQLite's FTS table holds only live entries and a column marking the glossary (U+0001, id,
//   U+0001: a phrase of trigrams that matches that glossary alone), so counting and
//   filtering stay inside FTS5.
const TERM_INDEXES = [
  ['entries_origen_idx', 'termino_origen_plegado'],
  ['entries_meta_idx', 'termino_meta_plegado'],
  ['entries_subindice_idx', 'subindice_plegado'],
] as const;

async function createTermIndexes(db: AnyDb, { live }: { live: boolean }): Promise<void> {
  const onlyLive = live ? sql` where deleted_at is null` : sql``;
  for (const [name, column] of TERM_INDEXES) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    if (isPostgres(db)) {
      await sql`create index ${sql.id(name)} on entries (glossary_id, left(${sql.ref(column)}, 200) text_pattern_ops)${onlyLive}`.execute(
        db,
      );
    } else {
      await sql`create index ${sql.id(name)} on entries (glossary_id, ${sql.ref(column)})${onlyLive}`.execute(
        db,
      );
    }
  }
}

export async function up(db: AnyDb): Promise<void> {
  await createTermIndexes(db, { live: true });
  if (isPostgres(db)) return;
  await sql`drop trigger if exists entries_fts_after_update`.execute(db);
  await sql`drop trigger if exists entries_fts_after_delete`.execute(db);
  await sql`drop table if exists entries_fts`.execute(db);
  await sql`alter table entries add column fts_glosario text
    generated always as (char(1) || glossary_id || char(1)) virtual`.execute(db);
  await sql`create virtual table entries_fts using fts5(
    fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado,
    content='entries', content_rowid='id', tokenize='trigram case_sensitive 1', columnsize=0)`.execute(
    db,
  );
  // Soft-deleted entries leave the index and come back with recovery.
  await sql`create trigger entries_fts_after_update
    after update of termino_origen_plegado, termino_meta_plegado, subindice_plegado, deleted_at on entries begin
      insert into entries_fts(entries_fts, rowid, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
        select 'delete', old.id, old.fts_glosario, old.termino_origen_plegado, old.termino_meta_plegado, old.subindice_plegado
        where old.deleted_at is null;
      insert into entries_fts(rowid, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
        select new.id, new.fts_glosario, new.termino_origen_plegado, new.termino_meta_plegado, new.subindice_plegado
        where new.deleted_at is null;
    end`.execute(db);
  await sql`create trigger entries_fts_after_delete after delete on entries when old.deleted_at is null begin
      insert into entries_fts(entries_fts, rowid, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
        values ('delete', old.id, old.fts_glosario, old.termino_origen_plegado, old.termino_meta_plegado, old.subindice_plegado);
    end`.execute(db);
  await sql`insert into entries_fts(rowid, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
    select id, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado
    from entries where deleted_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await createTermIndexes(db, { live: false });
  if (isPostgres(db)) return;
  await sql`drop trigger if exists entries_fts_after_update`.execute(db);
  await sql`drop trigger if exists entries_fts_after_delete`.execute(db);
  await sql`drop table if exists entries_fts`.execute(db);
  await sql`alter table entries drop column fts_glosario`.execute(db);
  await sql`create virtual table entries_fts using fts5(
    termino_origen_plegado, termino_meta_plegado, subindice_plegado,
    content='entries', content_rowid='id', tokenize='trigram case_sensitive 1', columnsize=0)`.execute(
    db,
  );
  await sql`create trigger entries_fts_after_update
    after update of termino_origen_plegado, termino_meta_plegado, subindice_plegado on entries begin
      insert into entries_fts(entries_fts, rowid, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
        values ('delete', old.id, old.termino_origen_plegado, old.termino_meta_plegado, old.subindice_plegado);
      insert into entries_fts(rowid, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
        values (new.id, new.termino_origen_plegado, new.termino_meta_plegado, new.subindice_plegado);
    end`.execute(db);
  await sql`create trigger entries_fts_after_delete after delete on entries begin
      insert into entries_fts(entries_fts, rowid, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
        values ('delete', old.id, old.termino_origen_plegado, old.termino_meta_plegado, old.subindice_plegado);
    end`.execute(db);
  await sql`insert into entries_fts(entries_fts) values ('rebuild')`.execute(db);
}
