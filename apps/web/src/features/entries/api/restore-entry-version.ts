import type { Entry } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/**
 * `POST …/entradas/{id}/restaurar {version_index, version}`: that version, written again as the
 * newest, unless the entry moved on from `version` meanwhile (409).
 */
export async function restoreEntryVersion({
  nombreSeguro,
  id,
  versionIndex,
  version,
}: {
  nombreSeguro: string;
  id: number;
  versionIndex: number;
  /** The entry's version when its history was opened. */
  version: number;
}): Promise<Entry> {
  const { data } = await api.post<{ entrada: Entry }>(
    `${entriesPath(nombreSeguro)}/${id}/restaurar`,
    { version_index: versionIndex, version },
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
