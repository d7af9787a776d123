import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// Search across glossaries (GET /buscar) ranks by match tier, then by the sort key, and stops
// at the page. See docs/decisions/0010-search-ranked-order-index.md and
// modules/search/search-order.sqlite.ts.
//
// SQLite: `search_docs` holds one row per live entry, keyed by `search_id`, an integer whose
// order is the entries' order (clave_orden, then `desempate`, a scrambling of the id, then the
// id): new rows take a number between their neighbours'. Equal sort keys are common (the same
// term in many glossaries); ordered by plain id, each new one would land right after the last
// and split the same gap again and again, while the scrambled order spreads them out. `search_terms_fts` is a contentless trigram index (rowids only, detail=none)
// over the folded terms and subindice with the same rowid, so its matches come out already in
// the results' order and a page needs only the first few. Inserts are written in batches by
// the entry write path (SearchIndex.addEntries); edits, soft deletes, recovery and purges
// follow through these triggers.
//
// PostgreSQL: one B-tree over the live entries in the same order, so a page of a common match
// can be read by walking that order instead of sorting every match.
//
// Both: a B-tree on (campo, first two characters) of entry_fields for advanced searches of one
// or two characters, which match by prefix.

// The same values as modules/search/search-order.ts (copied: a migration never changes).
/** search_id values at or above this are "unordered" (no room was left between neighbours). */
const SEARCH_UNORDERED_FROM = 2 ** 51;
/** Distance between consecutive search_id values when appending or renumbering. */
const SEARCH_ID_STEP = 2 ** 26;

/** A fixed permutation of ids (modulo a prime, times ~0.618 of it): the second sort key. */
function tieBreakSql(id: string): string {
  return `((${id} % 1000003) * 618034 % 1000003)`;
}

function tieBreak(id: string) {
  return sql.raw(tieBreakSql(id));
}

/** The search_id a live entry `e` (new.*) takes: between its neighbours', else unordered. */
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

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index entries_order_idx on entries (clave_orden, ${tieBreak('id')}, id)
      where deleted_at is null`.execute(db);
    // Advanced search of one or two characters (by prefix) on a card field.
    await sql`create index entry_fields_prefix_idx on entry_fields (campo, left(valor_plegado, 2))`.execute(
      db,
    );
    return;
  }
  await sql`create index entry_fields_prefix_idx on entry_fields (campo, substr(valor_plegado, 1, 2))`.execute(
    db,
  );
  await sql`create table search_docs (
    search_id integer primary key,
    entry_id integer not null unique,
    glossary_id integer not null,
    clave_orden text not null,
    desempate integer not null,
    origen text not null,
    meta text not null,
    subindice text not null)`.execute(db);
  await sql`create index search_docs_order_idx on search_docs (clave_orden, desempate, entry_id)`.execute(
    db,
  );
  await sql`create index search_docs_origen_idx on search_docs (origen)`.execute(db);
  await sql`create index search_docs_meta_idx on search_docs (meta)`.execute(db);
  await sql`create index search_docs_subindice_idx on search_docs (subindice) where subindice <> ''`.execute(
    db,
  );
  // One column (base term, target term, subindice separated by line feeds, which folded text
  // never holds): detail=none keeps only rowids, the matches are checked on search_docs.
  await sql`create virtual table search_terms_fts using fts5(
    doc, content='', contentless_delete=1, detail=none, tokenize='trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`create trigger search_docs_after_delete after delete on search_docs begin
      delete from search_terms_fts where rowid = old.search_id;
    end`.execute(db);
  await sql`create trigger search_docs_after_entry_update
    after update of termino_origen_plegado, termino_meta_plegado, subindice_plegado, clave_orden,
      deleted_at, glossary_id on entries begin
      delete from search_docs where entry_id = old.id;
      insert into search_docs (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
        select ${slotFor('new')}, new.id, new.glossary_id, new.clave_orden, ${tieBreak('new.id')},
          new.termino_origen_plegado, new.termino_meta_plegado, new.subindice_plegado
        where new.deleted_at is null;
      insert into search_terms_fts (rowid, doc)
        select search_id, origen || char(10) || meta || char(10) || subindice
        from search_docs where entry_id = new.id;
    end`.execute(db);
  await sql`create trigger search_docs_after_entry_delete after delete on entries begin
      delete from search_docs where entry_id = old.id;
    end`.execute(db);
  // Existing live entries, numbered in order.
  await sql`insert into search_docs (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
    select row_number() over (order by clave_orden, ${tieBreak('id')}, id) * ${sql.lit(SEARCH_ID_STEP)},
      id, glossary_id, clave_orden, ${tieBreak('id')}, termino_origen_plegado, termino_meta_plegado,
      subindice_plegado
    from entries where deleted_at is null`.execute(db);
  await sql`insert into search_terms_fts (rowid, doc)
    select search_id, origen || char(10) || meta || char(10) || subindice from search_docs`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists entry_fields_prefix_idx`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index if exists entries_order_idx`.execute(db);
    return;
  }
  await sql`drop trigger if exists search_docs_after_entry_delete`.execute(db);
  await sql`drop trigger if exists search_docs_after_entry_update`.execute(db);
  await sql`drop trigger if exists search_docs_after_delete`.execute(db);
  await sql`drop table if exists search_terms_fts`.execute(db);
  await sql`drop table if exists search_docs`.execute(db);
}
