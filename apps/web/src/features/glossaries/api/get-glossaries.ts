import type { Glossary } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `GET /glosarios`: own and shared active glossaries (an admin adds `todos` for all). */
export async function getGlossaries(options: { todos?: boolean } = {}): Promise<Glossary[]> {
  const { data } = await api.get<Glossary[]>(options.todos ? '/glosarios?todos=1' : '/glosarios');
  return data;
}

export function glossariesQueryOptions(options: { todos?: boolean } = {}) {
  return queryOptions({
    queryKey: glossaryKeys.list(options),
    queryFn: () => getGlossaries(options),
  });
}

/** The caller's glossaries, shared by every page that lists or selects one. */
export function useGlossaries(options: { todos?: boolean } = {}) {
  return useQuery(glossariesQueryOptions(options));
}
