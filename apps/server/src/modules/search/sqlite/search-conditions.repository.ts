import type { Compilable, Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { entryFilterClauses } from '../entry-filters.repository.ts';
import { scopeOf } from '../search.repository.ts';
import { PREFIX_END, WORD_SEPARATORS, ftsPhrase, isShortQuery } from '../search-index-terms.ts';
import { SEARCH_UNORDERED_FROM } from './search-numbering.ts';
import { SqlText, q, rowsOf } from './sql-text.repository.ts';
import {
  compareOrder,
  sourcesOf,
  trigramsOf,
  type OrderedMatch,
  type OrderedRow,
  type SearchScope,
  type SearchTarget,
  type TargetSource,
} from '../search-order.ts';

// The SQL pieces of both ranked searches. `search_docs` numbers live entries in result order and
// the FTS5 tables index them under that number, so a rowid-order scan meets matches sorted.
// Entries with no free number sit at SEARCH_UNORDERED_FROM and up, merged by sort key.

// A literal: better-sqlite3 binds JS numbers as REAL, and FTS5 seeks only on an integer bound.
export const UNORDERED = q.int(SEARCH_UNORDERED_FROM);

/** Up to this many B-tree candidates (exact, prefix) are read whole and sorted. */
export const SORT_CANDIDATES_UP_TO = 2000;
const COLUMN = {
  origen: q.raw('d.origen'),
  meta: q.raw('d.meta'),
  subindice: q.raw('d.subindice'),
};

function anyOf(parts: SqlText[]): SqlText {
  return parts.length === 0 ? q`0` : q`(${q.join(parts, ' or ')})`;
}

function startsWith(column: SqlText, query: string): SqlText {
  return q`(${column} >= ${query} and ${column} < ${query + PREFIX_END})`;
}

/** A GLOB bracket of the word separators ('-' last, where it is literal). */
const SEPARATOR_CLASS = `[${[...WORD_SEPARATORS].sort((a, b) => Number(a === '-') - Number(b === '-')).join('')}]`;

// "Some word starts with `query`" in one GLOB pass, not an instr per separator.
function wordStartGlob(query: string): string {
  return `*${SEPARATOR_CLASS}${query.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/** How each condition reads on one source column (a B-tree can serve = and ranges). */
export const conditions = {
  exact: (c: SqlText, query: string) => q`${c} = ${query}`,
  prefix: (c: SqlText, query: string) => startsWith(c, query),
  word: (c: SqlText, query: string) => q`${c} glob ${wordStartGlob(query)}`,
  contains: (c: SqlText, query: string) => q`instr(${c}, ${query}) > 0`,
};

/** A source column of a target, with the glossaries where it counts as text. */
interface SourceText {
  column: TargetSource['column'];
  within?: SqlText | undefined;
}

/** The scope's subqueries as text, compiled once per search (per SearchScope object). */
const scopeTexts = new WeakMap<SearchScope, Map<string, SqlText>>();

function compiledOnce(scope: SearchScope, key: string, query: () => Compilable): SqlText {
  let known = scopeTexts.get(scope);
  if (!known) {
    known = new Map();
    scopeTexts.set(scope, known);
  }
  let text = known.get(key);
  if (!text) {
    text = q.subquery(query());
    known.set(key, text);
  }
  return text;
}

const languageOf = (target: SearchTarget) => (target.kind === 'term' ? target.language : '');

export function scopeText(db: Kysely<Database>, target: SearchTarget, scope: SearchScope): SqlText {
  return compiledOnce(scope, `scope:${languageOf(target)}`, () => scopeOf(db, target, scope));
}

export function sourcesText(
  db: Kysely<Database>,
  target: Exclude<SearchTarget, { kind: 'field' }>,
  scope: SearchScope,
): SourceText[] {
  return sourcesOf(db, target, scope).map(({ column, within }) => ({
    column,
    within: within && compiledOnce(scope, `${column}:${languageOf(target)}`, () => within),
  }));
}

export function onSources(
  sources: readonly SourceText[],
  condition: (c: SqlText) => SqlText,
): SqlText {
  return anyOf(
    sources.map((s) => {
      const column = COLUMN[s.column];
      // The partial index on subindice serves only queries that say it is not empty.
      const guard = s.column === 'subindice' ? q` and ${column} <> ''` : q``;
      return s.within
        ? q`(d.glossary_id in ${s.within} and ${condition(column)}${guard})`
        : q`(${condition(column)}${guard})`;
    }),
  );
}

/** The SQL of a query's tiers on the docs' columns (`d`), or on a card field's value. */
export function tierSql(query: string, onValue: (c: (v: SqlText) => SqlText) => SqlText) {
  const exact = onValue((c) => conditions.exact(c, query));
  const prefix = onValue((c) => conditions.prefix(c, query));
  const short = isShortQuery(query);
  const word = short ? q`0` : onValue((c) => conditions.word(c, query));
  const contains = short ? prefix : onValue((c) => conditions.contains(c, query));
  return {
    /** The row's best tier as TIER_RANK. */
    rank: q`case when ${exact} then 0 when ${prefix} then 1 when ${word} then 2 else 3 end`,
    any: contains,
    only: {
      exact,
      prefix: q`(${prefix} and not ${exact})`,
      word: q`(${word} and not ${prefix})`,
      substring: q`(${contains} and not ${word} and not ${prefix})`,
    },
  };
}

function subindiceFilter(subindice: string | undefined): SqlText {
  if (!subindice) return q`1`;
  return isShortQuery(subindice)
    ? startsWith(COLUMN.subindice, subindice)
    : q`instr(d.subindice, ${subindice}) > 0`;
}

/** What narrows a search besides its query: the subindice and the entry filters. */
export function narrowingFilter(m: Pick<OrderedMatch, 'subindice' | 'filters'>): SqlText {
  const clauses = entryFilterClauses(m.filters, 'd.entry_id').map(
    ({ text, value }) => new SqlText(text, [value]),
  );
  return q.join([subindiceFilter(m.subindice), ...clauses], ' and ');
}

/** How many of a trigram's first docs are sampled to tell how common it is. */
const TRIGRAM_SAMPLE = 64;
/** Trigrams whose commonness a connection remembers (then it starts again). */
const TRIGRAMS_KEPT = 50_000;
const trigramCommonness = new WeakMap<Kysely<Database>, Map<string, number>>();

/** How many docs hold a trigram, roughly: a stale estimate costs time, never results. */
async function commonnessOf(db: Kysely<Database>, trigram: string): Promise<number> {
  let known = trigramCommonness.get(db);
  if (!known || known.size >= TRIGRAMS_KEPT) {
    known = new Map();
    trigramCommonness.set(db, known);
  }
  let commonness = known.get(trigram);
  if (commonness === undefined) {
    const rows = await rowsOf<{ n: number; reach: number | null }>(
      db,
      q`select count(*) as n, max(rowid) as reach from (select rowid from search_terms_fts
        where search_terms_fts match ${ftsPhrase(trigram)} and rowid < ${UNORDERED}
        order by rowid limit ${TRIGRAM_SAMPLE})`,
    );
    const { n, reach } = rows[0]!;
    commonness = n < TRIGRAM_SAMPLE ? n : (TRIGRAM_SAMPLE * SEARCH_UNORDERED_FROM) / reach!;
    known.set(trigram, commonness);
  }
  return commonness;
}

/** Trigrams intersected for a quick search: the query's trigrams that the fewest docs hold. */
const TRIGRAMS_INTERSECTED = 3;

// FTS5 walks every list it intersects and every doc of the intersection is then checked, so
// the rarest few trigrams do the least work.
export async function termTrigrams(db: Kysely<Database>, query: string): Promise<string[]> {
  const trigrams = trigramsOf(query);
  if (trigrams.length <= TRIGRAMS_INTERSECTED) return trigrams;
  const commonness = new Map<string, number>();
  for (const t of trigrams) commonness.set(t, await commonnessOf(db, t));
  return trigrams
    .sort((a, b) => commonness.get(a)! - commonness.get(b)!)
    .slice(0, TRIGRAMS_INTERSECTED);
}

/** Unordered docs whose terms a connection remembers, at most (beyond, it always scans). */
const UNORDERED_TEXTS_KEPT = 2000;
const unorderedTexts = new WeakMap<
  Kysely<Database>,
  { version: string; texts: readonly string[] | null }
>();

// False when no unordered doc holds `query` in a term; the terms are cached per connection
// until `data_version` (others' commits) or `total_changes()` moves.
export async function unorderedMayMatch(db: Kysely<Database>, query: string): Promise<boolean> {
  const rows = await rowsOf<{ v: number; c: number }>(
    db,
    q`select (select data_version from pragma_data_version) as v, total_changes() as c`,
  );
  const version = `${rows[0]!.v}:${rows[0]!.c}`;
  let known = unorderedTexts.get(db);
  if (known?.version !== version) {
    const docs = await rowsOf<{ t: string }>(
      db,
      q`select origen || char(10) || meta || char(10) || subindice as t from search_docs
        where search_id >= ${UNORDERED} limit ${UNORDERED_TEXTS_KEPT + 1}`,
    );
    const texts = docs.length > UNORDERED_TEXTS_KEPT ? null : docs.map((d) => d.t);
    known = { version, texts };
    unorderedTexts.set(db, known);
  }
  return known.texts === null || known.texts.some((t) => t.includes(query));
}

/** The rows of `ordered` with the (few) unordered matches merged in by sort key. */
export async function inOrder(
  db: Kysely<Database>,
  ordered: (withSortKey: boolean) => SqlText,
  unordered: SqlText | null,
  limit: number,
): Promise<OrderedRow[]> {
  const late = unordered ? await rowsOf<OrderedRow>(db, unordered) : [];
  if (late.length === 0) return rowsOf<OrderedRow>(db, ordered(false));
  const rows = await rowsOf<OrderedRow>(db, ordered(true));
  return [...rows, ...late].sort(compareOrder).slice(0, limit);
}

/** What a match reads: its entry, its tier and, when it must be merged, its sort key. */
export function selectOf(rank: SqlText, withSortKey = true): SqlText {
  const key = withSortKey ? q`d.clave_orden as k,` : q``;
  return q`d.entry_id as id, ${key} ${rank} as tier`;
}
