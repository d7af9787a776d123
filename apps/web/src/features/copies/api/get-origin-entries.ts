import { TOTAL_COUNT_HEADER, type Entry } from '@ludoterm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const PAGE_SIZE = 200;

export interface OriginPage {
  entries: Entry[];
  total: number;
  pagina: number;
}

/** One page of the origin glossary's entries, in its base language's order, for /copiar. */
export async function getOriginEntries(nombreSeguro: string, pagina: number): Promise<OriginPage> {
  const response = await api.get<Entry[]>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/entradas?pagina=${pagina}&por_pagina=${PAGE_SIZE}`,
  );
  const total = Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()] ?? response.data.length);
  return { entries: response.data, total, pagina };
}

export function originEntriesQueryOptions(nombreSeguro: string) {
  return infiniteQueryOptions({
    queryKey: ['copies', 'origin', nombreSeguro] as const,
    queryFn: ({ pageParam }) => getOriginEntries(nombreSeguro, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * PAGE_SIZE < last.total ? last.pagina + 1 : undefined,
  });
}

export function useOriginEntries(nombreSeguro: string | null) {
  return useInfiniteQuery({
    ...originEntriesQueryOptions(nombreSeguro ?? ''),
    enabled: Boolean(nombreSeguro),
  });
}
