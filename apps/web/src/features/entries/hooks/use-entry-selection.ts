import type { Entry } from '@ludoterm/contract';
import { useCallback, useState } from 'react';
import { toggleId } from '../utils/toggle-id.ts';

/** Which bulk action the checked entries are for; 'none' hides the checkboxes. */
export type SelectionMode = 'none' | 'copy' | 'delete';

export interface EntrySelection {
  mode: SelectionMode;
  /** 'Seleccionar todo': every entry of the glossary (or of the search), loaded or not. */
  isAllSelected: boolean;
  /** The entries checked one by one (empty while everything is selected). */
  selectedIds: ReadonlySet<number>;
  /** How many entries the bulk action would touch. */
  count: number;
  /** Some entries are checked, but not all: the select-all box shows a dash. */
  isPartial: boolean;
  isSelected: (id: number) => boolean;
  /** Switches the bulk action, starting again from an empty selection. */
  chooseMode: (mode: SelectionMode) => void;
  toggle: (id: number) => void;
  selectAll: (isChecked: boolean) => void;
}

/**
 * The checked entries of the list for 'Copiar entradas' and 'Eliminar entradas': one by one
 * among the loaded `entries`, or all `total` of them at once.
 */
export function useEntrySelection(entries: readonly Entry[], total: number): EntrySelection {
  const [mode, setMode] = useState<SelectionMode>('none');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [isAllSelected, setIsAllSelected] = useState(false);

  const selectAll = useCallback((isChecked: boolean) => {
    setSelectedIds(new Set());
    setIsAllSelected(isChecked);
  }, []);

  const chooseMode = useCallback(
    (next: SelectionMode) => {
      setMode(next);
      selectAll(false);
    },
    [selectAll],
  );

  const toggle = useCallback(
    (id: number) => {
      if (isAllSelected) {
        // Leaving "all" keeps every loaded entry but this one.
        setIsAllSelected(false);
        setSelectedIds(new Set(entries.map((e) => e.id).filter((x) => x !== id)));
        return;
      }
      setSelectedIds((current) => toggleId(current, id));
    },
    [isAllSelected, entries],
  );

  const isSelected = useCallback(
    (id: number) => isAllSelected || selectedIds.has(id),
    [isAllSelected, selectedIds],
  );

  return {
    mode,
    isAllSelected,
    selectedIds,
    count: isAllSelected ? total : selectedIds.size,
    isPartial: !isAllSelected && selectedIds.size > 0,
    isSelected,
    chooseMode,
    toggle,
    selectAll,
  };
}
