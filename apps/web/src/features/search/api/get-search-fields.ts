import type { SearchField } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { searchKeys } from './query-keys.ts';

/** `GET /buscar/campos`: the card fields of the user's glossaries, in a stable order. */
export async function getSearchFields(): Promise<SearchField[]> {
  const { data } = await api.get<SearchField[]>('/buscar/campos');
  return data;
}

export function searchFieldsQueryOptions() {
  return queryOptions({ queryKey: searchKeys.fields(), queryFn: getSearchFields });
}

export function useSearchFields() {
  return useQuery(searchFieldsQueryOptions());
}
