import { scopeOf } from '../search.repository.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { entryFiltersSql } from '../entry-filters.repository.ts';
import { isShortQuery, likeLiteral } from '../search-index-terms.ts';
import {
  TIE_BREAK_SQL,
  compareOrder,
  countedOf,
  sourcesOf,
  toRankedMatches,
  wordStarts,
  type CountedMatch,
  type CountedMatches,
  type OrderedMatch,
  type OrderedRow,
  type RankedMatch,
  type TargetSource,
} from '../search-order.ts';

// PostgreSQL's ranked search: plain SQL on `entries`. Up to a few thousand matches come from the
// pg_trgm GIN and prefix B-tree indexes and are sorted; more are dense enough for the planner's
// walk of entries_order_idx to find a page soon.

type Sql<T = unknown> = RawBuilder<T>;

const COLUMN = {
  origen: sql.ref('e.termino_origen_plegado'),
  meta: sql.ref('e.termino_meta_plegado'),
  subindice: sql.ref('e.subindice_plegado'),
};

function anyOf(parts: Sql[]): Sql<boolean> {
  return parts.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

// The B-trees index the first 200 characters, so queries say the same to use them; the rest is
// checked in forms the trigram indexes cannot serve (`c = q` and `c like 'q%'` would tempt the
// planner into a trigram scan that, for a short query, rechecks most of the table).
function exact(c: Sql, q: string): Sql<boolean> {
  return sql<boolean>`(left(${c}, 200) = left(${q}, 200) and substr(${c}, 201) = substr(${q}, 201))`;
}

function startsWith(c: Sql, q: string): Sql<boolean> {
  const head = likeLiteral(Array.from(q).slice(0, 200).join(''));
  return sql<boolean>`(left(${c}, 200) like ${`${head}%`} and starts_with(${c}, ${q}))`;
}

function contains(c: Sql, q: string): Sql<boolean> {
  return sql<boolean>`${c} like ${`%${likeLiteral(q)}%`}`;
}

const termConditions = {
  exact,
  prefix: startsWith,
  word: (c: Sql, q: string) => anyOf(wordStarts(q).map((w) => contains(c, w))),
  contains,
};

// `entry_fields` has no B-tree on the value: there the trigram index serves `=` and `like 'q%'`.
const fieldConditions: typeof termConditions = {
  ...termConditions,
  exact: (c, q) => sql<boolean>`${c} = ${q}`,
  prefix: (c, q) => sql<boolean>`${c} like ${`${likeLiteral(q)}%`}`,
};

function onSources(sources: readonly TargetSource[], condition: (c: Sql) => Sql<boolean>) {
  return anyOf(
    sources.map((s) =>
      s.within
        ? sql`(e.glossary_id in ${s.within} and ${condition(COLUMN[s.column])})`
        : condition(COLUMN[s.column]),
    ),
  );
}

function tierSql(
  query: string,
  onValue: (c: (v: Sql) => Sql<boolean>) => Sql<boolean>,
  conditions = termConditions,
) {
  const isExact = onValue((c) => conditions.exact(c, query));
  const isPrefix = onValue((c) => conditions.prefix(c, query));
  const short = isShortQuery(query);
  const isWord = short ? sql<boolean>`false` : onValue((c) => conditions.word(c, query));
  const isAny = short ? isPrefix : onValue((c) => conditions.contains(c, query));
  return {
    rank: sql<number>`case when ${isExact} then 0 when ${isPrefix} then 1 when ${isWord} then 2 else 3 end`,
    any: isAny,
    only: {
      exact: isExact,
      prefix: sql<boolean>`(${isPrefix} and not ${isExact})`,
      word: sql<boolean>`(${isWord} and not ${isPrefix})`,
      substring: sql<boolean>`(${isAny} and not ${isWord} and not ${isPrefix})`,
    },
  };
}

function subindiceFilter(subindice: string | undefined): Sql<boolean> {
  if (!subindice) return sql<boolean>`true`;
  return isShortQuery(subindice)
    ? startsWith(COLUMN.subindice, subindice)
    : contains(COLUMN.subindice, subindice);
}

/** Every match of `m` among `entries` (or rows shaped like them), unordered. */
function matchingSql(
  db: Kysely<Database>,
  m: OrderedMatch,
  entries: Sql = sql`entries`,
): Sql<OrderedRow> {
  const scope = scopeOf(db, m.target, m.scope);
  let from: Sql;
  let tiers: ReturnType<typeof tierSql>;
  if (m.target.kind === 'field') {
    const value = sql.ref('f.valor_plegado');
    tiers = tierSql(m.query, (condition) => condition(value), fieldConditions);
    const shortPrefix = isShortQuery(m.query)
      ? sql`and left(f.valor_plegado, 2) like ${`${likeLiteral(m.query)}%`}`
      : sql``;
    from = sql`entries e join entry_fields f on f.entry_id = e.id and f.campo = ${m.target.campo} ${shortPrefix}`;
  } else {
    const sources = sourcesOf(db, m.target, m.scope);
    tiers = tierSql(m.query, (condition) => onSources(sources, condition));
    from = sql`${entries} e`;
  }
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  // Exact and prefix matches come from the (glossary, term) B-trees, which need the glossaries
  // as an array to seek in each; other matches come from the trigram indexes, filtered by scope.
  const byPrefix =
    m.tier === 'exact' || m.tier === 'prefix' || (m.tier === 'any' && isShortQuery(m.query));
  const inScope = byPrefix
    ? sql`e.glossary_id = any(array(${scope}))`
    : sql`e.glossary_id in ${scope}`;
  const tieBreak = sql.raw(TIE_BREAK_SQL('e.id'));
  return sql`select e.id, e.clave_orden as k, ${tieBreak} as t, ${tiers.rank} as tier
    from ${from}
    where e.eliminado_en is null and ${inScope} and ${wanted}
      and ${subindiceFilter(m.subindice)} and ${entryFiltersSql(m.filters, 'e.id')}`;
}

/** Past this many matches, walking entries_order_idx finds a page sooner than sorting them. */
const DENSE_FROM = 2000;

/** Entries read from entries_order_idx per statement, and how many such chunks at most. */
const WALK_CHUNK = 20_000;
const WALK_CHUNKS = 3;

/**
 * The first `m.limit` matches of a term search in order, read from entries_order_idx a chunk at a
 * time: the chunk's LIMIT keeps the planner on that index whatever it guesses of the matches.
 * Each statement returns its matches and the chunk's last key, so both come from one snapshot.
 * Null when the matches are too sparse where the sort order starts for the walk to pay.
 */
async function walkedMatches(db: Kysely<Database>, m: OrderedMatch): Promise<OrderedRow[] | null> {
  const tieBreak = (id: string) => sql.raw(TIE_BREAK_SQL(id));
  const found = new Map<number, OrderedRow>();
  let after = sql<boolean>`true`;
  for (let chunk = 0; chunk < WALK_CHUNKS; chunk += 1) {
    const { rows } = await sql<OrderedRow & { t: number; last: boolean; read: number | null }>`
      with c as materialized (select e.id, e.glossary_id, e.clave_orden, e.termino_origen_plegado,
          e.termino_meta_plegado, e.subindice_plegado, null::text as eliminado_en
        from entries e where e.eliminado_en is null and ${after}
        order by e.clave_orden, ${tieBreak('e.id')}, e.id limit ${WALK_CHUNK})
      (select id, k, t, tier, false as last, null::bigint as read from (${matchingSql(db, m, sql`c`)}) m
        order by k, t, id limit ${m.limit})
      union all
      (select id, clave_orden, ${tieBreak('c.id')}, null, true, (select count(*) from c) from c
        order by clave_orden desc, ${tieBreak('c.id')} desc, id desc limit 1)`.execute(db);
    const last = rows.find((r) => r.last);
    // A row an edit moved past the cursor between chunks is met twice: it counts once.
    for (const row of rows) if (!row.last && !found.has(row.id)) found.set(row.id, row);
    const ordered = () => [...found.values()].sort(compareOrder).slice(0, m.limit);
    if (found.size >= m.limit || !last || Number(last.read) < WALK_CHUNK) return ordered();
    after = sql<boolean>`(e.clave_orden, ${tieBreak('e.id')}, e.id) > (${last.k}, ${last.t}, ${last.id})`;
  }
  return null;
}

/**
 * Up to `upTo` matches, unordered. A MATERIALIZED CTE is planned alone, by its selectivity, so
 * they come from the trigram or prefix indexes; under a LIMIT the planner would rather walk the
 * sort index hoping matches come early, and read most of it when they do not.
 */
async function unorderedMatches(db: Kysely<Database>, m: OrderedMatch, upTo: number) {
  const { rows } = await sql<OrderedRow>`with m as materialized (${matchingSql(db, m)})
    select id, k, tier from m limit ${upTo}`.execute(db);
  return rows;
}

/** The first `m.limit` matches in order, by the planner's walk of the sort index or sorted. */
async function orderedMatches(db: Kysely<Database>, m: OrderedMatch, walk: boolean) {
  const { rows } = walk
    ? await sql<OrderedRow>`select id, k, tier from (${matchingSql(db, m)}) m
        order by k, t, id limit ${m.limit}`.execute(db)
    : await sql<OrderedRow>`with m as materialized (${matchingSql(db, m)})
        select id, k, tier from m order by k, t, id limit ${m.limit}`.execute(db);
  return toRankedMatches(rows, m.limit);
}

/**
 * The first `m.limit` matches of a term search in order: up to DENSE_FROM are read unordered and
 * sorted here; more are walked for, or sorted when they come late in the sort order.
 */
async function termMatches(
  db: Kysely<Database>,
  m: OrderedMatch,
  unordered?: OrderedRow[],
): Promise<RankedMatch[]> {
  const rows = unordered ?? (await unorderedMatches(db, m, DENSE_FROM));
  if (rows.length < DENSE_FROM) return toRankedMatches(rows.sort(compareOrder), m.limit);
  const walked = await walkedMatches(db, m);
  return walked ? toRankedMatches(walked, m.limit) : orderedMatches(db, m, false);
}

export async function postgresMatchInOrder(
  db: Kysely<Database>,
  m: OrderedMatch,
): Promise<RankedMatch[]> {
  if (m.limit <= 0) return [];
  if (m.target.kind !== 'field') return termMatches(db, m);
  // A card field's rows of `entry_fields`: the better tiers are few, `any` and `substring` many.
  return orderedMatches(db, m, m.tier === 'any' || m.tier === 'substring');
}

/**
 * SearchIndex.countInOrder on PostgreSQL. For terms, DENSE_FROM matches or more mean the count
 * is past the bound, and only the head is read in order.
 */
export async function postgresCountInOrder(
  db: Kysely<Database>,
  m: CountedMatch,
): Promise<CountedMatches> {
  const any: OrderedMatch = { ...m, tier: 'any', limit: m.countUpTo };
  if (m.target.kind === 'field') return countedOf(await orderedMatches(db, any, true), m);
  // Read far enough to count up to the bound exactly, whatever the bound.
  const rows = await unorderedMatches(db, any, Math.max(DENSE_FROM, m.countUpTo));
  const total = Math.min(rows.length, m.countUpTo);
  if (rows.length < DENSE_FROM) {
    return countedOf(toRankedMatches(rows.sort(compareOrder), m.countUpTo), m, total);
  }
  return countedOf(await termMatches(db, { ...any, limit: m.head }, rows), m, total);
}
