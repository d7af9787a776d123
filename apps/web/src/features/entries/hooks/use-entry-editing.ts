import type { Entry, EntryInput } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { entryKeys } from '../api/query-keys.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import type { EntryFocusTarget } from '../components/entry-card.tsx';
import type { EntryConflict } from '../components/entry-conflict-modal.tsx';
import { conflictOf } from '../utils/entry-conflict.ts';
import { showSavedNotices } from '../utils/saved-notices.ts';

/**
 * Inline editing of the listed entries: which one has its form open, why its save failed and,
 * when someone else saved it first, both versions to resolve. Once a form closes, the keyboard
 * is sent back to that entry's Editar button.
 */
export function useEntryEditing(
  nombreSeguro: string,
  entries: readonly Entry[],
  requestFocus: (id: number, target: EntryFocusTarget) => void,
) {
  const queryClient = useQueryClient();
  const update = useUpdateEntry();
  // The entry being edited and the version its form opened with: saving sends that version, so
  // an edit someone else saved meanwhile answers 409 instead of being silently undone.
  const [editing, setEditing] = useState<{ id: number; opened?: Entry } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // A save that met someone else's newer version: both shown side by side to resolve.
  const [conflict, setConflict] = useState<(EntryConflict & { id: number }) | null>(null);

  const startEdit = useCallback(
    (id: number) => {
      setSaveError(null);
      setEditing({ id, opened: entries.find((e) => e.id === id) });
    },
    [entries],
  );
  const closeEdit = useCallback(
    (id: number) => {
      setEditing(null);
      requestFocus(id, 'edit');
    },
    [requestFocus],
  );

  const saveVersion = useCallback(
    (id: number, input: EntryInput, version: number | undefined, base?: Entry) => {
      setSaveError(null);
      update.mutate(
        { nombreSeguro, id, input, version },
        {
          onSuccess: (saved) => {
            setConflict(null);
            closeEdit(id);
            showSavedNotices(es.entries.updated, saved);
          },
          onError: (error) => {
            const theirs = conflictOf(error);
            if (theirs) setConflict({ id, mine: input, theirs, base });
            else setSaveError(format(es.entries.saveError, { detail: errorMessage(error) }));
          },
        },
      );
    },
    [nombreSeguro, update, closeEdit],
  );

  const saveEdit = useCallback(
    (entry: Entry, input: EntryInput) => {
      const opened = (editing?.id === entry.id && editing.opened) || entry;
      saveVersion(entry.id, input, opened.version, opened);
    },
    [saveVersion, editing],
  );

  /** The combination chosen in the conflict dialog, saved over the other person's version. */
  const saveOverTheirs = (input: EntryInput, version: number) =>
    conflict && saveVersion(conflict.id, input, version, conflict.theirs);

  const discardMine = useCallback(() => {
    if (!conflict) return;
    setConflict(null);
    closeEdit(conflict.id);
    void queryClient.invalidateQueries({ queryKey: entryKeys.glossary(nombreSeguro) });
  }, [conflict, closeEdit, queryClient, nombreSeguro]);

  return {
    editingId: editing?.id ?? null,
    saveError,
    isSaving: update.isPending,
    conflict,
    startEdit,
    closeEdit,
    saveEdit,
    saveOverTheirs,
    discardMine,
    closeConflict: () => setConflict(null),
  };
}
