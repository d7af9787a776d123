import type { CardField, Entry, EntryInput, Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useCreateEntry } from '../api/create-entry.ts';
import { useDeleteEntries } from '../api/delete-entries.ts';
import { getAllEntryIds, useEntriesInfinite } from '../api/get-entries-page.ts';
import { useRecoverEntries } from '../api/recover-entries.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { showUndoToast } from './undo-toast.tsx';
import { EntryCard } from './entry-card.tsx';
import { EntryForm } from './entry-form.tsx';
import { EntryHistoryModal } from './entry-history-modal.tsx';
import classes from './entries.module.css';
import { VirtualEntryList } from './virtual-entry-list.tsx';

/** What the page's copy modal is asked to copy. */
export interface CopyRequest {
  ids?: number[];
  todas?: boolean;
  count: number;
}

export interface EntriesManagerProps {
  glossary: Glossary;
  /** The card's fields (`ficha.campos`); undefined while the configuration loads. */
  fields: CardField[] | undefined;
  /** The signed-in user's display name or e-mail, to know whose private comments these are. */
  currentUserName: string | null;
  /** 'Copiar entradas' with a selection: the page opens its copy modal. */
  onCopyRequest: (request: CopyRequest) => void;
  /** After entries were added, deleted or recovered (the page refreshes the glossary counts). */
  onEntriesChanged?: () => void;
}

type SelectionMode = 'none' | 'copy' | 'delete';

/** Ids per bulk delete request (the API takes up to 10,000). */
const DELETE_CHUNK = 10_000;

function countLabel(n: number): string {
  return n === 1 ? es.entries.countOne : format(es.entries.count, { n: n.toLocaleString('es-ES') });
}

/**
 * The entries of one glossary (/entradas once a glossary is chosen): search over both terms
 * and the subindice, A–Z / Z–A by the base-language term, the selection modes 'Copiar
 * entradas' and 'Eliminar entradas' (select all, count, cancel), the virtualised list of
 * expandable cards with inline editing and history, 'Añadir entrada', and undo toasts after
 * a deletion.
 */
export function EntriesManager({
  glossary,
  fields,
  currentUserName,
  onCopyRequest,
  onEntriesChanged,
}: EntriesManagerProps) {
  const nombreSeguro = glossary.nombre_seguro;
  const canWrite = glossary.acceso !== 'lector';
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [orden, setOrden] = useState<'asc' | 'desc'>('asc');
  const [mode, setMode] = useState<SelectionMode>('none');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allSelected, setAllSelected] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [editingId, setEditingId] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [historyEntry, setHistoryEntry] = useState<Entry | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  const list = useEntriesInfinite(nombreSeguro, q, orden);
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const remove = useDeleteEntries();
  const recover = useRecoverEntries();

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const selectedCount = allSelected ? total : selected.size;

  const privateFor = useCallback(
    (entry: Entry) =>
      glossary.acceso === 'propietario' ||
      entry.comentarios_privados !== null ||
      (currentUserName !== null && entry.autor === currentUserName),
    [glossary.acceso, currentUserName],
  );

  const resetSelection = () => {
    setSelected(new Set());
    setAllSelected(false);
  };

  const chooseMode = (next: SelectionMode) => {
    setMode(next);
    resetSelection();
    setActionError(null);
  };

  const toggleExpanded = useCallback((id: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleSelected = useCallback(
    (id: number) => {
      if (allSelected) {
        // Leaving "all" keeps every loaded entry but this one.
        setAllSelected(false);
        setSelected(new Set(entries.map((e) => e.id).filter((x) => x !== id)));
        return;
      }
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [allSelected, entries],
  );

  const startEdit = useCallback((id: number) => {
    setSaveError(null);
    setEditingId(id);
  }, []);
  const cancelEdit = useCallback(() => setEditingId(null), []);

  const saveEdit = useCallback(
    (entry: Entry, input: EntryInput) => {
      setSaveError(null);
      update.mutate(
        { nombreSeguro, id: entry.id, input },
        {
          onSuccess: () => {
            setEditingId(null);
            notifications.show({ color: 'green', message: es.entries.updated });
          },
          onError: (error) =>
            setSaveError(format(es.entries.saveError, { detail: errorMessage(error) })),
        },
      );
    },
    [nombreSeguro, update],
  );

  const addEntry = (input: EntryInput) => {
    setAddError(null);
    create.mutate(
      { nombreSeguro, input },
      {
        onSuccess: () => {
          setAdding(false);
          notifications.show({ color: 'green', message: es.entries.created });
          onEntriesChanged?.();
        },
        onError: (error) =>
          setAddError(format(es.entries.saveError, { detail: errorMessage(error) })),
      },
    );
  };

  const selectedIds = async (): Promise<number[]> =>
    allSelected ? getAllEntryIds(nombreSeguro, q) : [...selected];

  const undoDeletion = useCallback(
    async (ids: number[]) => {
      const recovered = await recover.mutateAsync({ nombreSeguro, ids });
      notifications.show({
        color: 'green',
        message:
          recovered.length === 1
            ? es.entries.restored
            : format(es.entries.restoredMany, { n: recovered.length }),
      });
      onEntriesChanged?.();
    },
    [nombreSeguro, recover, onEntriesChanged],
  );

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
        message:
          deleted === 1 ? es.entries.deleted : format(es.entries.deletedMany, { n: deleted }),
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
    if (allSelected && !q) {
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

  const renderEntry = useCallback(
    (entry: Entry) => (
      <EntryCard
        entry={entry}
        glossary={glossary}
        fields={fields}
        isExpanded={expanded.has(entry.id)}
        isEditing={editingId === entry.id}
        isSaving={update.isPending && editingId === entry.id}
        saveError={editingId === entry.id ? saveError : null}
        canWrite={canWrite}
        withPrivateComments={privateFor(entry)}
        selectable={mode !== 'none'}
        isSelected={allSelected || selected.has(entry.id)}
        onToggleExpanded={toggleExpanded}
        onToggleSelected={toggleSelected}
        onEdit={startEdit}
        onCancelEdit={cancelEdit}
        onSave={saveEdit}
        onHistory={setHistoryEntry}
      />
    ),
    [
      glossary,
      fields,
      expanded,
      editingId,
      update.isPending,
      saveError,
      canWrite,
      privateFor,
      mode,
      allSelected,
      selected,
      toggleExpanded,
      toggleSelected,
      startEdit,
      cancelEdit,
      saveEdit,
    ],
  );

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={es.entries.search}
          placeholder={es.entries.searchPlaceholder}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
        />
        <SegmentedControl
          aria-label={es.entries.sortLabel}
          value={orden}
          onChange={(value) => setOrden(value === 'desc' ? 'desc' : 'asc')}
          data={[
            { value: 'asc', label: es.entries.sortAsc },
            { value: 'desc', label: es.entries.sortDesc },
          ]}
        />
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setAddError(null);
              setAdding((open) => !open);
            }}
            aria-expanded={adding}
          >
            {es.entries.add}
          </Button>
        )}
      </Group>

      {!canWrite && (
        <Text size="sm" c="dimmed">
          {es.entries.readOnly}
        </Text>
      )}

      {adding && fields && (
        <Paper withBorder p="md">
          <Title order={3} size="h5" mb="sm">
            {es.entries.addTitle}
          </Title>
          <EntryForm
            fields={fields}
            entry={null}
            withPrivateComments
            isSaving={create.isPending}
            error={addError}
            onSave={addEntry}
            onCancel={() => setAdding(false)}
            label={es.entries.addTitle}
          />
        </Paper>
      )}

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
              {list.isSuccess ? countLabel(total) : ''}
            </Text>
          </>
        ) : (
          <>
            <Checkbox
              label={es.entries.selectAll}
              checked={allSelected}
              indeterminate={!allSelected && selected.size > 0}
              onChange={(event) => {
                setSelected(new Set());
                setAllSelected(event.currentTarget.checked);
              }}
            />
            <Text size="sm" fw={500} aria-live="polite">
              {format(es.entries.selectedCount, { n: selectedCount.toLocaleString('es-ES') })}
            </Text>
            {mode === 'copy' ? (
              <Button
                leftSection={<IconCopy size={16} aria-hidden />}
                disabled={selectedCount === 0}
                loading={isWorking}
                onClick={() => void copySelection()}
              >
                {es.entries.copySelected}
              </Button>
            ) : (
              <Button
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={selectedCount === 0}
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
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {format(es.entries.loadError, { detail: errorMessage(list.error) })}
        </Alert>
      )}
      {list.isPending && <Loader size="sm" aria-label={es.app.loading} />}
      {list.isSuccess && total === 0 && (
        <Text c="dimmed">{q ? es.entries.noMatches : es.entries.empty}</Text>
      )}

      {entries.length > 0 && (
        <VirtualEntryList
          entries={entries}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={() => void list.fetchNextPage()}
          renderEntry={renderEntry}
          label={format(es.entries.listLabel, { name: glossary.nombre })}
        />
      )}

      <EntryHistoryModal
        glossary={glossary}
        entry={historyEntry}
        fields={fields}
        canWrite={canWrite}
        onClose={() => setHistoryEntry(null)}
        onRestored={() => {
          setHistoryEntry(null);
          notifications.show({ color: 'green', message: es.entries.versionRestored });
        }}
      />
    </Stack>
  );
}
