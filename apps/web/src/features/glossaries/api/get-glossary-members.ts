import type { Member } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `GET /glosarios/{nombre_seguro}/miembros`: who the glossary is shared with. */
export async function getGlossaryMembers(nombreSeguro: string): Promise<Member[]> {
  const { data } = await api.get<Member[]>(
    `/glosarios/${encodeURIComponent(nombreSeguro)}/miembros`,
  );
  return data;
}

export function glossaryMembersQueryOptions(nombreSeguro: string) {
  return queryOptions({
    queryKey: glossaryKeys.members(nombreSeguro),
    queryFn: () => getGlossaryMembers(nombreSeguro),
  });
}

export function useGlossaryMembers(nombreSeguro: string) {
  return useQuery(glossaryMembersQueryOptions(nombreSeguro));
}
