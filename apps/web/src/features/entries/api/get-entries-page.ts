import { TOTAL_COUNT_HEADER, type Entry } from '@ludoterm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** Entries per page: a screenful and more, small enough to render in one frame. */
export const ENTRIES_PAGE_SIZE = 100;

export interface EntriesPageParams {
  nombreSeguro: string;
  q: string;
  orden: 'asc' | 'desc';
  pagina: number;
  porPagina?: number;
}

export interface EntriesPage {
  entries: Entry[];
  /** Every entry that matches, from `X-Total-Count`. */
  total: number;
  pagina: number;
}

/** `GET /glosarios/{ns}/entradas?q=&orden=&pagina=&por_pagina=`: one page and the total. */
export async function getEntriesPage({
  nombreSeguro,
  q,
  orden,
  pagina,
  porPagina = ENTRIES_PAGE_SIZE,
}: EntriesPageParams): Promise<EntriesPage> {
  const params = new URLSearchParams({
    orden,
    pagina: String(pagina),
    por_pagina: String(porPagina),
  });
  if (q.trim()) params.set('q', q.trim());
  const response = await api.get<Entry[]>(`${entriesPath(nombreSeguro)}?${params}`);
  const total = Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? response.data.length);
  return {
    entries: response.data,
    total: Number.isFinite(total) ? total : response.data.length,
    pagina,
  };
}

export function entriesInfiniteQueryOptions(
  nombreSeguro: string,
  q: string,
  orden: 'asc' | 'desc',
) {
  return infiniteQueryOptions({
    queryKey: entryKeys.list(nombreSeguro, { q: q.trim(), orden }),
    queryFn: ({ pageParam }) => getEntriesPage({ nombreSeguro, q, orden, pagina: pageParam }),
    initialPageParam: 1,
    // Pages are never edited in place: comparing every loaded page on each fetch (structural
    // sharing) would cost more the further the list has been scrolled.
    structuralSharing: false,
    getNextPageParam: (last, pages) =>
      pages.length * ENTRIES_PAGE_SIZE < last.total ? last.pagina + 1 : undefined,
  });
}

/** The glossary's entries in the base language's order, page after page as the list scrolls. */
export function useEntriesInfinite(nombreSeguro: string, q: string, orden: 'asc' | 'desc') {
  return useInfiniteQuery(entriesInfiniteQueryOptions(nombreSeguro, q, orden));
}

/** Ids of every entry that matches `q` (selection "all" with a search), read 500 at a time. */
export async function getAllEntryIds(nombreSeguro: string, q: string): Promise<number[]> {
  const ids: number[] = [];
  for (let pagina = 1; ; pagina += 1) {
    const page = await getEntriesPage({ nombreSeguro, q, orden: 'asc', pagina, porPagina: 500 });
    ids.push(...page.entries.map((e) => e.id));
    if (page.entries.length === 0 || ids.length >= page.total) return ids;
  }
}
