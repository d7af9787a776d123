import type { Entry, EntryInput } from '@ludoterm/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { EntriesPage } from './get-entries-page.ts';
import { entriesPath, entryKeys } from './query-keys.ts';

/**
 * `PUT /glosarios/{ns}/entradas/{id}` → `{entrada}` (a new version on the server). `version` is
 * the one the edit started from: the server answers 409 if someone changed the entry since.
 */
export async function updateEntry({
  nombreSeguro,
  id,
  input,
  version,
}: {
  nombreSeguro: string;
  id: number;
  input: EntryInput;
  version?: number | undefined;
}): Promise<Entry> {
  const body = version === undefined ? input : { ...input, version };
  const { data } = await api.put<{ entrada: Entry }>(`${entriesPath(nombreSeguro)}/${id}`, body);
  return data.entrada;
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    // The saved entry and its new version replace the listed one at once, so an edit reopened
    // before the refetch starts from that version rather than meeting a 409 of its own making.
    onSuccess: (entry, { nombreSeguro }) =>
      queryClient.setQueriesData<InfiniteData<EntriesPage>>(
        { queryKey: entryKeys.lists(nombreSeguro) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              entries: page.entries.map((e) => (e.id === entry.id ? entry : e)),
            })),
          },
      ),
    // After a 409 too: the list then holds the other person's version to reopen the edit from.
    onSettled: (_entry, _error, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: entryKeys.glossary(nombreSeguro) }),
  });
}
