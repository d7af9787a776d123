import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IndexedEntry, InsertedIds } from './search-index.ts';
import { FIELD_SLOTS, SEARCH_ID_STEP, SEARCH_UNORDERED_FROM } from './search-numbering.sqlite.ts';
import { TIE_BREAK_SQL, compareOrder, tieBreakOf } from './search-order.ts';
import { sqliteCheckWordStarts, sqliteRewriteWordStarts } from './search-word-starts.sqlite.ts';

// The write side of SQLite's ranked search (migration 040 and its followers): the docs that
// number the live entries in the results' order, their trigram rows and their card fields'
// rows, as the entry write path, an import, the pending entries and a rebuild add them, and
// the check that compares them with the entries. The reads are in search-order.sqlite.ts.

/** The limit as an SQL literal (see search-order.sqlite.ts). */
const UNORDERED = sql.lit(SEARCH_UNORDERED_FROM);
/** Rows per JSON chunk when writing. */
const CHUNK = 2000;

type Sql<T = unknown> = RawBuilder<T>;

/** What the docs are built from: a live entry's id, glossary, sort key and folded columns. */
export type DocSource = IndexedEntry;

/**
 * Adds docs for entries just inserted (live, not yet in search_docs). Each takes a number
 * between its neighbours' among the docs already there; new entries that fall between the
 * same two neighbours share that gap evenly. With no room left (a run of entries always
 * inserted at the same spot), a doc goes to the unordered range until the next rebuild.
 * Their trigram rows come later, from `sqliteIndexInserted`, once the whole write is in.
 */
export async function sqliteAddDocs(db: Kysely<Database>, entries: readonly DocSource[]) {
  if (entries.length === 0) return;
  const sorted = [...entries].sort((a, b) =>
    compareOrder({ id: a.id, k: a.clave_orden }, { id: b.id, k: b.clave_orden }),
  );
  for (let from = 0; from < sorted.length; from += CHUNK) {
    const part = sorted.slice(from, from + CHUNK);
    const json = JSON.stringify(part.map((e) => [e.clave_orden, tieBreakOf(e.id), e.id]));
    const key = sql`(j.value ->> 0, j.value ->> 1, j.value ->> 2)`;
    const { rows: gaps } = await sql<{ p: number; s: number | null }>`
      select coalesce((select search_id from search_docs
          where search_id < ${UNORDERED} and (clave_orden, desempate, entry_id) < ${key}
          order by clave_orden desc, desempate desc, entry_id desc limit 1), 0) as p,
        (select search_id from search_docs
          where search_id < ${UNORDERED} and (clave_orden, desempate, entry_id) > ${key}
          order by clave_orden, desempate, entry_id limit 1) as s
      from json_each(${json}) j order by j.key`.execute(db);
    const slots = assignSlots(part, gaps);
    // The rest of each doc is read from its entry row rather than sent again.
    const docs = JSON.stringify(part.map((e, i) => [slots[i], e.id]));
    await sql`insert into search_docs
        (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
      select j.value ->> 0, e.id, e.glossary_id, e.clave_orden, ${sql.raw(TIE_BREAK_SQL('e.id'))},
        e.termino_origen_plegado, e.termino_meta_plegado, e.subindice_plegado
      from json_each(${docs}) j cross join entries e on e.id = j.value ->> 1`.execute(db);
  }
}

/**
 * The trigram rows of entries just inserted (docs and, for `fields`, entry_fields rows already
 * written): their terms and their card fields, each index in one pass in rowid order. FTS5
 * flushes its pending terms to a new segment whenever a rowid is not above the last one, and
 * these rowids follow the results' order, not the entries': fed chunk by chunk, a
 * 100,000-entry import made hundreds of small segments and spent most of its write merging them.
 */
export async function sqliteIndexInserted(
  db: Kysely<Database>,
  { first, last }: InsertedIds,
  { terms, fields }: { terms: boolean; fields: boolean },
): Promise<void> {
  await indexDocs(db, sql<boolean>`d.entry_id between ${first} and ${last}`, { terms, fields });
}

/** The trigram rows of the docs `docs` selects: their terms, their card fields, or both. */
async function indexDocs(
  db: Kysely<Database>,
  docs: Sql<boolean>,
  { terms = true, fields = true }: { terms?: boolean; fields?: boolean } = {},
): Promise<void> {
  if (terms) await indexTermsOf(db, docs);
  if (fields) await insertFieldRowsOf(db, docs);
}

async function indexTermsOf(db: Kysely<Database>, docs: Sql<boolean>): Promise<void> {
  await sql`insert into search_terms_fts (rowid, doc)
    select search_id, origen || char(10) || meta || char(10) || subindice
    from search_docs d where ${docs}
    order by search_id`.execute(db);
}

const PENDING = sql<boolean>`d.entry_id in (select entry_id from search_pending)`;

/**
 * Runs `work` with the triggers on the docs standing aside (a row in `search_maintenance`, for
 * `motivo`): they neither take trigram rows out nor write word starts meanwhile. Run inside a
 * transaction, so that a failure never leaves them aside.
 */
export async function withTriggersAside<T>(
  db: Kysely<Database>,
  motivo: 'pending' | 'import',
  work: () => Promise<T>,
): Promise<T> {
  await sql`insert into search_maintenance (motivo) values (${motivo})`.execute(db);
  const result = await work();
  await sql`delete from search_maintenance where motivo = ${motivo}`.execute(db);
  return result;
}

/**
 * Docs for entries just inserted whose indexing waits (`search_pending`, migration 065): each
 * in the unordered range, which searches read by scan and merge by sort key, so the entry is
 * found at once, without touching the trigram indexes or its neighbours. The caller records
 * them in `search_pending`.
 */
export async function sqliteAddPendingDocs(
  db: Kysely<Database>,
  entries: readonly DocSource[],
): Promise<void> {
  const ids = JSON.stringify(entries.map((e) => e.id));
  await sql`insert into search_docs
      (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
    select ${UNORDERED} + e.id, e.id, e.glossary_id, e.clave_orden, ${sql.raw(TIE_BREAK_SQL('e.id'))},
      e.termino_origen_plegado, e.termino_meta_plegado, e.subindice_plegado
    from json_each(${ids}) j cross join entries e on e.id = j.value`.execute(db);
}

/**
 * The docs of the entries in `search_pending` leave the unordered range for their place among
 * their neighbours, and go into both trigram indexes, all in one pass.
 */
export async function sqliteSettlePendingDocs(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<DocSource>`select e.id, e.glossary_id, e.clave_orden,
      e.termino_origen_plegado, e.termino_meta_plegado, e.subindice_plegado
    from search_pending p cross join entries e on e.id = p.entry_id
    where e.deleted_at is null`.execute(db);
  // The triggers stand aside: these docs have no trigram rows to delete.
  await withTriggersAside(db, 'pending', () =>
    sql`delete from search_docs where entry_id in (select entry_id from search_pending)`.execute(
      db,
    ),
  );
  await sqliteAddDocs(db, rows);
  await indexDocs(db, PENDING);
}

/** An entry's entry_fields rows just rewritten (an edit, a rebuild), indexed under its doc. */
export async function sqliteAddFields(db: Kysely<Database>, entryId: number): Promise<void> {
  await insertFieldRowsOf(db, sql<boolean>`d.entry_id = ${entryId}`);
}

async function insertFieldRowsOf(db: Kysely<Database>, docs: Sql<boolean>) {
  await sql`insert into search_field_fts (rowid, doc)
    select d.search_id * ${sql.lit(FIELD_SLOTS)} + c.code, f.valor_plegado
    from search_docs d
    join entry_fields f on f.entry_id = d.entry_id
    join search_fields c on c.campo = f.campo
    where ${docs}
    order by 1`.execute(db);
}

/** Numbers for sorted new docs given each one's (predecessor, successor) among the old docs. */
export function assignSlots(
  part: ReadonlyArray<{ id: number }>,
  gaps: ReadonlyArray<{ p: number; s: number | null }>,
): number[] {
  const slots: number[] = [];
  let i = 0;
  while (i < part.length) {
    const { p, s } = gaps[i]!;
    let j = i;
    while (j + 1 < part.length && gaps[j + 1]!.p === p && gaps[j + 1]!.s === s) j += 1;
    const n = j - i + 1;
    const step = s === null ? SEARCH_ID_STEP : Math.floor((s - p) / (n + 1));
    for (let k = 0; k < n; k += 1) {
      const slot = p + (k + 1) * step;
      const fits = step >= 1 && slot < (s ?? SEARCH_UNORDERED_FROM);
      slots.push(fits ? slot : SEARCH_UNORDERED_FROM + part[i + k]!.id);
    }
    i = j + 1;
  }
  return slots;
}

/**
 * Renumbers every live entry's doc evenly in order and rebuilds both trigram indexes and the
 * word starts, with the triggers standing aside (`search_maintenance`). Run inside a transaction.
 */
export async function sqliteRebuildDocs(db: Kysely<Database>): Promise<void> {
  await sql`insert into search_maintenance (motivo) values ('rebuild')`.execute(db);
  await sql`insert into search_terms_fts (search_terms_fts) values ('delete-all')`.execute(db);
  await sql`insert into search_field_fts (search_field_fts) values ('delete-all')`.execute(db);
  await sql`delete from search_docs`.execute(db);
  const tieBreak = sql.raw(TIE_BREAK_SQL('id'));
  await sql`insert into search_docs
      (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
    select row_number() over (order by clave_orden, ${tieBreak}, id) * ${SEARCH_ID_STEP}, id,
      glossary_id, clave_orden, ${tieBreak}, termino_origen_plegado, termino_meta_plegado,
      subindice_plegado
    from entries where deleted_at is null`.execute(db);
  await sql`insert into search_terms_fts (rowid, doc)
    select search_id, origen || char(10) || meta || char(10) || subindice from search_docs`.execute(
    db,
  );
  await sql`insert into search_field_fts (rowid, doc)
    select d.search_id * ${sql.lit(FIELD_SLOTS)} + c.code, f.valor_plegado
    from entry_fields f join search_docs d on d.entry_id = f.entry_id
    join search_fields c on c.campo = f.campo`.execute(db);
  await sqliteRewriteWordStarts(db);
  // Every mark, not only its own: a rebuild also clears one that something else left behind.
  await sql`delete from search_maintenance`.execute(db);
  await sql`insert into search_terms_fts (search_terms_fts) values ('optimize')`.execute(db);
  await sql`insert into search_field_fts (search_field_fts) values ('optimize')`.execute(db);
}

/** Problems of the docs against the live entries (empty when consistent). */
export async function sqliteCheckDocs(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const { rows: mismatched } = await sql<{ id: number }>`
    select e.id from entries e left join search_docs d on d.entry_id = e.id
    where e.deleted_at is null and (d.entry_id is null or d.glossary_id <> e.glossary_id
      or d.clave_orden <> e.clave_orden or d.desempate <> ${sql.raw(TIE_BREAK_SQL('e.id'))} or d.origen <> e.termino_origen_plegado
      or d.meta <> e.termino_meta_plegado or d.subindice <> e.subindice_plegado)
    limit 20`.execute(db);
  for (const r of mismatched) problems.push(`entrada ${r.id}: search_docs desfasado`);
  const { rows: stray } = await sql<{ id: number }>`
    select d.entry_id as id from search_docs d left join entries e on e.id = d.entry_id
    where e.id is null or e.deleted_at is not null limit 20`.execute(db);
  for (const r of stray) problems.push(`entrada ${r.id}: search_docs de más (borrada)`);
  const { rows: disorder } = await sql<{ id: number }>`
    select entry_id as id from (
      select entry_id, clave_orden, desempate, search_id,
        lag(clave_orden) over (order by search_id) as prev_k,
        lag(desempate) over (order by search_id) as prev_t,
        lag(entry_id) over (order by search_id) as prev_id
      from search_docs where search_id < ${UNORDERED})
    where prev_k is not null and (prev_k, prev_t, prev_id) > (clave_orden, desempate, entry_id)
    limit 20`.execute(db);
  for (const r of disorder) problems.push(`entrada ${r.id}: fuera de orden en search_docs`);
  problems.push(...(await sqliteCheckWordStarts(db)));
  for (const table of ['search_terms_fts', 'search_field_fts']) {
    try {
      await sql`insert into ${sql.table(table)} (${sql.ref(table)}, rank) values ('integrity-check', 0)`.execute(
        db,
      );
    } catch (error) {
      problems.push(`${table}: ${(error as Error).message}`);
    }
  }
  return problems;
}
