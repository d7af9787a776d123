import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { isShortQuery } from '../search-index-terms.ts';
import type { SqlText } from './sql-text.repository.ts';
import { q, rowsOf } from './sql-text.repository.ts';
import { sqliteWordStartRows } from './search-word-starts.repository.ts';
import {
  compareOrder,
  countedOf,
  ftsContains,
  ftsWordStart,
  toRankedMatches,
  type CountedMatch,
  type CountedMatches,
  type OrderedMatch,
  type OrderedRow,
  type RankedMatch,
} from '../search-order.ts';

import {
  UNORDERED,
  SORT_CANDIDATES_UP_TO,
  conditions,
  scopeText,
  sourcesText,
  onSources,
  tierSql,
  narrowingFilter,
  termTrigrams,
  unorderedMayMatch,
  inOrder,
  selectOf,
} from './search-conditions.repository.ts';
import { matchFieldInOrder } from './search-field-order.repository.ts';
import { isSmallScope, smallScopeInOrder } from './search-small-scope.repository.ts';

async function matchTermsInOrder(
  db: Kysely<Database>,
  m: OrderedMatch & { target: Exclude<OrderedMatch['target'], { kind: 'field' }> },
): Promise<RankedMatch[]> {
  const sources = sourcesText(db, m.target, m.scope);
  const tiers = tierSql(m.query, (condition) => onSources(sources, condition));
  const wanted = m.tier === 'any' ? tiers.any : tiers.only[m.tier];
  const scope = scopeText(db, m.target, m.scope);
  const filter = q`d.glossary_id in ${scope} and ${wanted} and ${narrowingFilter(m)}`;
  const select = selectOf(tiers.rank);
  const short = isShortQuery(m.query);

  // Exact and prefix matches are usually few: read them whole from the B-trees and sort.
  if (m.tier === 'exact' || m.tier === 'prefix' || (m.tier === 'any' && short)) {
    const reach =
      m.tier === 'exact'
        ? tiers.only.exact
        : onSources(sources, (c) => conditions.prefix(c, m.query));
    const rows = await rowsOf<OrderedRow>(
      db,
      q`select ${select} from search_docs d where ${reach} and ${filter}
        limit ${SORT_CANDIDATES_UP_TO + 1}`,
    );
    if (m.tier === 'exact' || rows.length <= SORT_CANDIDATES_UP_TO) {
      return toRankedMatches(rows.sort(compareOrder), m.limit);
    }
  }

  const unordered = (await unorderedMayMatch(db, m.query))
    ? q`select ${select} from search_docs d
      where d.search_id >= ${UNORDERED} and ${filter}`
    : null;
  // The word tier through the word starts' B-tree, when they are few (usually none).
  if (m.tier === 'word') {
    const rows = await sqliteWordStartRows<OrderedRow>(db, m.query, select, filter);
    if (rows) {
      const late = unordered ? await rowsOf<OrderedRow>(db, unordered) : [];
      return toRankedMatches([...rows, ...late].sort(compareOrder), m.limit);
    }
  }
  if (short) {
    // Matches of one or two characters are dense: walk the docs in order.
    const rows = await inOrder(
      db,
      (withKey) => q`select ${selectOf(tiers.rank, withKey)} from search_docs d
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
    (withKey) => q`select ${selectOf(tiers.rank, withKey)}
      from search_terms_fts f cross join search_docs d on d.search_id = f.rowid
      where search_terms_fts match ${match} and f.rowid < ${UNORDERED} and ${filter}
      order by f.rowid limit ${m.limit}`,
    unordered,
    m.limit,
  );
  return toRankedMatches(rows, m.limit);
}

/**
 * How many match, up to `countUpTo`, and the first `head` of them with their tiers. Term
 * searches of three or more characters count the matches after the head without reading them.
 */
export async function sqliteCountInOrder(
  db: Kysely<Database>,
  m: CountedMatch,
): Promise<CountedMatches> {
  const { target } = m;
  if (target.kind !== 'field' && (await isSmallScope(db, target, m.scope))) {
    return countedOf(
      await smallScopeInOrder(db, { ...m, target, tier: 'any', limit: m.countUpTo }),
      m,
    );
  }
  if (target.kind === 'field' || isShortQuery(m.query)) {
    return countedOf(await sqliteMatchInOrder(db, { ...m, tier: 'any', limit: m.countUpTo }), m);
  }
  const sources = sourcesText(db, target, m.scope);
  const tiers = tierSql(m.query, (condition) => onSources(sources, condition));
  const scope = scopeText(db, target, m.scope);
  const filter = q`d.glossary_id in ${scope} and ${tiers.any} and ${narrowingFilter(m)}`;
  const late = (await unorderedMayMatch(db, m.query))
    ? await rowsOf<OrderedRow>(
        db,
        q`select ${selectOf(tiers.rank)} from search_docs d
          where d.search_id >= ${UNORDERED} and ${filter}`,
      )
    : [];
  const match = ftsContains(m.query, await termTrigrams(db, m.query));
  const matches = (after: SqlText) => q`search_terms_fts f
    cross join search_docs d on d.search_id = f.rowid
    where search_terms_fts match ${match} and ${after} and f.rowid < ${UNORDERED} and ${filter}
    order by f.rowid`;
  const head = await rowsOf<OrderedRow & { sid: number }>(
    db,
    q`select f.rowid as sid, ${selectOf(tiers.rank, late.length > 0)}
      from ${matches(q`1`)} limit ${m.head}`,
  );
  let ordered = head.length;
  if (head.length === m.head) {
    // Bound as an integer (BigInt): FTS5 seeks to a rowid only then (see UNORDERED).
    const from = BigInt(head[head.length - 1]!.sid);
    const rows = await rowsOf<{ n: number }>(
      db,
      q`select count(*) as n from (select 1
        from ${matches(q`f.rowid > ${from}`)} limit ${m.countUpTo - m.head})`,
    );
    ordered += rows[0]!.n;
  }
  const count = Math.min(ordered + late.length, m.countUpTo);
  if (late.length === 0) return { count, matches: toRankedMatches(head, head.length) };
  const merged = [...head, ...late].sort(compareOrder);
  return { count, matches: toRankedMatches(merged, m.head) };
}

export async function sqliteMatchInOrder(
  db: Kysely<Database>,
  m: OrderedMatch,
): Promise<RankedMatch[]> {
  if (m.limit <= 0) return [];
  const { target } = m;
  if (target.kind === 'field') return matchFieldInOrder(db, { ...m, target });
  if (await isSmallScope(db, target, m.scope)) return smallScopeInOrder(db, { ...m, target });
  return matchTermsInOrder(db, { ...m, target });
}
