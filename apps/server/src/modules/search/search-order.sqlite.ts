import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InsertedIds } from './search-index.ts';
import { PREFIX_END, WORD_SEPARATORS, ftsPhrase, isShortQuery } from './search-index-terms.ts';
import {
  sqliteCheckWordStarts,
  sqliteRewriteWordStarts,
  sqliteWordStartRows,
} from './search-word-starts.sqlite.ts';
import {
  TIE_BREAK_SQL,
  compareOrder,
  countedOf,
  tieBreakOf,
  ftsContains,
  ftsWordStart,
  scopeOf,
  sourcesOf,
  toRankedMatches,
  trigramsOf,
  type CountedMatch,
  type CountedMatches,
  type OrderedMatch,
  type OrderedRow,
  type RankedMatch,
  type TargetSource,
} from './search-order.ts';

// SQLite's ranked search (migration 040): `search_docs` numbers the live entries in the
// results' order (`search_id`), and `search_terms_fts` indexes their folded terms under the
// same number, so an FTS5 scan in rowid order meets the matches already sorted and a page
// reads only as far as it needs. Entries that found no free number between their neighbours
// sit at SEARCH_UNORDERED_FROM and above, and are merged in by their sort key.

/** Keep in step with migration 2026-11-22-040 (which keeps its own copy). */
export const SEARCH_UNORDERED_FROM = 2 ** 51;
export const SEARCH_ID_STEP = 2 ** 26;
/**
 * The limit as an SQL literal: better-sqlite3 binds JS numbers as REAL, and FTS5 seeks to a
 * rowid range only when the bound is an integer (bound as REAL it scans every match).
 */
const UNORDERED = sql.lit(SEARCH_UNORDERED_FROM);

/** Up to this many B-tree candidates (exact, prefix) are read whole and sorted. */
const SORT_CANDIDATES_UP_TO = 2000;
/** Rows per JSON chunk when writing. */
const CHUNK = 2000;

type Sql<T = unknown> = RawBuilder<T>;

const COLUMN = {
  origen: sql.ref('d.origen'),
  meta: sql.ref('d.meta'),
  subindice: sql.ref('d.subindice'),
};

function anyOf(parts: Sql[]): Sql<boolean> {
  return parts.length === 0 ? sql<boolean>`0` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

function startsWith(column: Sql, query: string): Sql<boolean> {
  return sql<boolean>`(${column} >= ${query} and ${column} < ${query + PREFIX_END})`;
}

/** A GLOB bracket of the word separators ('-' last, where it is literal). */
const SEPARATOR_CLASS = `[${[...WORD_SEPARATORS].sort((a, b) => Number(a === '-') - Number(b === '-')).join('')}]`;

/**
 * "Some word starts with `query`" as one GLOB pattern: one pass over the text instead of an
 * instr per separator, which made the tier of every match cost twice as much.
 */
function wordStartGlob(query: string): string {
  return `*${SEPARATOR_CLASS}${query.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/** How each condition reads on one source column (a B-tree can serve = and ranges). */
const conditions = {
  exact: (c: Sql, q: string) => sql<boolean>`${c} = ${q}`,
  prefix: (c: Sql, q: string) => startsWith(c, q),
  word: (c: Sql, q: string) => sql<boolean>`${c} glob ${wordStartGlob(q)}`,
  contains: (c: Sql, q: string) => sql<boolean>`instr(${c}, ${q}) > 0`,
};

function onSources(
  sources: readonly TargetSource[],
  condition: (c: Sql) => Sql<boolean>,
): Sql<boolean> {
  return anyOf(
    sources.map((s) => {
      const column = COLUMN[s.column];
      // The partial index on subindice serves only queries that say it is not empty.
      const guard = s.column === 'subindice' ? sql` and ${column} <> ''` : sql``;
      return s.within
        ? sql`(d.glossary_id in ${s.within} and ${condition(column)}${guard})`
        : sql`(${condition(column)}${guard})`;
    }),
  );
}

/** The SQL of a query's tiers on the docs' columns (`d`), or on a card field's value. */
function tierSql(query: string, onValue: (c: (v: Sql) => Sql<boolean>) => Sql<boolean>) {
  const exact = onValue((c) => conditions.exact(c, query));
  const prefix = onValue((c) => conditions.prefix(c, query));
  const short = isShortQuery(query);
  const word = short ? sql<boolean>`0` : onValue((c) => conditions.word(c, query));
  const contains = short ? prefix : onValue((c) => conditions.contains(c, query));
  return {
    /** The row's best tier as TIER_RANK. */
    rank: sql<number>`case when ${exact} then 0 when ${prefix} then 1 when ${word} then 2 else 3 end`,
    any: contains,
    only: {
      exact,
      prefix: sql<boolean>`(${prefix} and not ${exact})`,
      word: sql<boolean>`(${word} and not ${prefix})`,
      substring: sql<boolean>`(${contains} and not ${word} and not ${prefix})`,
    },
  };
}

function subindiceFilter(subindice: string | undefined): Sql<boolean> {
  if (!subindice) return sql<boolean>`1`;
  return isShortQuery(subindice)
    ? startsWith(COLUMN.subindice, subindice)
    : sql<boolean>`instr(d.subindice, ${subindice}) > 0`;
}

/** How many of a trigram's first docs are sampled to tell how common it is. */
const TRIGRAM_SAMPLE = 64;
/** Trigrams whose commonness a connection remembers (then it starts again). */
const TRIGRAMS_KEPT = 50_000;
const trigramCommonness = new WeakMap<Kysely<Database>, Map<string, number>>();

/**
 * How common a trigram is in search_terms_fts, as an order key: its number of docs when it
 * has fewer than TRIGRAM_SAMPLE, else that many scaled by how far into the rowids its
 * TRIGRAM_SAMPLE-th doc is. A few dozen microseconds once per trigram and connection; it only
 * chooses which trigrams to intersect, so an estimate grown stale costs time, never results.
 */
async function commonnessOf(db: Kysely<Database>, trigram: string): Promise<number> {
  let known = trigramCommonness.get(db);
  if (!known || known.size >= TRIGRAMS_KEPT) {
    known = new Map();
    trigramCommonness.set(db, known);
  }
  let commonness = known.get(trigram);
  if (commonness === undefined) {
    const { rows } = await sql<{ n: number; reach: number | null }>`
      select count(*) as n, max(rowid) as reach from (select rowid from search_terms_fts
        where search_terms_fts match ${ftsPhrase(trigram)} and rowid < ${UNORDERED}
        order by rowid limit ${TRIGRAM_SAMPLE})`.execute(db);
    const { n, reach } = rows[0]!;
    commonness = n < TRIGRAM_SAMPLE ? n : (TRIGRAM_SAMPLE * SEARCH_UNORDERED_FROM) / reach!;
    known.set(trigram, commonness);
  }
  return commonness;
}

/** Trigrams intersected for a quick search: the query's trigrams that the fewest docs hold. */
const TRIGRAMS_INTERSECTED = 3;

/**
 * Which of a query's trigrams to look up in search_terms_fts. FTS5 intersects by walking
 * every list it is given, and every doc of the intersection is then checked: the fixed
 * covering set could pair two very common trigrams ("ll " and "scr" for "ll scr": thousands
 * of docs to check for 78 matches) while all of them adds common lists to walk. The three
 * rarest took a third less time over the benchmark's queries than either.
 */
async function termTrigrams(db: Kysely<Database>, query: string): Promise<string[]> {
  const trigrams = trigramsOf(query);
  if (trigrams.length <= TRIGRAMS_INTERSECTED) return trigrams;
  const commonness = new Map<string, number>();
  for (const t of trigrams) commonness.set(t, await commonnessOf(db, t));
  return trigrams
    .sort((a, b) => commonness.get(a)! - commonness.get(b)!)
    .slice(0, TRIGRAMS_INTERSECTED);
}

async function rowsOf(db: Kysely<Database>, query: Sql<OrderedRow>): Promise<OrderedRow[]> {
  return (await query.execute(db)).rows;
}

/** Unordered docs whose terms a connection remembers, at most (beyond, it always scans). */
const UNORDERED_TEXTS_KEPT = 2000;
const unorderedTexts = new WeakMap<
  Kysely<Database>,
  { version: string; texts: readonly string[] | null }
>();

/**
 * Whether any unordered doc could match `query` on its terms: false when none holds it (every
 * tier, down to the substring, needs the query inside a term). The scan of the unordered range
 * cost a tenth of a quick search, mostly reading cold pages to find nothing; the docs' terms
 * are kept per connection until the data changes (`data_version` for other connections'
 * commits, `total_changes()` for its own).
 */
async function unorderedMayMatch(db: Kysely<Database>, query: string): Promise<boolean> {
  const { rows } = await sql<{ v: number; c: number }>`
    select (select data_version from pragma_data_version) as v, total_changes() as c`.execute(db);
  const version = `${rows[0]!.v}:${rows[0]!.c}`;
  let known = unorderedTexts.get(db);
  if (known?.version !== version) {
    const { rows: docs } = await sql<{ t: string }>`
      select origen || char(10) || meta || char(10) || subindice as t from search_docs
      where search_id >= ${UNORDERED} limit ${UNORDERED_TEXTS_KEPT + 1}`.execute(db);
    const texts = docs.length > UNORDERED_TEXTS_KEPT ? null : docs.map((d) => d.t);
    known = { version, texts };
    unorderedTexts.set(db, known);
  }
  return known.texts === null || known.texts.some((t) => t.includes(query));
}

/**
 * The rows of `ordered` (a scan in `search_id` order, stopped at `limit`), with the unordered
 * docs that match (normally none, always few) merged in by their sort key. Those are read by
 * `unordered`, which scans the docs from SEARCH_UNORDERED_FROM on and checks each: cheaper
 * than a second trigram intersection for a handful of rows, and when none match, the ordered
 * rows need no sort key.
 */
async function inOrder(
  db: Kysely<Database>,
  ordered: (withSortKey: boolean) => Sql<OrderedRow>,
  unordered: Sql<OrderedRow> | null,
  limit: number,
): Promise<OrderedRow[]> {
  const late = unordered ? await rowsOf(db, unordered) : [];
  if (late.length === 0) return rowsOf(db, ordered(false));
  const rows = await rowsOf(db, ordered(true));
  return [...rows, ...late].sort(compareOrder).slice(0, limit);
}

/** What a match reads: its entry, its tier and, when it must be merged, its sort key. */
function selectOf(rank: Sql<number>, withSortKey = true): Sql {
  const key = withSortKey ? sql`d.clave_orden as k,` : sql``;
  return sql`d.entry_id as id, ${key} ${rank} as tier`;
}

async function matchTermsInOrder(
  db: Kysely<Database>,
  m: OrderedMatch & { target: Exclude<OrderedMatch['target'], { kind: 'field' }> },
): Promise<RankedMatch[]> {
  const sources = sourcesOf(db, m.target, m.scope);
  const tiers = tierSql(m.query, (condition) => onSources(sources, condition));
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  const scope = scopeOf(db, m.target, m.scope);
  const filter = sql<boolean>`d.glossary_id in ${scope} and ${wanted} and ${subindiceFilter(m.subindice)}`;
  const select = selectOf(tiers.rank);
  const short = isShortQuery(m.query);

  // Exact and prefix matches through the B-trees on the folded columns: usually few, read
  // whole and sorted. Many (a common prefix) are better read in order, below.
  if (m.tier === 'exact' || m.tier === 'prefix' || (m.tier === 'any' && short)) {
    const reach =
      m.tier === 'exact'
        ? tiers.only.exact
        : onSources(sources, (c) => conditions.prefix(c, m.query));
    const rows = await rowsOf(
      db,
      sql<OrderedRow>`select ${select} from search_docs d where ${reach} and ${filter}
        limit ${SORT_CANDIDATES_UP_TO + 1}`,
    );
    if (m.tier === 'exact' || rows.length <= SORT_CANDIDATES_UP_TO) {
      return toRankedMatches(rows.sort(compareOrder), m.limit);
    }
  }

  const unordered = (await unorderedMayMatch(db, m.query))
    ? sql<OrderedRow>`select ${select} from search_docs d
      where d.search_id >= ${UNORDERED} and ${filter}`
    : null;
  // The word tier through the word starts' B-tree, when they are few (usually none).
  if (m.tier === 'word') {
    const rows = await sqliteWordStartRows<OrderedRow>(db, m.query, select, filter);
    if (rows) {
      const late = unordered ? await rowsOf(db, unordered) : [];
      return toRankedMatches([...rows, ...late].sort(compareOrder), m.limit);
    }
  }
  if (short) {
    // One or two characters: walk the docs in order (matches are then dense).
    const rows = await inOrder(
      db,
      (withKey) => sql<OrderedRow>`select ${selectOf(tiers.rank, withKey)} from search_docs d
        where d.search_id < ${UNORDERED} and ${filter} order by d.search_id limit ${m.limit}`,
      unordered,
      m.limit,
    );
    return toRankedMatches(rows, m.limit);
  }

  const trigrams = await termTrigrams(db, m.query);
  const match =
    m.tier === 'word' ? ftsWordStart(m.query, trigrams) : ftsContains(m.query, trigrams);
  const rows = await inOrder(
    db,
    (withKey) => sql<OrderedRow>`select ${selectOf(tiers.rank, withKey)}
      from search_terms_fts f cross join search_docs d on d.search_id = f.rowid
      where search_terms_fts match ${match} and f.rowid < ${UNORDERED} and ${filter}
      order by f.rowid limit ${m.limit}`,
    unordered,
    m.limit,
  );
  return toRankedMatches(rows, m.limit);
}

/**
 * How many match, up to `countUpTo`, and the first `head` of them with their tiers. A quick
 * search of three or more characters reads the head in order, then only counts the matches
 * after it (as far as `countUpTo`), without reading or keeping them: holding all 1,001 of a
 * common query in a materialized table cost a fifth of its search. Other targets read every
 * match with its tier.
 */
export async function sqliteCountInOrder(
  db: Kysely<Database>,
  m: CountedMatch,
): Promise<CountedMatches> {
  const { target } = m;
  if (target.kind === 'field' || isShortQuery(m.query)) {
    return countedOf(await sqliteMatchInOrder(db, { ...m, tier: 'any', limit: m.countUpTo }), m);
  }
  const sources = sourcesOf(db, target, m.scope);
  const tiers = tierSql(m.query, (condition) => onSources(sources, condition));
  const scope = scopeOf(db, target, m.scope);
  const filter = sql<boolean>`d.glossary_id in ${scope} and ${tiers.any} and ${subindiceFilter(m.subindice)}`;
  const late = (await unorderedMayMatch(db, m.query))
    ? await rowsOf(
        db,
        sql<OrderedRow>`select ${selectOf(tiers.rank)} from search_docs d
          where d.search_id >= ${UNORDERED} and ${filter}`,
      )
    : [];
  const match = ftsContains(m.query, await termTrigrams(db, m.query));
  const matches = (after: Sql) => sql`search_terms_fts f
    cross join search_docs d on d.search_id = f.rowid
    where search_terms_fts match ${match} and ${after} and f.rowid < ${UNORDERED} and ${filter}
    order by f.rowid`;
  const { rows: head } = await sql<OrderedRow & { sid: number }>`
    select f.rowid as sid, ${selectOf(tiers.rank, late.length > 0)}
    from ${matches(sql`1`)} limit ${m.head}`.execute(db);
  let ordered = head.length;
  if (head.length === m.head) {
    // Bound as an integer (BigInt): FTS5 seeks to a rowid only then (see UNORDERED).
    const from = BigInt(head[head.length - 1]!.sid);
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1
      from ${matches(sql`f.rowid > ${from}`)} limit ${m.countUpTo - m.head})`.execute(db);
    ordered += rows[0]!.n;
  }
  const count = Math.min(ordered + late.length, m.countUpTo);
  if (late.length === 0) return { count, matches: toRankedMatches(head, head.length) };
  // The head and the unordered matches: the first `head` of both together, in order.
  const merged = [...head, ...late].sort(compareOrder);
  return { count, matches: toRankedMatches(merged, m.head) };
}

/** search_field_fts rowid = search_id × FIELD_SLOTS + the field's code (migration 041). */
const FIELD_SLOTS = 32;
const FIELD_UNORDERED = sql.lit(SEARCH_UNORDERED_FROM * FIELD_SLOTS);
const fieldCodes = new Map<string, number | null>();

/** The code of a card field in search_field_fts (fixed by migration 041). */
async function fieldCodeOf(db: Kysely<Database>, campo: string): Promise<number | null> {
  if (!fieldCodes.has(campo)) {
    const { rows } = await sql<{ code: number }>`
      select code from search_fields where campo = ${campo}`.execute(db);
    fieldCodes.set(campo, rows[0]?.code ?? null);
  }
  return fieldCodes.get(campo)!;
}

async function matchFieldInOrder(
  db: Kysely<Database>,
  m: OrderedMatch & { target: { kind: 'field'; campo: string } },
): Promise<RankedMatch[]> {
  const { campo } = m.target;
  const code = await fieldCodeOf(db, campo);
  if (code === null) return [];
  const tiers = tierSql(m.query, (condition) => condition(sql.ref('v.valor_plegado')));
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  const scope = scopeOf(db, m.target, m.scope);
  const select = selectOf(tiers.rank);
  const filter = sql<boolean>`d.glossary_id in ${scope} and ${wanted} and ${subindiceFilter(m.subindice)}`;
  const short = isShortQuery(m.query);

  // Exact and prefix matches (and everything, for one or two characters) through the B-tree
  // on (campo, first two characters): read whole and sorted when they are few.
  if (m.tier === 'exact' || m.tier === 'prefix' || (m.tier === 'any' && short)) {
    const head = Array.from(m.query).slice(0, 2).join('');
    const rows = await rowsOf(
      db,
      sql<OrderedRow>`select ${select} from entry_fields v
        cross join search_docs d on d.entry_id = v.entry_id
        where v.campo = ${campo} and substr(v.valor_plegado, 1, 2) >= ${head}
          and substr(v.valor_plegado, 1, 2) < ${head + PREFIX_END} and ${filter}
        limit ${SORT_CANDIDATES_UP_TO + 1}`,
    );
    if (rows.length <= SORT_CANDIDATES_UP_TO) {
      return toRankedMatches(rows.sort(compareOrder), m.limit);
    }
  }

  const fieldJoin = sql`cross join entry_fields v on v.entry_id = d.entry_id and v.campo = ${campo}`;
  const unordered = sql<OrderedRow>`select ${select} from search_docs d ${fieldJoin}
    where d.search_id >= ${UNORDERED} and ${filter}`;
  if (short) {
    const rows = await inOrder(
      db,
      (
        withKey,
      ) => sql<OrderedRow>`select ${selectOf(tiers.rank, withKey)} from search_docs d ${fieldJoin}
        where d.search_id < ${UNORDERED} and ${filter} order by d.search_id limit ${m.limit}`,
      unordered,
      m.limit,
    );
    return toRankedMatches(rows, m.limit);
  }

  const match = m.tier === 'word' ? ftsWordStart(m.query) : ftsContains(m.query);
  const rows = await inOrder(
    db,
    (withKey) => sql<OrderedRow>`select ${selectOf(tiers.rank, withKey)}
      from search_field_fts f
      cross join search_docs d on d.search_id = f.rowid / ${sql.lit(FIELD_SLOTS)}
      ${fieldJoin}
      where search_field_fts match ${match} and f.rowid % ${sql.lit(FIELD_SLOTS)} = ${sql.lit(code)}
        and f.rowid < ${FIELD_UNORDERED} and ${filter}
      order by f.rowid limit ${m.limit}`,
    unordered,
    m.limit,
  );
  return toRankedMatches(rows, m.limit);
}

/** SearchIndex.matchInOrder on SQLite. */
export async function sqliteMatchInOrder(
  db: Kysely<Database>,
  m: OrderedMatch,
): Promise<RankedMatch[]> {
  if (m.limit <= 0) return [];
  if (m.target.kind === 'field') return matchFieldInOrder(db, { ...m, target: m.target });
  return matchTermsInOrder(db, { ...m, target: m.target });
}

/** What the docs are built from: a live entry's id, glossary, sort key and folded columns. */
export interface DocSource {
  id: number;
  glossary_id: number;
  clave_orden: string;
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  subindice_plegado: string;
}

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
  await sql`insert into search_maintenance (motivo) values ('pending')`.execute(db);
  await sql`delete from search_docs where entry_id in (select entry_id from search_pending)`.execute(
    db,
  );
  await sql`delete from search_maintenance where motivo = 'pending'`.execute(db);
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
