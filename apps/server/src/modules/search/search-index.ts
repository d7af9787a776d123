import type { Kysely, Transaction } from 'kysely';
import type { DatabaseEngine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type {
  CountedMatch,
  CountedMatches,
  EntryFilters,
  OrderedMatch,
  RankedMatch,
} from './search-order.ts';

export type { EntryFilters, MatchTier, OrderedMatch, RankedMatch } from './search-order.ts';
export type { TermColumn } from './search-index-terms.ts';

export {
  MIN_SUBSTRING_LENGTH,
  TERM_COLUMNS,
  isShortQuery,
  termColumnOf,
} from './search-index-terms.ts';

/**
 * The search structures over entries, one per engine. Queries are folded and literal; one or two
 * characters match by prefix only, as a trigram cannot hold them.
 */
export interface SearchIndex {
  readonly engine: DatabaseEngine;
  /** Brings these entries' index rows in line with them, after their rows are written. */
  reindex(tx: Transaction<Database>, entryIds: readonly number[]): Promise<void>;
  /** A page of a glossary's live entries whose terms or subindice contain `query`, and a total. */
  searchGlossary(db: Kysely<Database>, params: GlossarySearch): Promise<SearchPage>;
  /** The matches of one tier (or any) in the results' order, at most `limit`. */
  matchInOrder(db: Kysely<Database>, params: OrderedMatch): Promise<RankedMatch[]>;
  /** How many match, up to `countUpTo`, and at least the first `head` of them in order. */
  countInOrder(db: Kysely<Database>, params: CountedMatch): Promise<CountedMatches>;
  /** Rebuilds every index structure from the tables (`npm run search:rebuild`). */
  rebuild(db: Kysely<Database>): Promise<void>;
  /** Consistency problems against the live entries, of one glossary or of all. */
  check(db: Kysely<Database>, glossaryId?: number): Promise<string[]>;
}

export interface GlossarySearch {
  glossaryId: number;
  /** Already folded (foldText) and not empty. */
  query: string;
  orden: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** Only entries in this review state, or holding a term of this status. */
  filters?: EntryFilters;
}

export interface SearchPage {
  ids: number[];
  total: number;
}
