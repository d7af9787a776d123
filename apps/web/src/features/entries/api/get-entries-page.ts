import { TOTAL_COUNT_HEADER, type Entry, type ReviewState } from '@ludoterm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** Entries per page: a screenful and more, small enough to render in one frame. */
export const ENTRIES_PAGE_SIZE = 100;

export interface EntriesPageParams {
  nombreSeguro: string;
  q: string;
  orden: 'asc' | 'desc';
  /** Only entries in this review state; null for all. */
  estado?: ReviewState | null;
  pagina: number;
  porPagina?: number;
}

export interface EntriesPage {
  entries: Entry[];
  /** Every entry that matches, from `X-Total-Count`. */
  total: number;
  pagina: number;
}

/** `GET /glosarios/{ns}/entradas?q=&orden=&estado_revision=&pagina=&por_pagina=`: a page and the total. */
export async function getEntriesPage({
  nombreSeguro,
  q,
  orden,
  estado = null,
  pagina,
  porPagina = ENTRIES_PAGE_SIZE,
}: EntriesPageParams): Promise<EntriesPage> {
  const params = new URLSearchParams({
    orden,
    pagina: String(pagina),
    por_pagina: String(porPagina),
  });
  if (q.trim()) params.set('q', q.trim());
  if (estado) params.set('estado_revision', estado);
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
  estado: ReviewState | null = null,
) {
  return infiniteQueryOptions({
    queryKey: entryKeys.list(nombreSeguro, { q: q.trim(), orden, estado }),
    queryFn: ({ pageParam }) =>
      getEntriesPage({ nombreSeguro, q, orden, estado, pagina: pageParam }),
    initialPageParam: 1,
    // Pages are never edited in place: comparing every loaded page on each fetch (structural
    // sharing) would cost more the further the list has been scrolled.
    structuralSharing: false,
    getNextPageParam: (last, pages) =>
      pages.length * ENTRIES_PAGE_SIZE < last.total ? last.pagina + 1 : undefined,
  });
}

/** The glossary's entries in the base language's order, page after page as the list scrolls. */
export function useEntriesInfinite(
  nombreSeguro: string,
  q: string,
  orden: 'asc' | 'desc',
  estado: ReviewState | null = null,
) {
  return useInfiniteQuery(entriesInfiniteQueryOptions(nombreSeguro, q, orden, estado));
}

/** Ids of every entry that matches `q` and `estado` (selection "all"), read 500 at a time. */
export async function getAllEntryIds(
  nombreSeguro: string,
  q: string,
  estado: ReviewState | null = null,
): Promise<number[]> {
  const ids: number[] = [];
  for (let pagina = 1; ; pagina += 1) {
    const page = await getEntriesPage({
      nombreSeguro,
      q,
      orden: 'asc',
      estado,
      pagina,
      porPagina: 500,
    });
    ids.push(...page.entries.map((e) => e.id));
    if (page.entries.length === 0 || ids.length >= page.total) return ids;
  }
}
