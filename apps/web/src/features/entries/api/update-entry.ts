import type { Entry, EntryInput } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** `PUT /glosarios/{ns}/entradas/{id}` → `{entrada}` (a new version on the server). */
export async function updateEntry({
  nombreSeguro,
  id,
  input,
}: {
  nombreSeguro: string;
  id: number;
  input: EntryInput;
}): Promise<Entry> {
  const { data } = await api.put<{ entrada: Entry }>(`${entriesPath(nombreSeguro)}/${id}`, input);
  return data.entrada;
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: (_entry, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: entryKeys.glossary(nombreSeguro) }),
  });
}
