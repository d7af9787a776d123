import type { ReviewState } from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import { Alert, Button, Checkbox, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useDeleteEntries } from '../api/delete-entries.ts';
import { getAllEntryIds } from '../api/get-entries-page.ts';
import { useRecoverEntries } from '../api/recover-entries.ts';
import { entryCountLabel } from '../utils/count-label.ts';
import type { EntrySelection, SelectionMode } from '../hooks/use-entry-selection.ts';
import classes from './entries.module.css';
import { showUndoToast } from './undo-toast.tsx';

/** What the page's copy modal is asked to copy. */
export interface CopyRequest {
  ids?: number[];
  todas?: boolean;
  count: number;
}

export interface EntriesToolbarProps {
  nombreSeguro: string;
  canWrite: boolean;
  /** The search the list shows, so that 'Seleccionar todo' means its matches. */
  q: string;
  /** The review state the list is filtered by, if any: "select all" follows it too. */
  estado?: ReviewState | null;
  /** How many entries the list has (0 until it loads). */
  total: number;
  /** Whether the list has loaded, so that its count can be shown. */
  isLoaded: boolean;
  selection: EntrySelection;
  /** 'Copiar seleccionadas': the page opens its copy modal. */
  onCopyRequest: (request: CopyRequest) => void;
  /** After entries were deleted or recovered. */
  onEntriesChanged?: () => void;
}

/** Ids per bulk delete request (the API takes up to 10,000). */
const DELETE_CHUNK = 10_000;

/**
 * The bulk actions bar above the entries: 'Copiar entradas' and 'Eliminar entradas' with the
 * count, then, while selecting, select all, how many are selected, the action and cancel. A
 * deletion offers an undo toast.
 */
export function EntriesToolbar({
  nombreSeguro,
  canWrite,
  q,
  estado = null,
  total,
  isLoaded,
  selection,
  onCopyRequest,
  onEntriesChanged,
}: EntriesToolbarProps) {
  const [actionError, setActionError] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const remove = useDeleteEntries();
  const recover = useRecoverEntries();
  const { mode } = selection;

  const chooseMode = (next: SelectionMode) => {
    selection.chooseMode(next);
    setActionError(null);
  };

  const selectedIds = async (): Promise<number[]> =>
    selection.isAllSelected ? getAllEntryIds(nombreSeguro, q, estado) : [...selection.selectedIds];

  const undoDeletion = async (ids: number[]) => {
    const recovered = await recover.mutateAsync({ nombreSeguro, ids });
    notifications.show({
      color: 'green',
      message: plural(es.entries.restoredCount, recovered.length),
    });
    onEntriesChanged?.();
  };

  const deleteSelection = async () => {
    setActionError(null);
    setIsWorking(true);
    try {
      const ids = await selectedIds();
      let deleted = 0;
      for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
        deleted += await remove.mutateAsync({ nombreSeguro, ids: ids.slice(i, i + DELETE_CHUNK) });
      }
      chooseMode('none');
      onEntriesChanged?.();
      showUndoToast({
        message: plural(es.entries.deletedCount, deleted),
        onRestore: () => undoDeletion(ids),
        restoreError: (error) => format(es.entries.restoreError, { detail: errorMessage(error) }),
      });
    } catch (error) {
      setActionError(format(es.entries.deleteError, { detail: errorMessage(error) }));
    } finally {
      setIsWorking(false);
    }
  };

  const copySelection = async () => {
    setActionError(null);
    if (selection.isAllSelected && !q) {
      onCopyRequest({ todas: true, count: total });
      return;
    }
    setIsWorking(true);
    try {
      const ids = await selectedIds();
      onCopyRequest({ ids, count: ids.length });
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <>
      <Group gap="xs" className={classes.toolbar} wrap="wrap">
        {mode === 'none' ? (
          <>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => chooseMode('copy')}
              disabled={total === 0}
            >
              {es.entries.copyMode}
            </Button>
            {canWrite && (
              <Button
                variant="default"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => chooseMode('delete')}
                disabled={total === 0}
              >
                {es.entries.deleteMode}
              </Button>
            )}
            <Text size="sm" c="dimmed" ml="auto" aria-live="polite">
              {isLoaded ? entryCountLabel(total) : ''}
            </Text>
          </>
        ) : (
          <>
            <Checkbox
              label={es.entries.selectAll}
              checked={selection.isAllSelected}
              indeterminate={selection.isPartial}
              onChange={(event) => selection.selectAll(event.currentTarget.checked)}
            />
            <Text size="sm" fw={500} aria-live="polite">
              {plural(es.entries.selectedCount, selection.count)}
            </Text>
            {mode === 'copy' ? (
              <Button
                leftSection={<IconCopy size={16} aria-hidden />}
                disabled={selection.count === 0}
                loading={isWorking}
                onClick={() => void copySelection()}
              >
                {es.entries.copySelected}
              </Button>
            ) : (
              <Button
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={selection.count === 0}
                loading={isWorking}
                onClick={() => void deleteSelection()}
              >
                {es.entries.deleteSelected}
              </Button>
            )}
            <Button
              variant="subtle"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => chooseMode('none')}
            >
              {es.entries.cancelSelection}
            </Button>
          </>
        )}
      </Group>

      {actionError && (
        <Alert color="red" variant="light" role="alert">
          {actionError}
        </Alert>
      )}
    </>
  );
}
