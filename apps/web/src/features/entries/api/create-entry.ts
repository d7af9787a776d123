import type { Entry, EntryInput } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/** `POST /glosarios/{ns}/entradas`: answers the created entry. */
export async function createEntry({
  nombreSeguro,
  input,
}: {
  nombreSeguro: string;
  input: EntryInput;
}): Promise<Entry> {
  const { data } = await api.post<Entry>(entriesPath(nombreSeguro), input);
  return data;
}

export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: (_entry, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: entryKeys.lists(nombreSeguro) }),
  });
}
