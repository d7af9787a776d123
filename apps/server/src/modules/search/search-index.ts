import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database.ts';
import { engineOf } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { postgresSearchIndex } from './search-index.postgres.ts';
import { sqliteSearchIndex } from './search-index.sqlite.ts';
import type {
  CountedMatch,
  CountedMatches,
  MatchTier,
  OrderedMatch,
  RankedMatch,
} from './search-order.ts';

export type { MatchTier, OrderedMatch, RankedMatch } from './search-order.ts';

export {
  MIN_SUBSTRING_LENGTH,
  TERM_COLUMNS,
  isShortQuery,
  termColumnOf,
} from './search-index-terms.ts';

/**
 * The search structures over entries, one implementation per engine (STYLE 15):
 *
 * - SQLite: FTS5 tables with the `trigram` tokenizer over the folded columns: `entries_fts`
 *   (external content, rowid = the entry's id) holds the live entries only (base term,
 *   target term, subindice, and `fts_glosario`, a marker phrase per glossary, so one
 *   glossary's matches are counted without leaving FTS5); the ranked search's `search_docs`
 *   with `search_terms_fts` and `search_field_fts` (migrations 040, 041; rowids in the
 *   results' order). Plus B-tree indexes on (glossary_id, folded column) for exact and
 *   prefix matches.
 * - PostgreSQL: pg_trgm GIN indexes on the same columns, and B-tree indexes on
 *   (glossary_id, left(column, 200) text_pattern_ops) for exact and prefix matches.
 *
 * The entry write path (modules/entries/entry-writes.service.ts) is the only writer: it
 * stores the folded columns and the `entry_fields` rows and, in the same transaction, calls
 * `addEntries` for each batch and `indexInserted` once at the end of the write (or
 * `addFields` after an edit); a single create may call `indexLater` instead, and an import on
 * SQLite leaves all of it, `entry_fields` rows included, to `indexPending` (`defersIndexing`).
 * On SQLite, updates and deletes (edits, the cascade of a glossary purge) are followed by
 * triggers, once `indexPending` has indexed what waited; on PostgreSQL the indexes follow by
 * themselves.
 *
 * Matching is on folded text (lib/text-folding.ts) on both engines: callers pass folded
 * queries; every character of a query is literal. Queries of one or two characters match by
 * prefix (a trigram index cannot hold them); three or more by substring.
 */
export interface SearchIndex {
  readonly engine: DatabaseEngine;
  /** Places entries rows just inserted in the results' order (same transaction). */
  addEntries(db: Kysely<Database>, rows: readonly IndexedEntry[]): Promise<void>;
  /**
   * Whether a bulk write may leave its whole indexing to `indexPending` (`indexAfterCommit`):
   * SQLite, whose structures take a whole import in one pass each; PostgreSQL's indexes follow
   * each insert.
   */
  readonly defersIndexing: boolean;
  /**
   * Indexes the terms and card fields of the entries with ids in `ids`, all inserted by
   * this transaction with their `entry_fields` rows and passed to `addEntries`: once per
   * write, however many batches it had, so each trigram index takes them in one pass.
   */
  indexInserted(db: Kysely<Database>, ids: InsertedIds): Promise<void>;
  /**
   * Instead of `addEntries` and `indexInserted`, where `defersIndexing` (an import): the
   * entries with ids in `ids` were inserted without their `entry_fields` rows, and only the
   * range is recorded. Right after the commit, each in a transaction of its own, the caller
   * runs `indexPendingTerms`, which places their docs and indexes their terms (quick searches
   * over their glossary wait until then: `DatabaseHandle.termIndexingGate`), then `indexPending`,
   * which derives their rows from the stored cards and indexes them (advanced searches wait
   * until then: `DatabaseHandle.fieldIndexingGate`).
   */
  indexAfterCommit(db: Kysely<Database>, ids: InsertedIds): Promise<void>;
  /**
   * The first half of `indexPending` for the ranges `indexAfterCommit` recorded: their docs
   * and terms, so that quick searches find them; their card fields are left to `indexPending`.
   */
  indexPendingTerms(db: Kysely<Database>): Promise<void>;
  /**
   * `addEntries` and `indexInserted` for a write of one or a few entries (the editor's
   * create), which may wait to be indexed with others: SQLite keeps them in `search_pending`
   * and indexes them all once enough wait (or `indexPending` is called); every search finds
   * them meanwhile. PostgreSQL has nothing to wait for.
   */
  indexLater(db: Kysely<Database>, rows: readonly IndexedEntry[]): Promise<void>;
  /**
   * Indexes every entry `indexLater` left waiting, and the imports `indexAfterCommit`
   * recorded. The write path calls it before changing or deleting existing entries (an
   * entry's index rows must be there to be taken out), the settle job when writes pause and
   * at start, the import right after its commit.
   */
  indexPending(db: Kysely<Database>): Promise<void>;
  /** Indexes the `entry_fields` rows of a live entry just rewritten (an edit, a rebuild). */
  addFields(db: Kysely<Database>, entryId: number): Promise<void>;
  /**
   * One page of a glossary's live entries whose folded base term, target term or subindice
   * contains `query` (starts with it, for one or two characters), in sort-key order, and how
   * many match in all.
   */
  searchGlossary(db: Kysely<Database>, params: GlossarySearch): Promise<SearchPage>;
  /**
   * Candidate entry ids for tiered retrieval (issue 8 builds its ranking on it): live
   * entries of the given glossaries whose chosen folded columns match `query` at `tier`,
   * at most `limit`, in no particular order. `exact` and `prefix` use the B-trees, `word`
   * and `substring` the trigram index (queries of 3+ characters).
   */
  matchTerms(db: Kysely<Database>, params: TermMatch): Promise<number[]>;
  /**
   * Entry ids whose folded `campo` contains `query` (starts with it for 1–2 characters) in
   * the given glossaries, in the results' order (`matchInOrder` of any tier). `termino.xx`
   * reads the base or target term depending on each glossary's languages.
   */
  matchField(db: Kysely<Database>, params: FieldMatch): Promise<number[]>;
  /**
   * Ranked search across glossaries (GET /buscar, modules/search/search-ranking.ts): the
   * matches of one tier (or of any), in the results' order (sort key, then id), at most
   * `limit`, scoped in SQL to `scope`. SQLite reads them from an index kept in that order
   * (migration 040), so a page of a common substring costs about as much as a page;
   * PostgreSQL lets its planner choose between the trigram indexes and the order index.
   */
  matchInOrder(db: Kysely<Database>, params: OrderedMatch): Promise<RankedMatch[]>;
  /**
   * How many match (any tier), up to `countUpTo`, and the first of them in the results'
   * order: all when fewer match, else the first `head` (the ranked search's first read).
   */
  countInOrder(db: Kysely<Database>, params: CountedMatch): Promise<CountedMatches>;
  /** Rebuilds the engine's index structures from the tables (after `rebuildSearchIndex`). */
  rebuildStructures(db: Kysely<Database>): Promise<void>;
}

export interface IndexedEntry {
  id: number;
  glossary_id: number;
  clave_orden: string;
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  subindice_plegado: string;
}

/** Entries with ids from `first` to `last`, all inserted by the current transaction. */
export interface InsertedIds {
  first: number;
  last: number;
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

export type TermColumn = 'origen' | 'meta' | 'subindice';

export interface TermMatch {
  glossaryIds: readonly number[];
  /** Already folded and not empty. */
  query: string;
  tier: MatchTier;
  columns: readonly TermColumn[];
  limit: number;
}

export interface FieldMatch {
  glossaries: ReadonlyArray<{ id: number }>;
  campo: string;
  /** Already folded and not empty. */
  query: string;
  limit: number;
}

/** `indexPending` in a transaction of its own (the settle job, the trash purge). */
export async function indexPendingEntries(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute((tx) => searchIndexFor(tx).indexPending(tx));
}

/** `indexPendingTerms` in a transaction of its own (an import, before `indexPendingEntries`). */
export async function indexPendingTerms(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute((tx) => searchIndexFor(tx).indexPendingTerms(tx));
}

/** The search index of the engine this Kysely instance (or transaction) talks to. */
export function searchIndexFor(db: Kysely<Database>): SearchIndex {
  return engineOf(db as unknown as Kysely<unknown>) === 'postgres'
    ? postgresSearchIndex
    : sqliteSearchIndex;
}
