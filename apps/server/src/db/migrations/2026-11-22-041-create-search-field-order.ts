import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: advanced search on a card field, in the results' order, as migration 040 does for
// the terms. `search_field_fts` is a contentless trigram index (rowids only) of every
// `entry_fields` value under rowid = search_id × 32 + the field's code (`search_fields`), so
// its matches come out sorted by the entry's place in the results and tell their field
// without a lookup. It replaces `entry_fields_fts`, whose rowids (entry_fields.id) had no
// order. Rows are added by the write path (SearchIndex.addFields, once the entry's doc
// exists) and follow edits, soft deletes, recoveries and purges through the triggers below,
// which `search_maintenance` switches off while a rebuild rewrites everything.
// PostgreSQL: nothing to do.

// Card fields other than the terms and the subindice (those live in search_docs), with a
// code below 32; contexts and their sources for every language a glossary may have.
const FIELD_CODES: Array<[string, number]> = [
  ['categoria', 1],
  ['area', 2],
  ['mecanismo', 3],
  ['definicion', 4],
  ['fuente', 5],
  ['relaciones', 6],
  ['variante', 7],
  ['cuestiones_traductologicas', 8],
  ['notas', 9],
  ['contexto_es', 10],
  ['contexto_en', 11],
  ['contexto_fr', 12],
  ['contexto_de', 13],
  ['fuente_contexto_es', 14],
  ['fuente_contexto_en', 15],
  ['fuente_contexto_fr', 16],
  ['fuente_contexto_de', 17],
];

// The same values and numbering as migration 040 (copied: a migration never changes).
const SEARCH_UNORDERED_FROM = 2 ** 51;
const SEARCH_ID_STEP = 2 ** 26;

function tieBreakSql(id: string): string {
  return `((${id} % 1000003) * 618034 % 1000003)`;
}

function slotFor(e: string) {
  const key = sql.raw(`(${e}.clave_orden, ${tieBreakSql(`${e}.id`)}, ${e}.id)`);
  return sql`coalesce(
    (select case
       when nx.s is null and pv.p + ${sql.lit(SEARCH_ID_STEP)} < ${sql.lit(SEARCH_UNORDERED_FROM)}
         then pv.p + ${sql.lit(SEARCH_ID_STEP)}
       when nx.s - pv.p >= 2 then pv.p + (nx.s - pv.p) / 2
     end
     from (select coalesce((select search_id from search_docs
             where search_id < ${sql.lit(SEARCH_UNORDERED_FROM)} and (clave_orden, desempate, entry_id) < ${key}
             order by clave_orden desc, desempate desc, entry_id desc limit 1), 0) as p) pv,
          (select (select search_id from search_docs
             where search_id < ${sql.lit(SEARCH_UNORDERED_FROM)} and (clave_orden, desempate, entry_id) > ${key}
             order by clave_orden, desempate, entry_id limit 1) as s) nx),
    ${sql.lit(SEARCH_UNORDERED_FROM)} + ${sql.raw(e)}.id)`;
}

/** Triggers stand aside while `search_maintenance` holds a row (a rebuild rewrites all). */
const UNLESS_REBUILDING = sql`not exists (select 1 from search_maintenance)`;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_fields (campo text primary key, code integer not null unique)`.execute(
    db,
  );
  for (const [campo, code] of FIELD_CODES) {
    await sql`insert into search_fields (campo, code) values (${campo}, ${code})`.execute(db);
  }
  await sql`create table search_maintenance (motivo text not null)`.execute(db);
  await sql`drop trigger if exists entry_fields_fts_after_delete`.execute(db);
  await sql`drop table if exists entry_fields_fts`.execute(db);
  await sql`create virtual table search_field_fts using fts5(
    doc, content='', contentless_delete=1, detail=none, tokenize='trigram case_sensitive 1')`.execute(
    db,
  );
  // A doc leaves (soft delete, edit, purge): its term row and its field rows leave with it.
  await sql`drop trigger search_docs_after_delete`.execute(db);
  await sql`create trigger search_docs_after_delete after delete on search_docs
    when ${UNLESS_REBUILDING} begin
      delete from search_terms_fts where rowid = old.search_id;
      delete from search_field_fts where rowid in (
        select old.search_id * 32 + c.code from entry_fields f
        join search_fields c on c.campo = f.campo where f.entry_id = old.entry_id);
    end`.execute(db);
  // An entry changes (edit, soft delete, recovery, a rebuilt sort key): its doc moves, with
  // its fields as they are now (an edit then replaces the fields, followed below).
  await sql`drop trigger search_docs_after_entry_update`.execute(db);
  await sql`create trigger search_docs_after_entry_update
    after update of termino_origen_plegado, termino_meta_plegado, subindice_plegado, clave_orden,
      deleted_at, glossary_id on entries when ${UNLESS_REBUILDING} begin
      delete from search_docs where entry_id = old.id;
      insert into search_docs (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
        select ${slotFor('new')}, new.id, new.glossary_id, new.clave_orden, ${sql.raw(tieBreakSql('new.id'))},
          new.termino_origen_plegado, new.termino_meta_plegado, new.subindice_plegado
        where new.deleted_at is null;
      insert into search_terms_fts (rowid, doc)
        select search_id, origen || char(10) || meta || char(10) || subindice
        from search_docs where entry_id = new.id;
      insert into search_field_fts (rowid, doc)
        select d.search_id * 32 + c.code, f.valor_plegado
        from search_docs d join entry_fields f on f.entry_id = d.entry_id
        join search_fields c on c.campo = f.campo where d.entry_id = new.id;
    end`.execute(db);
  await sql`create trigger search_field_fts_after_field_delete after delete on entry_fields
    when ${UNLESS_REBUILDING} begin
      delete from search_field_fts where rowid = (
        select d.search_id * 32 + c.code from search_docs d, search_fields c
        where d.entry_id = old.entry_id and c.campo = old.campo);
    end`.execute(db);
  await sql`insert into search_field_fts (rowid, doc)
    select d.search_id * 32 + c.code, f.valor_plegado
    from entry_fields f join search_docs d on d.entry_id = f.entry_id
    join search_fields c on c.campo = f.campo`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists search_field_fts_after_field_delete`.execute(db);
  await sql`drop trigger search_docs_after_delete`.execute(db);
  await sql`create trigger search_docs_after_delete after delete on search_docs begin
      delete from search_terms_fts where rowid = old.search_id;
    end`.execute(db);
  await sql`drop trigger search_docs_after_entry_update`.execute(db);
  await sql`create trigger search_docs_after_entry_update
    after update of termino_origen_plegado, termino_meta_plegado, subindice_plegado, clave_orden,
      deleted_at, glossary_id on entries begin
      delete from search_docs where entry_id = old.id;
      insert into search_docs (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
        select ${slotFor('new')}, new.id, new.glossary_id, new.clave_orden, ${sql.raw(tieBreakSql('new.id'))},
          new.termino_origen_plegado, new.termino_meta_plegado, new.subindice_plegado
        where new.deleted_at is null;
      insert into search_terms_fts (rowid, doc)
        select search_id, origen || char(10) || meta || char(10) || subindice
        from search_docs where entry_id = new.id;
    end`.execute(db);
  await sql`drop table if exists search_field_fts`.execute(db);
  await sql`drop table if exists search_maintenance`.execute(db);
  await sql`drop table if exists search_fields`.execute(db);
  await sql`create virtual table entry_fields_fts using fts5(
    valor_plegado, content='entry_fields', content_rowid='id', tokenize='trigram case_sensitive 1', columnsize=0)`.execute(
    db,
  );
  await sql`create trigger entry_fields_fts_after_delete after delete on entry_fields begin
      insert into entry_fields_fts(entry_fields_fts, rowid, valor_plegado) values ('delete', old.id, old.valor_plegado);
    end`.execute(db);
  await sql`insert into entry_fields_fts(entry_fields_fts) values ('rebuild')`.execute(db);
}
