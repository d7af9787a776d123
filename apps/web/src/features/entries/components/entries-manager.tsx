import type { CardField, Entry, Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { showToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { entriesInfiniteQueryOptions, useEntriesInfinite } from '../api/get-entries-page.ts';
import { useEntryEditing } from '../hooks/use-entry-editing.ts';
import { useEntryFilters } from '../hooks/use-entry-filters.ts';
import { useEntrySelection } from '../hooks/use-entry-selection.ts';
import { useFocusRequest } from '../hooks/use-focus-request.ts';
import { toggleId } from '../utils/toggle-id.ts';
import { AddEntryPanel } from './add-entry-panel.tsx';
import { ConvertVariantsModal } from './convert-variants-modal.tsx';
import { EntriesFilterBar } from './entries-filter-bar.tsx';
import { EntriesToolbar, type CopyRequest } from './entries-toolbar.tsx';
import { EntryCard } from './entry-card.tsx';
import { EntryConflictModal } from './entry-conflict-modal.tsx';
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
 * The entries of one glossary (/entradas once a glossary is chosen): the search, order and
 * review-state filters (EntriesFilterBar), 'Añadir entrada' (AddEntryPanel), the bulk actions
 * bar (EntriesToolbar) over the selection, and the virtualised list of expandable cards with
 * inline editing (useEntryEditing), history and the conversion of variants.
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
  const filters = useEntryFilters();
  const { q, orden, estado } = filters;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [isAdding, setIsAdding] = useState(false);
  const [historyEntry, setHistoryEntry] = useState<Entry | null>(null);
  // By id: after a 409 the dialog proposes again from the entry as the list reads it anew.
  const [convertingId, setConvertingId] = useState<number | null>(null);
  const openConvertVariants = useCallback((entry: Entry) => setConvertingId(entry.id), []);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const list = useEntriesInfinite(nombreSeguro, q, orden, estado);
  const queryClient = useQueryClient();

  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const selection = useEntrySelection(entries, total);
  const { mode, isSelected, toggle: toggleSelected } = selection;
  const { focusRequest, requestFocus, clearFocusRequest } = useFocusRequest();
  const editing = useEntryEditing(nombreSeguro, entries, requestFocus);
  const { editingId, saveError, isSaving, startEdit, closeEdit, saveEdit } = editing;

  // After an entry is created the list has been read again: is the new one on it?
  const isListed = (id: number) =>
    queryClient
      .getQueryData(entriesInfiniteQueryOptions(nombreSeguro, q, orden, estado).queryKey)
      ?.pages.some((page) => page.entries.some((e) => e.id === id)) ?? false;

  const toggleExpanded = useCallback((id: number) => {
    setExpanded((current) => toggleId(current, id));
  }, []);

  const renderEntry = useCallback(
    (entry: Entry) => (
      <EntryCard
        entry={entry}
        glossary={glossary}
        fields={fields}
        isExpanded={expanded.has(entry.id)}
        isEditing={editingId === entry.id}
        isSaving={isSaving && editingId === entry.id}
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
        onCancelEdit={closeEdit}
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
      isSaving,
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
      closeEdit,
      saveEdit,
      openConvertVariants,
    ],
  );

  return (
    <Stack gap="sm">
      <EntriesFilterBar filters={filters}>
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
      </EntriesFilterBar>

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
            if (isListed(entry.id)) requestFocus(entry.id, 'entry');
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
        conflict={editing.conflict}
        fields={fields ?? []}
        saving={isSaving}
        onSave={editing.saveOverTheirs}
        onDiscard={editing.discardMine}
        onClose={editing.closeConflict}
      />

      <ConvertVariantsModal
        nombreSeguro={nombreSeguro}
        languages={[glossary.idioma_origen, glossary.idioma_meta]}
        entry={entries.find((e) => e.id === convertingId) ?? null}
        onClose={() => {
          setConvertingId(null);
          if (convertingId !== null) requestFocus(convertingId, 'variants');
        }}
        onConverted={(saved) => {
          setConvertingId(null);
          requestFocus(saved.id, 'entry');
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
