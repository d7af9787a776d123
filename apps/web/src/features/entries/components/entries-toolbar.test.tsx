import type { Entry } from '@ludoterm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { useEntrySelection } from '../hooks/use-entry-selection.ts';
import { escudo, espada, rpgGlossary } from '../test/entry-fixtures.ts';
import { EntriesToolbar } from './entries-toolbar.tsx';

interface ToolbarOptions {
  entries?: Entry[];
  q?: string;
  canWrite?: boolean;
}

/** The bar over a loaded list of `entries`, driven by the real selection hook. */
function renderToolbar({
  entries = [escudo, espada],
  q = '',
  canWrite = true,
}: ToolbarOptions = {}) {
  const onCopyRequest = vi.fn();
  const onEntriesChanged = vi.fn();
  function Harness() {
    const selection = useEntrySelection(entries, entries.length);
    return (
      <EntriesToolbar
        nombreSeguro={rpgGlossary.nombre_seguro}
        canWrite={canWrite}
        q={q}
        total={entries.length}
        isLoaded
        selection={selection}
        onCopyRequest={onCopyRequest}
        onEntriesChanged={onEntriesChanged}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { onCopyRequest, onEntriesChanged };
}

/** The entries list as `getAllEntryIds` reads it, and `answer` for anything else. */
function serveIds(entries: Entry[], answer?: FixtureAnswer) {
  return serveApi((request) => {
    if (request.method === 'GET' && request.url.includes('/entradas?')) {
      return { status: 200, data: entries, headers: { 'x-total-count': String(entries.length) } };
    }
    return answer ?? { status: 404, data: { detail: 'no', code: 'NOT_FOUND' } };
  });
}

describe('EntriesToolbar', () => {
  it('shows the count and both modes, and only copying on a read-only glossary', () => {
    renderToolbar({ canWrite: false });
    expect(screen.getByText('2 entradas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar entradas' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Eliminar entradas' })).not.toBeInTheDocument();
  });

  it('disables both modes when the list is empty', () => {
    renderToolbar({ entries: [] });
    expect(screen.getByRole('button', { name: 'Copiar entradas' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Eliminar entradas' })).toBeDisabled();
  });

  it('selects all, counts them, and cancels back to the modes', async () => {
    renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar entradas' }));
    expect(screen.getByText('0 seleccionadas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar seleccionadas' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo' }));
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar seleccionadas' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar selección' }));
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar todo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar entradas' })).toBeInTheDocument();
  });

  it('copies the ids of every match when a search is active', async () => {
    const calls = serveIds([espada]);
    const { onCopyRequest } = renderToolbar({ entries: [espada], q: 'esp' });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar entradas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copiar seleccionadas' }));
    await vi.waitFor(() => expect(onCopyRequest).toHaveBeenCalledWith({ ids: [10], count: 1 }));
    expect(calls.some((call) => call.url.includes('q=esp'))).toBe(true);
  });

  it('says why a deletion failed and keeps the selection', async () => {
    serveIds([escudo, espada], {
      status: 409,
      data: { detail: 'El glosario está bloqueado.', code: 'CONFLICT' },
    });
    const { onEntriesChanged } = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar entradas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionadas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al eliminar: El glosario está bloqueado.',
    );
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
    expect(onEntriesChanged).not.toHaveBeenCalled();
  });
});
