import type { Language, ReviewState, TermStatus } from '@ludoterm/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { WORD_SEPARATORS, ftsPhrase, isShortQuery } from './search-index-terms.ts';

// What the ranked search across glossaries asks of each engine (SearchIndex.matchInOrder):
// the matches of one tier, in the results' order (sort key, then id), stopping at a limit.

export type MatchTier = 'exact' | 'prefix' | 'word' | 'substring';

/** Tiers from best to worst; queries of one or two characters have only the first two. */
export const MATCH_TIERS: readonly MatchTier[] = ['exact', 'prefix', 'word', 'substring'];
export const TIER_RANK: Record<MatchTier, number> = { exact: 0, prefix: 1, word: 2, substring: 3 };

export function tiersFor(query: string): readonly MatchTier[] {
  return isShortQuery(query) ? MATCH_TIERS.slice(0, 2) : MATCH_TIERS;
}

export type GlossaryIds = SelectQueryBuilder<Database, 'glossaries', { id: number }>;

/** The active glossaries the caller may read (or those of `glosarios`), as subqueries. */
export interface SearchScope {
  glossaryIds(db: Kysely<Database>): GlossaryIds;
  /** Those whose base (`origen`) or target (`meta`) language is `language`. */
  glossaryIdsWith(db: Kysely<Database>, side: 'origen' | 'meta', language: Language): GlossaryIds;
}

/** Which folded text a search compares with. */
export type SearchTarget =
  /** Quick search: the base and the target term. */
  | { kind: 'terms' }
  /** Quick search by subindice alone, and advanced search on `subindice`. */
  | { kind: 'subindice' }
  /** Advanced search on `termino.xx`: the base or target term, by each glossary's languages. */
  | { kind: 'term'; language: Language }
  /** Advanced search on any other card field (the `entry_fields` rows). */
  | { kind: 'field'; campo: string };

export function targetOfField(campo: string): SearchTarget {
  if (campo === 'subindice') return { kind: 'subindice' };
  if (campo.startsWith('termino.')) {
    return { kind: 'term', language: campo.slice('termino.'.length) as Language };
  }
  return { kind: 'field', campo };
}

/** What an entry must also be to match: its review state, or holding a term of a status. */
export interface EntryFilters {
  estadoRevision?: ReviewState;
  /** Plain cards (no `entry_terms` rows) hold preferred terms only. */
  estadoTermino?: TermStatus;
}

export interface OrderedMatch {
  scope: SearchScope;
  target: SearchTarget;
  filters?: EntryFilters;
  /** Folded (foldText) and not empty. */
  query: string;
  /** Also required: the subindice contains this folded text (starts with it, if 1–2 chars). */
  subindice?: string;
  /** One tier, or every match ('any': for 1–2 characters, exact or prefix). */
  tier: MatchTier | 'any';
  limit: number;
}

export interface RankedMatch {
  entryId: number;
  tier: MatchTier;
}

/** How many match (any tier), up to a bound, and the first of them in the results' order. */
export interface CountedMatch extends Omit<OrderedMatch, 'tier' | 'limit'> {
  countUpTo: number;
  /** The first `head` matches at least are wanted with their tiers. */
  head: number;
}

export interface CountedMatches {
  /** At most `countUpTo`. */
  count: number;
  /** The first matches in the results' order: at least `head` of them, or all. */
  matches: RankedMatch[];
}

/** A folded column of an entry that a target reads, with the glossaries where it counts. */
export interface TargetSource {
  column: 'origen' | 'meta' | 'subindice';
  /** Only in these glossaries (a `termino.xx` target); everywhere in scope when absent. */
  within?: GlossaryIds;
}

/** The term columns a target compares with (not for `field`). */
export function sourcesOf(
  db: Kysely<Database>,
  target: Exclude<SearchTarget, { kind: 'field' }>,
  scope: SearchScope,
): TargetSource[] {
  switch (target.kind) {
    case 'terms':
      return [{ column: 'origen' }, { column: 'meta' }];
    case 'subindice':
      return [{ column: 'subindice' }];
    case 'term':
      return [
        { column: 'origen', within: scope.glossaryIdsWith(db, 'origen', target.language) },
        { column: 'meta', within: scope.glossaryIdsWith(db, 'meta', target.language) },
      ];
  }
}

/** The word-start patterns of the word tier: the query after a space, hyphen, apostrophe… */
export function wordStarts(query: string): string[] {
  return WORD_SEPARATORS.map((s) => s + query);
}

export function tierOfText(text: string, query: string): MatchTier | null {
  if (text === query) return 'exact';
  if (text.startsWith(query)) return 'prefix';
  if (isShortQuery(query)) return null;
  if (wordStarts(query).some((w) => text.includes(w))) return 'word';
  return text.includes(query) ? 'substring' : null;
}

/** Trigrams covering every character of the query: their AND finds a superset of matches. */
export function coveringTrigrams(query: string): string[] {
  const chars = Array.from(query);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 3) out.add(chars.slice(i, i + 3).join(''));
  out.add(chars.slice(-3).join(''));
  return [...out];
}

/** Every distinct trigram of a query of three or more characters, in order. */
export function trigramsOf(query: string): string[] {
  const chars = Array.from(query);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/** An FTS5 query for rows holding all of `trigrams` (by default a covering set of `query`'s). */
export function ftsContains(query: string, trigrams = coveringTrigrams(query)): string {
  return trigrams.map(ftsPhrase).join(' AND ');
}

/** The same, narrowed to rows where a word may start with `query`. */
export function ftsWordStart(query: string, trigrams = coveringTrigrams(query)): string {
  const head = Array.from(query).slice(0, 2).join('');
  const starts = WORD_SEPARATORS.map((s) => ftsPhrase(s + head)).join(' OR ');
  return `(${starts}) AND ${ftsContains(query, trigrams)}`;
}

/** Code point order, as SQLite BINARY and PostgreSQL "C" compare text. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i += 1;
  }
  return a.length - b.length;
}

/**
 * The tie-break after the sort key: a fixed permutation of ids. Equal sort keys are common, and
 * by plain id every new entry would split the same gap of SQLite's ordered numbering.
 */
export function tieBreakOf(id: number): number {
  return ((id % 1_000_003) * 618_034) % 1_000_003;
}

export const TIE_BREAK_SQL = (id: string) => `((${id} % 1000003) * 618034 % 1000003)`;

/** A match with what orders it: (sort key, tie-break, entry id). */
export interface OrderedRow {
  id: number;
  k: string;
  tier: number;
}

export function compareOrder(
  a: Pick<OrderedRow, 'id' | 'k'>,
  b: Pick<OrderedRow, 'id' | 'k'>,
): number {
  return compareCodePoints(a.k, b.k) || tieBreakOf(a.id) - tieBreakOf(b.id) || a.id - b.id;
}

/** CountedMatches from the matches read in order (all of them up to the bound). */
export function countedOf(
  matches: RankedMatch[],
  m: Pick<CountedMatch, 'countUpTo' | 'head'>,
  count = matches.length,
): CountedMatches {
  return { count, matches: count >= m.countUpTo ? matches.slice(0, m.head) : matches };
}

export function toRankedMatches(rows: readonly OrderedRow[], limit: number): RankedMatch[] {
  return rows.slice(0, limit).map((r) => ({ entryId: r.id, tier: MATCH_TIERS[r.tier]! }));
}
