import type { Kysely, Transaction } from 'kysely';
import type { DatabaseEngine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { CountedMatch, CountedMatches, OrderedMatch, RankedMatch } from './search-order.ts';

export type { MatchTier, OrderedMatch, RankedMatch } from './search-order.ts';
export type { TermColumn } from './search-index-terms.ts';

export {
  MIN_SUBSTRING_LENGTH,
  TERM_COLUMNS,
  isShortQuery,
  termColumnOf,
} from './search-index-terms.ts';

/**
 * The search structures over entries, one implementation per engine (ADR 0010). Matching is
 * on folded text (lib/text-folding.ts): callers pass folded queries and every character of a
 * query is literal. Queries of one or two characters match by prefix (a trigram cannot hold
 * them); three or more by substring.
 *
 * The entry write path keeps it in step by calling `reindex` inside the write's transaction,
 * after writing the entries' rows and their `entry_fields` rows.
 */
export interface SearchIndex {
  readonly engine: DatabaseEngine;
  /**
   * Brings the index rows of these entries in line with their rows, in the caller's
   * transaction: new entries are added, edited ones follow their card, deleted ones leave.
   */
  reindex(tx: Transaction<Database>, entryIds: readonly number[]): Promise<void>;
  /**
   * One page of a glossary's live entries whose folded base term, target term or subindice
   * contains `query`, in sort-key order, and how many match in all.
   */
  searchGlossary(db: Kysely<Database>, params: GlossarySearch): Promise<SearchPage>;
  /**
   * Ranked search across glossaries (search-ranking.ts): the matches of one tier (or of any),
   * in the results' order (sort key, then id), at most `limit`, scoped in SQL.
   */
  matchInOrder(db: Kysely<Database>, params: OrderedMatch): Promise<RankedMatch[]>;
  /**
   * How many match (any tier), up to `countUpTo`, and the first of them in the results'
   * order: all when fewer match, else the first `head`.
   */
  countInOrder(db: Kysely<Database>, params: CountedMatch): Promise<CountedMatches>;
  /** Rebuilds every index structure from the tables (`npm run search:rebuild`). */
  rebuild(db: Kysely<Database>): Promise<void>;
  /**
   * The engine's own consistency problems against the live entries, of one glossary or of
   * all (`search:rebuild -- --comprobar`, and the tests after every kind of write).
   */
  check(db: Kysely<Database>, glossaryId?: number): Promise<string[]>;
}

export interface GlossarySearch {
  glossaryId: number;
  /** Already folded (foldText) and not empty. */
  query: string;
  orden: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface SearchPage {
  ids: number[];
  total: number;
}
