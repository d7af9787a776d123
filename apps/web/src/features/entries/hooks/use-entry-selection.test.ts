import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { escudo, espada } from '../test/entry-fixtures.ts';
import { useEntrySelection } from './use-entry-selection.ts';

/** Two loaded entries out of `total` (a list with more pages still to load). */
function renderSelection(total = 2) {
  return renderHook(() => useEntrySelection([escudo, espada], total));
}

describe('useEntrySelection', () => {
  it('starts with no mode and nothing selected', () => {
    const { result } = renderSelection();
    expect(result.current.mode).toBe('none');
    expect(result.current.count).toBe(0);
    expect(result.current.isSelected(espada.id)).toBe(false);
  });

  it('checks and unchecks entries one by one, and says when only some are checked', () => {
    const { result } = renderSelection();
    act(() => result.current.toggle(espada.id));
    expect(result.current.isSelected(espada.id)).toBe(true);
    expect(result.current.count).toBe(1);
    expect(result.current.isPartial).toBe(true);
    act(() => result.current.toggle(espada.id));
    expect(result.current.count).toBe(0);
    expect(result.current.isPartial).toBe(false);
  });

  it('counts every entry of the list with select all, loaded or not', () => {
    const { result } = renderSelection(120);
    act(() => result.current.selectAll(true));
    expect(result.current.isAllSelected).toBe(true);
    expect(result.current.count).toBe(120);
    expect(result.current.isSelected(escudo.id)).toBe(true);
    expect(result.current.isPartial).toBe(false);
  });

  it('keeps every loaded entry but the unchecked one when leaving select all', () => {
    const { result } = renderSelection(120);
    act(() => result.current.selectAll(true));
    act(() => result.current.toggle(espada.id));
    expect(result.current.isAllSelected).toBe(false);
    expect([...result.current.selectedIds]).toEqual([escudo.id]);
    expect(result.current.isPartial).toBe(true);
  });

  it('starts again from an empty selection when the mode changes', () => {
    const { result } = renderSelection();
    act(() => result.current.chooseMode('delete'));
    act(() => result.current.toggle(espada.id));
    act(() => result.current.chooseMode('copy'));
    expect(result.current.mode).toBe('copy');
    expect(result.current.count).toBe(0);
    act(() => result.current.selectAll(true));
    act(() => result.current.chooseMode('none'));
    expect(result.current.isAllSelected).toBe(false);
  });
});
