import { TOTAL_COUNT_HEADER, type Entry } from '@ludoterm/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const PAGE_SIZE = 200;

export interface OriginPage {
  entries: Entry[];
  total: number;
  pagina: number;
}

/**
 * One page of the origin glossary's entries, in its base language's order, for /copiar; with
 * `q`, only those whose terms or subindice hold it (the same search as /entradas).
 */
export async function getOriginEntries(
  nombreSeguro: string,
  pagina: number,
  q = '',
  porPagina = PAGE_SIZE,
): Promise<OriginPage> {
  const params = new URLSearchParams({ pagina: String(pagina), por_pagina: String(porPagina) });
  if (q.trim()) params.set('q', q.trim());
  const response = await api.get<Entry[]>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/entradas?${params}`,
  );
  const total = Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? response.data.length);
  return { entries: response.data, total, pagina };
}

/** Ids of every origin entry matching `q` (ticking all of a filtered list), 500 at a time. */
export async function getOriginEntryIds(nombreSeguro: string, q: string): Promise<number[]> {
  const ids: number[] = [];
  for (let pagina = 1; ; pagina += 1) {
    const page = await getOriginEntries(nombreSeguro, pagina, q, 500);
    ids.push(...page.entries.map((e) => e.id));
    if (page.entries.length === 0 || ids.length >= page.total) return ids;
  }
}

export function originEntriesQueryOptions(nombreSeguro: string, q = '') {
  return infiniteQueryOptions({
    queryKey: ['copies', 'origin', nombreSeguro, q.trim()] as const,
    queryFn: ({ pageParam }) => getOriginEntries(nombreSeguro, pageParam, q),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * PAGE_SIZE < last.total ? last.pagina + 1 : undefined,
  });
}

export function useOriginEntries(nombreSeguro: string | null, q = '') {
  return useInfiniteQuery({
    ...originEntriesQueryOptions(nombreSeguro ?? '', q),
    enabled: Boolean(nombreSeguro),
    // While a new filter loads, the last list stays instead of a spinner at each keystroke.
    placeholderData: (previous, query) =>
      query?.queryKey[2] === nombreSeguro ? keepPreviousData(previous) : undefined,
  });
}
