import type { TrashItem } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/** `GET /glosarios/eliminados`: the caller's trash, most recently deleted first. */
export async function getTrash(): Promise<TrashItem[]> {
  const { data } = await api.get<TrashItem[]>('/glosarios/eliminados');
  return data;
}

export function trashQueryOptions() {
  return queryOptions({ queryKey: glossaryKeys.trash(), queryFn: getTrash });
}

export function useTrash() {
  return useQuery(trashQueryOptions());
}
