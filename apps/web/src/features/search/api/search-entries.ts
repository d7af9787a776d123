import {
  SEARCH_PAGE_SIZE,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type SearchResult,
} from '@ludoterm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { apiQueryOf, type SearchRequest } from '../utils/search-request.ts';
import { searchKeys } from './query-keys.ts';

export interface SearchResultsPage {
  results: SearchResult[];
  /** Every match, or the limit the count stops at (`capped`). */
  total: number;
  capped: boolean;
  pagina: number;
}

function header(headers: unknown, name: string): string | undefined {
  const value = (headers as Record<string, unknown> | undefined)?.[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** `GET /buscar`: one page of results, best first, with the total. */
export async function searchEntries(
  request: SearchRequest,
  pagina: number,
): Promise<SearchResultsPage> {
  const { data, headers } = await api.get<SearchResult[]>(
    `/buscar?${apiQueryOf(request, pagina, SEARCH_PAGE_SIZE)}`,
  );
  return {
    results: data,
    total: Number(header(headers, TOTAL_COUNT_HEADER) ?? data.length),
    capped: header(headers, TOTAL_COUNT_CAPPED_HEADER) === 'true',
    pagina,
  };
}

export function searchEntriesQueryOptions(request: SearchRequest) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(request),
    queryFn: ({ pageParam }) => searchEntries(request, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.results.length, 0);
      return last.results.length > 0 && shown < last.total ? last.pagina + 1 : undefined;
    },
  });
}

/** The pages read so far of a search ('Mostrar más' reads the next); idle without a request. */
export function useSearchEntries(request: SearchRequest | null) {
  return useInfiniteQuery({
    ...searchEntriesQueryOptions(request ?? { kind: 'quick', termino: '', subindice: '' }),
    enabled: request !== null,
  });
}
