import {
  RESERVED_SEARCH_PARAMS,
  SEARCHABLE_FIELD_IDS,
  SEARCH_PAGE_SIZE,
  es,
  searchFieldsOf,
  searchResultSchema,
  type Language,
  type ReviewState,
  type SearchField,
  type SearchResult,
  type TermStatus,
} from '@ludoterm/contract';
import fastJson, { type Schema as JsonSchema } from 'fast-json-stringify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { foldText } from '../../lib/text-folding.ts';
import { readFicha, toEntryView, languagesOf } from '../card/index.ts';
import { searchIndexFor } from './search-index-for.ts';
import {
  TIER_RANK,
  targetOfField,
  tierOfText,
  type EntryFilters,
  type SearchTarget,
} from './search-order.ts';
import type { ExactReorder } from './search-ranking.ts';
import { rankedTermSearch, type MatchedTerm } from './term-ranking.ts';
import {
  findCards,
  findResultRows,
  listScopeLanguagePairs,
  searchScopeFor,
  type ResultRow,
} from './search.repository.ts';

/** The query string of `GET /buscar`, as validated by the contract. */
export type SearchParams = Record<string, string | number | undefined>;

export interface SearchAnswer {
  /** The page of results as JSON, through the contract's schema (nothing else can leak). */
  body: string;
  total: number;
  /** More than `total` match (the count stops at SEARCH_RESULT_LIMIT). */
  capped: boolean;
}

/** What a request asks for, once understood (plain data: it may go to a worker thread). */
export interface ParsedSearch {
  target: SearchTarget;
  /** As typed (for the finer ñ order); `query` is its folding. */
  original: string;
  query: string;
  subindice?: string;
  slugs?: string[];
  filters: EntryFilters;
  offset: number;
  limit: number;
}

const RESERVED = new Set<string>(RESERVED_SEARCH_PARAMS);
const FIELD_IDS = new Set<string>(SEARCHABLE_FIELD_IDS);

function text(value: string | number | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Quick search (the term ranks, `subindice_like` filters) or advanced (one field = value). */
export function parseSearch(params: SearchParams): ParsedSearch {
  const fields = Object.keys(params).filter((k) => !RESERVED.has(k));
  const unknown = fields.find((k) => !FIELD_IDS.has(k));
  if (unknown !== undefined) {
    throw new AppError(
      'VALIDATION_FAILED',
      `«${unknown}» no es un campo de la ficha: elige uno de la lista de campos.`,
    );
  }
  const termino = text(params.termino);
  const subindice = text(params.subindice_like);
  const slugs = text(params.glosarios)
    ? text(params.glosarios)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
  const limit = Number(params.por_pagina ?? SEARCH_PAGE_SIZE);
  const offset = (Number(params.pagina ?? 1) - 1) * limit;
  // Already checked against the contract's picklists by the route's schema (422 otherwise).
  const filters: EntryFilters = {
    estadoTermino: (text(params.estado_termino) || undefined) as TermStatus | undefined,
    estadoRevision: (text(params.estado_revision) || undefined) as ReviewState | undefined,
  };
  const common = { slugs, filters, offset, limit };

  if (fields.length > 0) {
    if (termino || subindice) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Usa la búsqueda rápida o la avanzada, no las dos a la vez.',
      );
    }
    if (fields.length > 1) {
      throw new AppError(
        'VALIDATION_FAILED',
        'La búsqueda avanzada busca en un solo campo a la vez.',
      );
    }
    const campo = fields[0]!;
    const original = text(params[campo]);
    const query = foldText(original);
    if (!query) throw new AppError('VALIDATION_FAILED', es.search.needFieldAndValue);
    return { target: targetOfField(campo), original, query, ...common };
  }

  const foldedTerm = foldText(termino);
  const foldedSubindice = foldText(subindice);
  if (foldedTerm) {
    return {
      target: { kind: 'terms' },
      original: termino,
      query: foldedTerm,
      subindice: foldedSubindice || undefined,
      ...common,
    };
  }
  if (foldedSubindice) {
    return {
      target: { kind: 'subindice' },
      original: subindice,
      query: foldedSubindice,
      ...common,
    };
  }
  throw new AppError('VALIDATION_FAILED', es.search.needQuery);
}

const ENYE_MARK = '\uE000';

/** foldText, except that ñ stays ñ (Spanish tells año from ano). */
export function foldKeepingEnye(value: string): string {
  return foldText(value.normalize('NFC').replace(/[ñÑ]/g, ENYE_MARK)).replaceAll(ENYE_MARK, 'ñ');
}

/** The texts of a stored card that a target compares with. */
function textsOf(
  card: Record<string, string>,
  langs: { idioma_origen: string; idioma_meta: string },
  target: SearchTarget,
): string[] {
  const pick = (id: string) => (card[id] ? [card[id]] : []);
  switch (target.kind) {
    case 'terms':
      return [...pick(`termino.${langs.idioma_origen}`), ...pick(`termino.${langs.idioma_meta}`)];
    case 'term':
      return pick(`termino.${target.language}`);
    case 'subindice':
      return pick('subindice');
    case 'field':
      return pick(target.campo);
  }
}

/** Among exact matches, those equal with ñ kept apart from n come first; the rest keep order. */
function enyeFirst(db: Kysely<Database>, parsed: ParsedSearch): ExactReorder | undefined {
  if (!parsed.query.includes('n')) return undefined;
  const wanted = foldKeepingEnye(parsed.original);
  return async (ids) => {
    const cards = await findCards(db, ids);
    const preferred = new Set(
      cards
        .filter((c) =>
          textsOf(readFicha(c.ficha).card, c, parsed.target).some(
            (t) => foldKeepingEnye(t) === wanted,
          ),
        )
        .map((c) => c.id),
    );
    return [...ids.filter((id) => preferred.has(id)), ...ids.filter((id) => !preferred.has(id))];
  };
}

/** Which card field matched, for highlighting: for quick search, the better of the two terms. */
function matchedField(row: ResultRow, parsed: ParsedSearch, term?: MatchedTerm): string {
  if (term) return `termino.${term.idioma}`;
  switch (parsed.target.kind) {
    case 'subindice':
      return 'subindice';
    case 'term':
      return `termino.${parsed.target.language}`;
    case 'field':
      return parsed.target.campo;
    case 'terms': {
      const rank = (folded: string) => {
        const tier = tierOfText(folded, parsed.query);
        return tier === null ? Number.POSITIVE_INFINITY : TIER_RANK[tier];
      };
      const origen = rank(row.termino_origen_plegado);
      const meta = rank(row.termino_meta_plegado);
      return `termino.${meta < origen ? row.idioma_meta : row.idioma_origen}`;
    }
  }
}

/** Who searches, as the search needs it (plain data). */
export interface Searcher {
  id: number;
  role: UserRow['role'];
}

export interface SearchPageData {
  rows: ResultRow[];
  order: number[];
  total: number;
  capped: boolean;
  /** The page's entries that matched through a term other than the shown one. */
  matchedTerms: Array<[number, MatchedTerm]>;
}

/** The database half of `GET /buscar`: the ranked page and its rows. */
export async function findSearchPage(
  db: Kysely<Database>,
  searcher: Searcher,
  parsed: ParsedSearch,
): Promise<SearchPageData> {
  const scope = searchScopeFor({
    userId: searcher.id,
    isAdmin: searcher.role === 'admin',
    slugs: parsed.slugs,
  });
  const page = await rankedTermSearch(
    db,
    searchIndexFor(db),
    {
      scope,
      target: parsed.target,
      query: parsed.query,
      subindice: parsed.subindice,
      filters: parsed.filters,
      offset: parsed.offset,
      limit: parsed.limit,
    },
    enyeFirst(db, parsed),
  );
  const order = page.matches.map((m) => m.entryId);
  return {
    rows: await findResultRows(db, order),
    order,
    total: page.total,
    capped: page.capped,
    matchedTerms: page.matchedTerms,
  };
}

/** A page's results, best first, each with its glossary and the field that matched. */
export function toSearchResults(
  searcher: Searcher,
  parsed: ParsedSearch,
  data: SearchPageData,
): SearchResult[] {
  const rows = new Map(data.rows.map((r) => [r.id, r]));
  const matchedTerms = new Map(data.matchedTerms);
  return data.order.flatMap((entryId) => {
    const row = rows.get(entryId);
    if (!row) return [];
    const entry = toEntryView(languagesOf(row), row, {
      userId: searcher.id,
      ownerId: row.owner_id,
    });
    return [
      Object.assign(entry, {
        glosario: row.glosario,
        nombre_seguro: row.nombre_seguro,
        idioma_origen: row.idioma_origen as Language,
        idioma_meta: row.idioma_meta as Language,
        campo_coincidente: matchedField(row, parsed, matchedTerms.get(entryId)),
        termino_coincidente: matchedTerms.get(entryId),
      }),
    ];
  });
}

// Serialized through the contract's response schema: only its properties are written.
const serializeResults = fastJson(
  z.toJSONSchema(z.array(searchResultSchema), { io: 'output' }) as JsonSchema,
) as (results: SearchResult[]) => string;

/** `GET /buscar`'s answer, serialized where the search runs so a worker hands back a string. */
export async function findSearchAnswer(
  db: Kysely<Database>,
  searcher: Searcher,
  parsed: ParsedSearch,
): Promise<SearchAnswer> {
  const data = await findSearchPage(db, searcher, parsed);
  const body = serializeResults(toSearchResults(searcher, parsed, data));
  return { body, total: data.total, capped: data.capped };
}

/** Runs a search somewhere (in-process, or on a worker thread). */
export type SearchRunner = (searcher: Searcher, parsed: ParsedSearch) => Promise<SearchAnswer>;

/** `GET /buscar`: understands the request (422 in Spanish when it cannot), searches, answers. */
export async function searchEntries(
  user: UserRow,
  params: SearchParams,
  run: SearchRunner,
): Promise<SearchAnswer> {
  return run({ id: user.id, role: user.role }, parseSearch(params));
}

/** `GET /buscar/campos`: the union of the card fields of the caller's glossaries. */
export async function listSearchFields(
  db: Kysely<Database>,
  user: UserRow,
): Promise<SearchField[]> {
  const scope = searchScopeFor({ userId: user.id, isAdmin: user.role === 'admin' });
  return searchFieldsOf(await listScopeLanguagePairs(db, scope));
}
