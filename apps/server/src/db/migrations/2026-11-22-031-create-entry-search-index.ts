import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// The substring indexes behind SearchIndex (modules/search/search-index.ts), one per engine.
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    // pg_trgm is a trusted extension: the database owner may create it.
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [name, table, column] of [
      ['entries_origen_trgm_idx', 'entries', 'termino_origen_plegado'],
      ['entries_meta_trgm_idx', 'entries', 'termino_meta_plegado'],
      ['entries_subindice_trgm_idx', 'entries', 'subindice_plegado'],
      ['entry_fields_valor_trgm_idx', 'entry_fields', 'valor_plegado'],
    ] as const) {
      await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  // External-content FTS5 tables over the folded columns (already lower case and without
  // accents, so the tokenizer need not fold again). The write path adds rows itself, in
  // batches: an FTS insert from a trigger costs about five times more. Updates and deletes
  // (edits, and the cascade when a glossary is purged) are kept in step by these triggers,
  // which hand FTS5 the old values it needs to remove a row.
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

  await sql`create virtual table entry_fields_fts using fts5(
    valor_plegado, content='entry_fields', content_rowid='id', tokenize='trigram case_sensitive 1', columnsize=0)`.execute(
    db,
  );
  await sql`create trigger entry_fields_fts_after_delete after delete on entry_fields begin
      insert into entry_fields_fts(entry_fields_fts, rowid, valor_plegado) values ('delete', old.id, old.valor_plegado);
    end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const name of [
      'entries_origen_trgm_idx',
      'entries_meta_trgm_idx',
      'entries_subindice_trgm_idx',
      'entry_fields_valor_trgm_idx',
    ]) {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
    }
    return;
  }
  await sql`drop trigger if exists entry_fields_fts_after_delete`.execute(db);
  await sql`drop table if exists entry_fields_fts`.execute(db);
  await sql`drop trigger if exists entries_fts_after_delete`.execute(db);
  await sql`drop trigger if exists entries_fts_after_update`.execute(db);
  await sql`drop table if exists entries_fts`.execute(db);
}
