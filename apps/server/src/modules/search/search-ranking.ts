import { SEARCH_RESULT_LIMIT } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SearchIndex } from './search-index.ts';
import { TIER_RANK, tiersFor, type OrderedMatch, type RankedMatch } from './search-order.ts';

export interface RankedSearch extends Omit<OrderedMatch, 'tier' | 'limit'> {
  offset: number;
  limit: number;
}

export interface RankedPage {
  matches: RankedMatch[];
  /** Every match, or SEARCH_RESULT_LIMIT when there are more (`capped`). */
  total: number;
  capped: boolean;
}

/** Reorders the exact matches when something finer than folding decides ('año' vs 'ano'). */
export type ExactReorder = (ids: number[]) => Promise<number[]>;

/** At least this many of the first matches are read with their tiers. */
const HEAD_AT_LEAST = 200;

// One page of a ranked search, tier by tier, each in sort-key order. One read counts the
// matches and takes the head with tiers; a tier is read alone only when the head lacks enough
// of it, which never happens to the worst tier (every better one was then taken whole).
export async function rankedSearch(
  db: Kysely<Database>,
  index: SearchIndex,
  search: RankedSearch,
  reorderExact?: ExactReorder,
): Promise<RankedPage> {
  const { offset, limit, ...base } = search;
  const end = Math.min(offset + limit, SEARCH_RESULT_LIMIT);
  const tiers = tiersFor(search.query);
  const worst = tiers[tiers.length - 1]!;

  const counted = await index.countInOrder(db, {
    ...base,
    countUpTo: SEARCH_RESULT_LIMIT + 1,
    head: Math.max(end, HEAD_AT_LEAST),
  });
  const first = counted.matches;
  const capped = counted.count > SEARCH_RESULT_LIMIT;
  const total = capped ? SEARCH_RESULT_LIMIT : counted.count;
  if (offset >= end) return { matches: [], total, capped };

  let ranked: RankedMatch[];
  if (first.length === counted.count) {
    ranked = first
      .map((m, i) => ({ m, i }))
      .sort((a, b) => TIER_RANK[a.m.tier] - TIER_RANK[b.m.tier] || a.i - b.i)
      .map(({ m }) => m);
  } else {
    ranked = [];
    for (const tier of tiers) {
      const missing = end - ranked.length;
      if (missing <= 0) break;
      // The exact tier is read whole so that its reordering sees all of it.
      const known = first.filter((m) => m.tier === tier);
      if (tier === worst || (tier !== 'exact' && known.length >= missing)) {
        ranked.push(...known.slice(0, missing));
        continue;
      }
      const reach = tier === 'exact' ? SEARCH_RESULT_LIMIT : missing;
      ranked.push(...(await index.matchInOrder(db, { ...base, tier, limit: reach })));
    }
  }

  if (reorderExact) {
    const exactCount = ranked.findIndex((m) => m.tier !== 'exact');
    const exact = exactCount === -1 ? ranked : ranked.slice(0, exactCount);
    if (exact.length > 1) {
      const order = await reorderExact(exact.map((m) => m.entryId));
      const reordered = order.map((entryId) => ({ entryId, tier: 'exact' as const }));
      ranked = [...reordered, ...ranked.slice(exact.length)];
    }
  }
  return { matches: ranked.slice(offset, end), total, capped };
}
