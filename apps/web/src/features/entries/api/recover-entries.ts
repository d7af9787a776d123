import type { Entry } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** How many recoveries run at once when undoing a bulk delete. */
const PARALLEL = 6;

/**
 * `POST …/entradas/{id}/recuperar` for each id: the same entries come back with their ids
 * and history (the undo of a deletion).
 */
export async function recoverEntries({
  nombreSeguro,
  ids,
}: {
  nombreSeguro: string;
  ids: number[];
}): Promise<Entry[]> {
  const recovered: Entry[] = [];
  for (let i = 0; i < ids.length; i += PARALLEL) {
    const batch = ids.slice(i, i + PARALLEL);
    const answers = await Promise.all(
      batch.map((id) => api.post<Entry>(`${entriesPath(nombreSeguro)}/${id}/recuperar`)),
    );
    recovered.push(...answers.map((a) => a.data));
  }
  return recovered;
}

export function useRecoverEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverEntries,
    onSuccess: (_entries, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: entryKeys.lists(nombreSeguro) }),
  });
}
