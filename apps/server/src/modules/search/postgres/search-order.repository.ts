import { scopeOf } from '../search.repository.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { entryFiltersSql } from '../entry-filters.repository.ts';
import { isShortQuery, likeLiteral } from '../search-index-terms.ts';
import {
  TIE_BREAK_SQL,
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

// PostgreSQL's ranked search: plain SQL on `entries` in the results' order with a limit; the
// planner picks between the pg_trgm GIN indexes and walking entries_order_idx.

type Sql<T = unknown> = RawBuilder<T>;

const COLUMN = {
  origen: sql.ref('e.termino_origen_plegado'),
  meta: sql.ref('e.termino_meta_plegado'),
  subindice: sql.ref('e.subindice_plegado'),
};

function anyOf(parts: Sql[]): Sql<boolean> {
  return parts.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** The B-trees index the first 200 characters, so queries must say the same to use them. */
function exact(c: Sql, q: string): Sql<boolean> {
  return sql<boolean>`(left(${c}, 200) = left(${q}, 200) and ${c} = ${q})`;
}

function startsWith(c: Sql, q: string): Sql<boolean> {
  const head = likeLiteral(Array.from(q).slice(0, 200).join(''));
  return sql<boolean>`(left(${c}, 200) like ${`${head}%`} and ${c} like ${`${likeLiteral(q)}%`})`;
}

function contains(c: Sql, q: string): Sql<boolean> {
  return sql<boolean>`${c} like ${`%${likeLiteral(q)}%`}`;
}

const conditions = {
  exact,
  prefix: startsWith,
  word: (c: Sql, q: string) => anyOf(wordStarts(q).map((w) => contains(c, w))),
  contains,
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

function tierSql(query: string, onValue: (c: (v: Sql) => Sql<boolean>) => Sql<boolean>) {
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

export async function postgresMatchInOrder(
  db: Kysely<Database>,
  m: OrderedMatch,
): Promise<RankedMatch[]> {
  if (m.limit <= 0) return [];
  const scope = scopeOf(db, m.target, m.scope);
  let from: Sql;
  let tiers: ReturnType<typeof tierSql>;
  if (m.target.kind === 'field') {
    const value = sql.ref('f.valor_plegado');
    tiers = tierSql(m.query, (condition) => condition(value));
    const shortPrefix = isShortQuery(m.query)
      ? sql`and left(f.valor_plegado, 2) like ${`${likeLiteral(m.query)}%`}`
      : sql``;
    from = sql`entries e join entry_fields f on f.entry_id = e.id and f.campo = ${m.target.campo} ${shortPrefix}`;
  } else {
    const sources = sourcesOf(db, m.target, m.scope);
    tiers = tierSql(m.query, (condition) => onSources(sources, condition));
    from = sql`entries e`;
  }
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  const tieBreak = sql.raw(TIE_BREAK_SQL('e.id'));
  const matching = sql`select e.id, e.clave_orden as k, ${tieBreak} as t, ${tiers.rank} as tier
    from ${from}
    where e.eliminado_en is null and e.glossary_id in ${scope} and ${wanted}
      and ${subindiceFilter(m.subindice)} and ${entryFiltersSql(m.filters, 'e.id')}`;
  // `any` and `substring` match many, so walking entries_order_idx pays; the better tiers are
  // few, and MATERIALIZED keeps the planner on their own indexes rather than that walk.
  const { rows } =
    m.tier === 'any' || m.tier === 'substring'
      ? await sql<OrderedRow>`select id, k, tier from (${matching}) m
          order by k, t, id limit ${m.limit}`.execute(db)
      : await sql<OrderedRow>`with m as materialized (${matching})
          select id, k, tier from m order by k, t, id limit ${m.limit}`.execute(db);
  return toRankedMatches(rows, m.limit);
}

/** SearchIndex.countInOrder on PostgreSQL: every match up to the bound, with its tier. */
export async function postgresCountInOrder(
  db: Kysely<Database>,
  m: CountedMatch,
): Promise<CountedMatches> {
  return countedOf(await postgresMatchInOrder(db, { ...m, tier: 'any', limit: m.countUpTo }), m);
}
