import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { FIELD_SLOTS, SEARCH_ID_STEP, SEARCH_UNORDERED_FROM } from './search-numbering.ts';
import { TIE_BREAK_SQL, compareOrder, tieBreakOf } from '../search-order.ts';
import {
  sqliteCheckWordStarts,
  sqliteInsertWordStarts,
  sqliteRewriteWordStarts,
  wordStartsOf,
} from './search-word-starts.repository.ts';

// The write side of SQLite's ranked search: the docs that number live entries in result order,
// their trigram and card-field rows, and the check against the entries.

/** A literal, as FTS5 seeks only on an integer bound (see search-order.repository.ts). */
const UNORDERED = sql.lit(SEARCH_UNORDERED_FROM);
const CHUNK = 2000;

type Sql<T = unknown> = RawBuilder<T>;

/** What the docs are built from: a live entry's id, glossary, sort key and folded columns. */
interface DocSource {
  id: number;
  glossary_id: number;
  clave_orden: string;
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  subindice_plegado: string;
}

/** A new doc's neighbours among the placed docs: the numbers before and after it. */
interface Gap {
  p: number;
  s: number | null;
}

/** New docs crowd a gap when fewer numbers than this would separate them. */
const MIN_STEP = 1;
/**
 * The spacing a renumbered window leaves between its docs at least: four more halvings. A wider
 * one would have windows cascade where docs are dense, each packed window soon needing a larger.
 */
const SPREAD_STEP = 2 ** 4;

function inOrderOfResults(docs: readonly DocSource[]): DocSource[] {
  return [...docs].sort((a, b) =>
    compareOrder({ id: a.id, k: a.clave_orden }, { id: b.id, k: b.clave_orden }),
  );
}

async function gapsOf(db: Kysely<Database>, sorted: readonly DocSource[]): Promise<Gap[]> {
  const json = JSON.stringify(sorted.map((e) => [e.clave_orden, tieBreakOf(e.id), e.id]));
  const key = sql`(j.value ->> 0, j.value ->> 1, j.value ->> 2)`;
  const { rows } = await sql<Gap>`
    select coalesce((select search_id from search_docs
        where search_id < ${UNORDERED} and (clave_orden, desempate, entry_id) < ${key}
        order by clave_orden desc, desempate desc, entry_id desc limit 1), 0) as p,
      (select search_id from search_docs
        where search_id < ${UNORDERED} and (clave_orden, desempate, entry_id) > ${key}
        order by clave_orden, desempate, entry_id limit 1) as s
    from json_each(${json}) j order by j.key`.execute(db);
  return rows;
}

/** The first gap that the new docs falling in it would crowd, with how many fall in it. */
function firstCrowdedGap(gaps: readonly Gap[]): { p: number; s: number; n: number } | undefined {
  for (let i = 0; i < gaps.length;) {
    const { p, s } = gaps[i]!;
    let n = 1;
    while (gaps[i + n]?.p === p && gaps[i + n]?.s === s) n += 1;
    if (s !== null && (s - p) / (n + 1) < MIN_STEP) return { p, s, n };
    i += n;
  }
  return undefined;
}

// The smallest window of placed docs around a crowded gap whose outer neighbours leave
// SPREAD_STEP between all of them and the new ones, doubling its reach; its docs are taken out
// (rows, trigram and field rows, word starts) to be placed again with the new ones. The windows
// grow only as far as the numbers are dense, so the work stays near the gap.
async function takeOutWindow(
  db: Kysely<Database>,
  gap: { p: number; s: number; n: number },
): Promise<DocSource[]> {
  for (let reach = Math.max(gap.s - gap.p, SPREAD_STEP); ; reach *= 2) {
    const lo = BigInt(Math.max(1, gap.p - reach));
    const hi = BigInt(Math.min(SEARCH_UNORDERED_FROM - 1, gap.s + reach));
    const { rows } = await sql<{ c: number; before: number | null; after: number | null }>`
      select count(*) as c,
        (select max(search_id) from search_docs where search_id < ${lo}) as before,
        (select min(search_id) from search_docs
          where search_id > ${hi} and search_id < ${UNORDERED}) as after
      from search_docs where search_id between ${lo} and ${hi}`.execute(db);
    const { c, before, after } = rows[0]!;
    // Twice the docs' room, so the window takes as many again before it is renumbered again.
    if (after !== null && (after - (before ?? 0)) / (2 * (c + gap.n) + 1) < SPREAD_STEP) continue;
    const inWindow = sql<boolean>`d.search_id between ${lo} and ${hi}`;
    const { rows: docs } = await sql<DocSource>`select e.id, e.glossary_id, e.clave_orden,
        e.termino_origen_plegado, e.termino_meta_plegado, e.subindice_plegado
      from search_docs d join entries e on e.id = d.entry_id where ${inWindow}`.execute(db);
    await sql`delete from search_terms_fts where rowid in (
        select d.search_id from search_docs d where ${inWindow})`.execute(db);
    await sql`delete from search_field_fts where rowid in (
        select d.search_id * ${sql.lit(FIELD_SLOTS)} + c.code
        from search_docs d cross join search_fields c where ${inWindow})`.execute(db);
    await sql`delete from search_word_starts where search_id between ${lo} and ${hi}`.execute(db);
    await sql`delete from search_docs where search_id between ${lo} and ${hi}`.execute(db);
    return docs;
  }
}

/**
 * Docs for new live entries, numbered between their neighbours; where a gap is too narrow, the
 * docs around it are numbered again with them. Returns every doc placed, renumbered ones too.
 */
async function sqliteAddDocs(
  db: Kysely<Database>,
  entries: readonly DocSource[],
): Promise<Array<{ searchId: number; doc: DocSource }>> {
  // By entry: a doc placed by an earlier chunk may be taken out and placed again by a later one.
  const placed = new Map<number, { searchId: number; doc: DocSource }>();
  const sorted = inOrderOfResults(entries);
  for (let from = 0; from < sorted.length; from += CHUNK) {
    let part = sorted.slice(from, from + CHUNK);
    let gaps = await gapsOf(db, part);
    // One window at a time: it may hold the next crowded gap too.
    for (let gap = firstCrowdedGap(gaps); gap; gap = firstCrowdedGap(gaps)) {
      part = inOrderOfResults([...part, ...(await takeOutWindow(db, gap))]);
      gaps = await gapsOf(db, part);
    }
    const slots = assignSlots(part, gaps);
    part.forEach((doc, i) => placed.set(doc.id, { searchId: slots[i]!, doc }));
    // The rest of each doc is read from its entry row rather than sent again.
    const docs = JSON.stringify(part.map((e, i) => [slots[i], e.id]));
    await sql`insert into search_docs
        (search_id, entry_id, glossary_id, clave_orden, desempate, origen, meta, subindice)
      select j.value ->> 0, e.id, e.glossary_id, e.clave_orden, ${sql.raw(TIE_BREAK_SQL('e.id'))},
        e.termino_origen_plegado, e.termino_meta_plegado, e.subindice_plegado
      from json_each(${docs}) j cross join entries e on e.id = j.value ->> 1`.execute(db);
  }
  return [...placed.values()];
}

/** Docs of the entries in `ids` (a JSON array), as a condition on `search_docs d`. */
function docsOf(ids: string): Sql<boolean> {
  return sql<boolean>`d.entry_id in (select value from json_each(${ids}))`;
}

// SearchIndex.reindex: triggers follow terms, sort keys and deletions, so this rewrites the
// card-field rows and adds every row of entries not placed yet.
export async function sqliteReindex(
  db: Kysely<Database>,
  entryIds: readonly number[],
): Promise<void> {
  if (entryIds.length === 0) return;
  const ids = JSON.stringify(entryIds);
  await sql`delete from search_field_fts where rowid in (
      select d.search_id * ${sql.lit(FIELD_SLOTS)} + c.code
      from search_docs d cross join search_fields c where ${docsOf(ids)})`.execute(db);
  await insertFieldRowsOf(db, docsOf(ids));
  const { rows: fresh } = await sql<DocSource>`select e.id, e.glossary_id, e.clave_orden,
      e.termino_origen_plegado, e.termino_meta_plegado, e.subindice_plegado
    from json_each(${ids}) j cross join entries e on e.id = j.value
    where e.eliminado_en is null
      and not exists (select 1 from search_docs d where d.entry_id = e.id)`.execute(db);
  if (fresh.length === 0) return;
  // Word starts computed here and inserted in order, rather than by the trigger, doc by doc.
  const placed = await withTriggersAside(db, () => sqliteAddDocs(db, fresh));
  await sqliteInsertWordStarts(
    db,
    placed
      .filter((p) => p.searchId < SEARCH_UNORDERED_FROM)
      .flatMap(({ searchId, doc }) =>
        wordStartsOf([
          doc.termino_origen_plegado,
          doc.termino_meta_plegado,
          doc.subindice_plegado,
        ]).map((start): [string, number] => [start, searchId]),
      ),
  );
  const freshIds = JSON.stringify(fresh.map((e) => e.id));
  await indexEntryTerms(db, sql<boolean>`id in (select value from json_each(${freshIds}))`);
  // Each trigram index takes the new rows in one pass in rowid order: FTS5 starts a new
  // segment whenever a rowid is not above the last one.
  const placedIds = JSON.stringify(placed.map((p) => p.doc.id));
  await sql`insert into search_terms_fts (rowid, doc)
    select search_id, origen || char(10) || meta || char(10) || subindice
    from search_docs d where ${docsOf(placedIds)} order by search_id`.execute(db);
  await insertFieldRowsOf(db, docsOf(placedIds));
}

/** Runs `work` with the docs' triggers aside (`search_maintenance`); call it in a transaction. */
export async function withTriggersAside<T>(
  db: Kysely<Database>,
  work: () => Promise<T>,
): Promise<T> {
  await sql`insert into search_maintenance (motivo) values ('reindex')`.execute(db);
  const result = await work();
  await sql`delete from search_maintenance where motivo = 'reindex'`.execute(db);
  return result;
}

/** Live entries that `entries` selects into `entries_fts`, the search inside one glossary. */
async function indexEntryTerms(db: Kysely<Database>, entries: Sql<boolean>): Promise<void> {
  await sql`insert into entries_fts(rowid, fts_glosario, termino_origen_plegado,
      termino_meta_plegado, subindice_plegado)
    select id, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado
    from entries where ${entries} and eliminado_en is null order by id`.execute(db);
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

// Renumbers every live entry's doc evenly and rebuilds every trigram index and the word
// starts, with the triggers aside (`search_maintenance`). Run inside a transaction.
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
    from entries where eliminado_en is null`.execute(db);
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
  // Not 'rebuild': that would index the soft-deleted entries too.
  await sql`insert into entries_fts(entries_fts) values ('delete-all')`.execute(db);
  await indexEntryTerms(db, sql<boolean>`1`);
  for (const table of ['search_terms_fts', 'search_field_fts', 'entries_fts']) {
    await sql`insert into ${sql.table(table)} (${sql.ref(table)}) values ('optimize')`.execute(db);
  }
  await sql`pragma optimize`.execute(db);
}

/** The docs against the live entries: present, up to date, in order, with their word starts. */
async function checkDocs(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const { rows: mismatched } = await sql<{ id: number }>`
    select e.id from entries e left join search_docs d on d.entry_id = e.id
    where e.eliminado_en is null and (d.entry_id is null or d.glossary_id <> e.glossary_id
      or d.clave_orden <> e.clave_orden or d.desempate <> ${sql.raw(TIE_BREAK_SQL('e.id'))} or d.origen <> e.termino_origen_plegado
      or d.meta <> e.termino_meta_plegado or d.subindice <> e.subindice_plegado)
    limit 20`.execute(db);
  for (const r of mismatched) problems.push(`entrada ${r.id}: search_docs desfasado`);
  const { rows: stray } = await sql<{ id: number }>`
    select d.entry_id as id from search_docs d left join entries e on e.id = d.entry_id
    where e.id is null or e.eliminado_en is not null limit 20`.execute(db);
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
  return problems;
}

/** Problems of the search rows against the live entries (empty when consistent). */
export async function sqliteCheckDocs(
  db: Kysely<Database>,
  glossaryId?: number,
): Promise<string[]> {
  const problems = glossaryId === undefined ? await checkDocs(db) : [];
  for (const table of ['search_terms_fts', 'search_field_fts', 'entries_fts']) {
    try {
      await sql`insert into ${sql.table(table)} (${sql.ref(table)}, rank) values ('integrity-check', 0)`.execute(
        db,
      );
    } catch (error) {
      problems.push(`${table}: ${(error as Error).message}`);
    }
  }
  const { rows: counts } = await sql<{ id: number; live: number; indexed: number }>`
    select g.id,
      (select count(*) from entries e where e.glossary_id = g.id and e.eliminado_en is null) as live,
      (select count(*) from entries_fts
        where entries_fts match '"' || char(1) || g.id || char(1) || '"') as indexed
    from glossaries g where ${glossaryId === undefined ? sql`1` : sql`g.id = ${glossaryId}`}`.execute(
    db,
  );
  for (const g of counts) {
    if (g.indexed !== g.live)
      problems.push(`glosario ${g.id}: ${g.indexed} entradas en entries_fts ≠ ${g.live} vivas`);
  }
  return problems;
}
