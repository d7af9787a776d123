import {
  isAvoidedStatus,
  SEARCH_RESULT_LIMIT,
  type Language,
  type TermStatus,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SearchIndex } from './search-index.ts';
import {
  MATCH_TIERS,
  TIER_RANK,
  compareOrder,
  tierOfText,
  type MatchTier,
} from './search-order.ts';
import {
  rankedSearch,
  type ExactReorder,
  type RankedPage,
  type RankedSearch,
} from './search-ranking.ts';
import { findSortKeys, findTermMatchRows, type TermMatchRow } from './term-matches.repository.ts';

// A ranked search over every term: the index ranks the entries' shown terms (the columns of
// `entries`), `entry_terms` adds the other terms of cards that hold a term list. For the same
// match quality, a match through a term to avoid (desaconsejado, prohibido) ranks below one
// through a preferred or admitted term.

/** The term of an entry that matched, when it is not the one `termino.xx` shows. */
export interface MatchedTerm {
  idioma: Language;
  termino: string;
  estado: TermStatus;
}

export interface TermRankedPage extends RankedPage {
  /** Entry id → its matched term, for the page's entries that matched through another term. */
  matchedTerms: Array<[number, MatchedTerm]>;
}

/** Term rows read at most; a query matching more is capped in count anyway. */
const TERM_ROWS_READ_UP_TO = 20_000;

/** An entry's best match among its listed terms. */
interface TermMatch {
  entryId: number;
  k: string;
  tier: number;
  avoided: boolean;
  row: TermMatchRow;
  /** Its shown term matched too, so the index finds it (and, if avoided, ranks it too high). */
  shownMatched: boolean;
  shownAvoided: boolean;
}

function bestTermMatches(rows: readonly TermMatchRow[], query: string): Map<number, TermMatch> {
  const best = new Map<number, TermMatch>();
  for (const row of rows) {
    const tier = tierOfText(row.termino_plegado, query);
    if (tier === null) continue;
    const avoided = isAvoidedStatus(row.estado);
    const shown = row.mostrado === 1;
    const candidate: TermMatch = {
      entryId: row.id,
      k: row.k,
      tier: TIER_RANK[tier],
      avoided,
      row,
      shownMatched: shown,
      shownAvoided: shown && avoided,
    };
    const known = best.get(row.id);
    if (!known) {
      best.set(row.id, candidate);
      continue;
    }
    candidate.shownMatched ||= known.shownMatched;
    candidate.shownAvoided ||= known.shownAvoided;
    // The better match wins; on a tie the shown term, then the earlier one in the list.
    const better =
      candidate.tier - known.tier ||
      Number(candidate.avoided) - Number(known.avoided) ||
      Number(known.row.mostrado) - Number(row.mostrado) ||
      row.posicion - known.row.posicion;
    if (better < 0) best.set(row.id, candidate);
    else
      Object.assign(known, {
        shownMatched: candidate.shownMatched,
        shownAvoided: candidate.shownAvoided,
      });
  }
  return best;
}

interface Ranked {
  entryId: number;
  k: string;
  tier: number;
  avoided: boolean;
}

function compareRanked(a: Ranked, b: Ranked): number {
  return (
    a.tier - b.tier ||
    Number(a.avoided) - Number(b.avoided) ||
    compareOrder({ id: a.entryId, k: a.k }, { id: b.entryId, k: b.k })
  );
}

/** One page of a ranked search over every term of the entries (see above). */
export async function rankedTermSearch(
  db: Kysely<Database>,
  index: SearchIndex,
  search: RankedSearch,
  reorderExact?: ExactReorder,
): Promise<TermRankedPage> {
  const { target } = search;
  const best =
    target.kind === 'terms' || target.kind === 'term'
      ? bestTermMatches(
          await findTermMatchRows(db, { ...search, target }, TERM_ROWS_READ_UP_TO),
          search.query,
        )
      : new Map<number, TermMatch>();
  if (best.size === 0) {
    return { ...(await rankedSearch(db, index, search, reorderExact)), matchedTerms: [] };
  }

  // The index ranks an entry whose shown term is to avoid as if it were not: reading that
  // many more of its matches keeps every entry of the page among those read.
  const end = Math.min(search.offset + search.limit, SEARCH_RESULT_LIMIT);
  const matches = [...best.values()];
  const overrated = matches.filter((m) => m.shownAvoided).length;
  const indexed = await rankedSearch(db, index, { ...search, offset: 0, limit: end + overrated });
  const others = indexed.matches.filter((m) => !best.has(m.entryId));
  const keys = await findSortKeys(
    db,
    others.map((m) => m.entryId),
  );
  const merged: Ranked[] = [
    ...others.map((m) => ({
      entryId: m.entryId,
      k: keys.get(m.entryId) ?? '',
      tier: TIER_RANK[m.tier],
      avoided: false,
    })),
    ...matches,
  ].sort(compareRanked);

  let ids = merged.map((m) => m.entryId);
  const exactCount = merged.findIndex((m) => m.tier !== 0 || m.avoided);
  const exact = exactCount === -1 ? merged.length : exactCount;
  if (reorderExact && exact > 1) {
    ids = [...(await reorderExact(ids.slice(0, exact))), ...ids.slice(exact)];
  }
  const tierOf = new Map<number, MatchTier>(merged.map((m) => [m.entryId, MATCH_TIERS[m.tier]!]));
  const page = ids.slice(search.offset, end);

  // Entries found only through a listed term are the ones the index did not count.
  const count = indexed.total + matches.filter((m) => !m.shownMatched).length;
  const matchedTerms: Array<[number, MatchedTerm]> = [];
  for (const id of page) {
    const row = best.get(id)?.row;
    if (row && row.mostrado !== 1) {
      matchedTerms.push([
        id,
        { idioma: row.idioma as Language, termino: row.termino, estado: row.estado },
      ]);
    }
  }
  return {
    matches: page.map((entryId) => ({ entryId, tier: tierOf.get(entryId)! })),
    total: Math.min(count, SEARCH_RESULT_LIMIT),
    capped: indexed.capped || count > SEARCH_RESULT_LIMIT,
    matchedTerms,
  };
}
