import type { Entry } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** `POST …/entradas/{id}/restaurar {version_index}`: that version, written again as the newest. */
export async function restoreEntryVersion({
  nombreSeguro,
  id,
  versionIndex,
}: {
  nombreSeguro: string;
  id: number;
  versionIndex: number;
}): Promise<Entry> {
  const { data } = await api.post<{ entrada: Entry }>(
    `${entriesPath(nombreSeguro)}/${id}/restaurar`,
    {
      version_index: versionIndex,
    },
  );
  return data.entrada;
}

export function useRestoreEntryVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreEntryVersion,
    onSuccess: (_entry, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: entryKeys.glossary(nombreSeguro) }),
  });
}
