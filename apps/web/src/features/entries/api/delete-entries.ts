import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/**
 * Soft-deletes entries: one with `DELETE …/entradas/{id}`, several with
 * `POST …/entradas/eliminar {ids}`. Answers how many were deleted.
 */
export async function deleteEntries({
  nombreSeguro,
  ids,
}: {
  nombreSeguro: string;
  ids: number[];
}): Promise<number> {
  if (ids.length === 1) {
    await api.delete(`${entriesPath(nombreSeguro)}/${ids[0]}`);
    return 1;
  }
  const { data } = await api.post<{ eliminadas: number }>(`${entriesPath(nombreSeguro)}/eliminar`, {
    ids,
  });
  return data.eliminadas;
}

export function useDeleteEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntries,
    onSuccess: (_n, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: entryKeys.lists(nombreSeguro) }),
  });
}
