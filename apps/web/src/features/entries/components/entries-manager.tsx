import type { CardField, Entry, EntryInput, Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useEntriesInfinite } from '../api/get-entries-page.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { useEntrySelection } from '../hooks/use-entry-selection.ts';
import { toggleId } from '../utils/toggle-id.ts';
import { AddEntryPanel } from './add-entry-panel.tsx';
import { EntriesToolbar, type CopyRequest } from './entries-toolbar.tsx';
import { EntryCard } from './entry-card.tsx';
import { EntryHistoryModal } from './entry-history-modal.tsx';
import { VirtualEntryList } from './virtual-entry-list.tsx';

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

/**
 * The entries of one glossary (/entradas once a glossary is chosen): search over both terms
 * and the subindice, A–Z / Z–A by the base-language term, 'Añadir entrada' (AddEntryPanel),
 * the bulk actions bar (EntriesToolbar) over the selection, and the virtualised list of
 * expandable cards with inline editing and history.
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
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The entry being edited and the version its form opened with: saving sends that version, so
  // an edit someone else saved meanwhile answers 409 instead of being silently undone.
  const [editing, setEditing] = useState<{ id: number; version?: number } | null>(null);
  const editingId = editing?.id ?? null;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [historyEntry, setHistoryEntry] = useState<Entry | null>(null);

  const list = useEntriesInfinite(nombreSeguro, q, orden);
  const update = useUpdateEntry();

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const selection = useEntrySelection(entries, total);
  const { mode, isSelected, toggle: toggleSelected } = selection;

  const privateFor = useCallback(
    (entry: Entry) =>
      glossary.acceso === 'propietario' ||
      entry.comentarios_privados !== null ||
      (currentUserName !== null && entry.autor === currentUserName),
    [glossary.acceso, currentUserName],
  );

  const toggleExpanded = useCallback((id: number) => {
    setExpanded((current) => toggleId(current, id));
  }, []);

  const startEdit = useCallback(
    (id: number) => {
      setSaveError(null);
      setEditing({ id, version: entries.find((e) => e.id === id)?.version });
    },
    [entries],
  );
  const cancelEdit = useCallback(() => setEditing(null), []);

  const saveEdit = useCallback(
    (entry: Entry, input: EntryInput) => {
      setSaveError(null);
      const version = editing?.id === entry.id ? editing.version : entry.version;
      update.mutate(
        { nombreSeguro, id: entry.id, input, version },
        {
          onSuccess: () => {
            setEditing(null);
            notifications.show({ color: 'green', message: es.entries.updated });
          },
          onError: (error) =>
            setSaveError(format(es.entries.saveError, { detail: errorMessage(error) })),
        },
      );
    },
    [nombreSeguro, update, editing],
  );

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
        isSelected={isSelected(entry.id)}
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
      isSelected,
      toggleSelected,
      toggleExpanded,
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
            onClick={() => setIsAdding((open) => !open)}
            aria-expanded={isAdding}
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

      {isAdding && fields && (
        <AddEntryPanel
          nombreSeguro={nombreSeguro}
          fields={fields}
          onClose={() => setIsAdding(false)}
          onAdded={() => {
            setIsAdding(false);
            onEntriesChanged?.();
          }}
        />
      )}

      <EntriesToolbar
        nombreSeguro={nombreSeguro}
        canWrite={canWrite}
        q={q}
        total={total}
        isLoaded={list.isSuccess}
        selection={selection}
        onCopyRequest={onCopyRequest}
        onEntriesChanged={onEntriesChanged}
      />

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
