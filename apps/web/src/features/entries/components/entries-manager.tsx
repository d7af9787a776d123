import {
  REVIEW_STATES,
  type CardField,
  type Entry,
  type EntryInput,
  type Glossary,
  type ReviewState,
} from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { showToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { entriesInfiniteQueryOptions, useEntriesInfinite } from '../api/get-entries-page.ts';
import { entryKeys } from '../api/query-keys.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { useEntrySelection } from '../hooks/use-entry-selection.ts';
import { conflictOf } from '../utils/entry-conflict.ts';
import { showSavedNotices } from '../utils/saved-notices.ts';
import { toggleId } from '../utils/toggle-id.ts';
import { AddEntryPanel } from './add-entry-panel.tsx';
import { ConvertVariantsModal } from './convert-variants-modal.tsx';
import { EntriesToolbar, type CopyRequest } from './entries-toolbar.tsx';
import { EntryCard, type EntryFocusTarget } from './entry-card.tsx';
import { EntryConflictModal, type EntryConflict } from './entry-conflict-modal.tsx';
import { EntryHistoryModal } from './entry-history-modal.tsx';
import { VirtualEntryList } from './virtual-entry-list.tsx';

export interface EntriesManagerProps {
  glossary: Glossary;
  /** The card's fields (`ficha.campos`); undefined while the configuration loads. */
  fields: CardField[] | undefined;
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
  onCopyRequest,
  onEntriesChanged,
}: EntriesManagerProps) {
  const nombreSeguro = glossary.nombre_seguro;
  const canWrite = glossary.acceso !== 'lector';
  const canApprove = glossary.acceso === 'propietario' || glossary.acceso === 'revisor';
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [orden, setOrden] = useState<'asc' | 'desc'>('asc');
  const [estado, setEstado] = useState<ReviewState | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The entry being edited and the version its form opened with: saving sends that version, so
  // an edit someone else saved meanwhile answers 409 instead of being silently undone.
  const [editing, setEditing] = useState<{ id: number; opened?: Entry } | null>(null);
  const editingId = editing?.id ?? null;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [historyEntry, setHistoryEntry] = useState<Entry | null>(null);
  // By id: after a 409 the dialog proposes again from the entry as the list reads it anew.
  const [convertingId, setConvertingId] = useState<number | null>(null);
  const openConvertVariants = useCallback((entry: Entry) => setConvertingId(entry.id), []);
  // Where the keyboard goes once a form closes, so it never falls back to the top of the page:
  // the new entry, or the Editar button of the entry that was edited.
  const [focusRequest, setFocusRequest] = useState<{
    id: number;
    target: EntryFocusTarget;
  } | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);

  const list = useEntriesInfinite(nombreSeguro, q, orden, estado);
  const queryClient = useQueryClient();
  const update = useUpdateEntry();

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const selection = useEntrySelection(entries, total);
  const { mode, isSelected, toggle: toggleSelected } = selection;

  // After an entry is created the list has been read again: is the new one on it?
  const isListed = (id: number) =>
    queryClient
      .getQueryData(entriesInfiniteQueryOptions(nombreSeguro, q, orden, estado).queryKey)
      ?.pages.some((page) => page.entries.some((e) => e.id === id)) ?? false;

  const toggleExpanded = useCallback((id: number) => {
    setExpanded((current) => toggleId(current, id));
  }, []);

  const startEdit = useCallback(
    (id: number) => {
      setSaveError(null);
      setEditing({ id, opened: entries.find((e) => e.id === id) });
    },
    [entries],
  );
  const cancelEdit = useCallback((id: number) => {
    setEditing(null);
    setFocusRequest({ id, target: 'edit' });
  }, []);

  // A save that met someone else's newer version: both shown side by side to resolve.
  const [conflict, setConflict] = useState<(EntryConflict & { id: number }) | null>(null);

  const saveVersion = useCallback(
    (id: number, input: EntryInput, version: number | undefined, base?: Entry) => {
      setSaveError(null);
      update.mutate(
        { nombreSeguro, id, input, version },
        {
          onSuccess: (saved) => {
            setConflict(null);
            setEditing(null);
            setFocusRequest({ id, target: 'edit' });
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
    [nombreSeguro, update],
  );

  const saveEdit = useCallback(
    (entry: Entry, input: EntryInput) => {
      const opened = (editing?.id === entry.id && editing.opened) || entry;
      saveVersion(entry.id, input, opened.version, opened);
    },
    [saveVersion, editing],
  );

  const discardMine = useCallback(() => {
    if (!conflict) return;
    setConflict(null);
    cancelEdit(conflict.id);
    void queryClient.invalidateQueries({ queryKey: entryKeys.glossary(nombreSeguro) });
  }, [conflict, cancelEdit, queryClient, nombreSeguro]);

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
        canApprove={canApprove}
        focusTarget={focusRequest?.id === entry.id ? focusRequest.target : null}
        onFocused={clearFocusRequest}
        selectable={mode !== 'none'}
        isSelected={isSelected(entry.id)}
        onToggleExpanded={toggleExpanded}
        onToggleSelected={toggleSelected}
        onEdit={startEdit}
        onCancelEdit={cancelEdit}
        onSave={saveEdit}
        onHistory={setHistoryEntry}
        onConvertVariants={openConvertVariants}
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
      canApprove,
      focusRequest,
      clearFocusRequest,
      mode,
      isSelected,
      toggleSelected,
      toggleExpanded,
      startEdit,
      cancelEdit,
      saveEdit,
      openConvertVariants,
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
        <NativeSelect
          aria-label={es.entries.review.filterLabel}
          value={estado ?? ''}
          onChange={(event) => setEstado((event.currentTarget.value || null) as ReviewState | null)}
          data={[
            { value: '', label: es.entries.review.filterAll },
            ...REVIEW_STATES.map((state) => ({
              value: state,
              label: es.entries.review.state[state],
            })),
          ]}
        />
        {canWrite && (
          <Button
            ref={addButtonRef}
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
          onClose={() => {
            setIsAdding(false);
            addButtonRef.current?.focus();
          }}
          onAdded={(entry) => {
            setIsAdding(false);
            // A new entry the list does not show (a later page, or the search leaves it out):
            // the keyboard goes back to 'Añadir entrada' instead.
            if (isListed(entry.id)) setFocusRequest({ id: entry.id, target: 'entry' });
            else addButtonRef.current?.focus();
            onEntriesChanged?.();
          }}
        />
      )}

      <EntriesToolbar
        nombreSeguro={nombreSeguro}
        canWrite={canWrite}
        q={q}
        estado={estado}
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
          revealId={focusRequest?.target === 'entry' ? focusRequest.id : null}
          label={format(es.entries.listLabel, { name: glossary.nombre })}
        />
      )}

      <EntryConflictModal
        conflict={conflict}
        fields={fields ?? []}
        saving={update.isPending}
        onSave={(input, version) =>
          conflict && saveVersion(conflict.id, input, version, conflict.theirs)
        }
        onDiscard={discardMine}
        onClose={() => setConflict(null)}
      />

      <ConvertVariantsModal
        nombreSeguro={nombreSeguro}
        languages={[glossary.idioma_origen, glossary.idioma_meta]}
        entry={entries.find((e) => e.id === convertingId) ?? null}
        onClose={() => {
          setConvertingId(null);
          if (convertingId !== null) setFocusRequest({ id: convertingId, target: 'variants' });
        }}
        onConverted={(saved) => {
          setConvertingId(null);
          setFocusRequest({ id: saved.id, target: 'entry' });
        }}
      />

      <EntryHistoryModal
        glossary={glossary}
        entry={historyEntry}
        fields={fields}
        canWrite={canWrite}
        onClose={() => setHistoryEntry(null)}
        onRestored={() => {
          setHistoryEntry(null);
          showToast({ tone: 'success', text: es.entries.versionRestored });
        }}
      />
    </Stack>
  );
}
