import type { HistoryItem } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** `GET …/entradas/{id}/historial`: every version, oldest first; the last is the current one. */
export async function getEntryHistory(nombreSeguro: string, id: number): Promise<HistoryItem[]> {
  const { data } = await api.get<{ historial: HistoryItem[] }>(
    `${entriesPath(nombreSeguro)}/${id}/historial`,
  );
  return data.historial;
}

export function entryHistoryQueryOptions(nombreSeguro: string, id: number) {
  return queryOptions({
    queryKey: entryKeys.history(nombreSeguro, id),
    queryFn: () => getEntryHistory(nombreSeguro, id),
    staleTime: 0,
  });
}

export function useEntryHistory(nombreSeguro: string, id: number | null) {
  return useQuery({ ...entryHistoryQueryOptions(nombreSeguro, id ?? 0), enabled: id !== null });
}
