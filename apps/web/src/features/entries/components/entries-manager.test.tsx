import type { Entry } from '@ludoterm/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serveApi, renderWithProviders } from '@/test/render.tsx';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import {
  esEnFields,
  escudo,
  espada,
  espadaHistory,
  readOnlyGlossary,
  rpgGlossary,
} from '../test/entry-fixtures.ts';
import { EntriesManager, type EntriesManagerProps } from './entries-manager.tsx';

type Request = { method: string; url: string; body: unknown };

/** The API as the list sees it: one page of `entries` and whatever `extra` answers. */
function serveEntries(
  entries: Entry[],
  extra: (r: Request) => FixtureAnswer | undefined = () => undefined,
) {
  const requests: Request[] = [];
  serveApi((request) => {
    requests.push(request);
    const answer = extra(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url.includes('/entradas?')) {
      return { status: 200, data: entries, headers: { 'x-total-count': String(entries.length) } };
    }
    return { status: 404, data: { detail: 'no', code: 'NOT_FOUND' } };
  });
  return requests;
}

function renderManager(props: Partial<EntriesManagerProps> = {}) {
  const onCopyRequest = vi.fn();
  const onEntriesChanged = vi.fn();
  renderWithProviders(
    <EntriesManager
      glossary={rpgGlossary}
      fields={esEnFields}
      currentUserName="Ana Torres"
      onCopyRequest={onCopyRequest}
      onEntriesChanged={onEntriesChanged}
      {...props}
    />,
  );
  return { onCopyRequest, onEntriesChanged };
}

describe('EntriesManager', () => {
  it('lists the entries in order with their count, and says so when there are none', async () => {
    serveEntries([escudo, espada]);
    renderManager();
    const list = await screen.findByRole('list', { name: 'Entradas de «RPG Combate»' });
    // The rows render in a deferred pass after the list itself.
    const rows = await within(list).findAllByRole('article');
    expect(rows.map((a) => a.getAttribute('aria-label'))).toEqual(['escudo', 'espada']);
    expect(screen.getByText('2 entradas')).toBeInTheDocument();
  });

  it("says 'Sin entradas aún' for an empty glossary", async () => {
    serveEntries([]);
    renderManager();
    expect(await screen.findByText('Sin entradas aún')).toBeInTheDocument();
  });

  it('asks the server for the search and the Z–A order', async () => {
    const requests = serveEntries([espada]);
    renderManager();
    await screen.findByRole('article', { name: 'espada' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar en el glosario' }), 'espa');
    await vi.waitFor(() => expect(requests.some((r) => r.url.includes('q=espa'))).toBe(true));
    await userEvent.click(screen.getByText('Z–A'));
    await vi.waitFor(() => expect(requests.some((r) => r.url.includes('orden=desc'))).toBe(true));
  });

  it('expands a card with its fields, author and creation date', async () => {
    serveEntries([espada]);
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver ficha de «espada»' }));
    const card = screen.getByRole('article', { name: 'espada' });
    expect(within(card).getByText('Definición')).toBeInTheDocument();
    expect(within(card).getByText('Arma blanca de hoja larga.')).toBeInTheDocument();
    expect(within(card).getByText('Autor')).toBeInTheDocument();
    expect(within(card).getByText('Ana Torres')).toBeInTheDocument();
    expect(within(card).getByText('Fecha de creación')).toBeInTheDocument();
    expect(within(card).getByText('Comentarios privados')).toBeInTheDocument();
  });

  it('edits inline with author and date read-only, and says so when saved', async () => {
    let sent: unknown = null;
    serveEntries([espada], (r) => {
      if (r.method !== 'PUT') return undefined;
      sent = r.body;
      return { status: 200, data: { entrada: { ...espada, notas: 'Nueva nota' } } };
    });
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «espada»' }));
    const form = screen.getByRole('form', { name: 'Editar «espada»' });
    expect(within(form).getByRole('textbox', { name: 'Autor' })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'Fecha de creación' })).toHaveAttribute(
      'readonly',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Notas' }), 'Nueva nota');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Entrada actualizada.')).toBeInTheDocument();
    expect(sent).toMatchObject({
      termino: { es: 'espada', en: 'sword' },
      notas: 'Nueva nota',
      comentarios_privados: 'Revisar con QA.',
      version: 1,
    });
  });

  it('sends the version the edit opened with, and shows why the server refused a stale one', async () => {
    const detail =
      'Otra persona ha cambiado esta entrada desde que la abriste (ahora va por la versión 4). ' +
      'Vuelve a cargarla para ver sus cambios y aplica de nuevo los tuyos.';
    const opened = { ...espada, version: 3 };
    let sent: unknown = null;
    serveEntries([opened], (r) => {
      if (r.method !== 'PUT') return undefined;
      sent = r.body;
      return { status: 409, data: { detail, code: 'CONFLICT' } };
    });
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «espada»' }));
    const form = screen.getByRole('form', { name: 'Editar «espada»' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Notas' }), 'Mi nota');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(form).findByText(`Error al guardar la entrada: ${detail}`),
    ).toBeInTheDocument();
    expect(sent).toMatchObject({ notas: 'Mi nota', version: 3 });
    // The form stays open with what the user typed.
    expect(within(form).getByRole('textbox', { name: 'Notas' })).toHaveValue('Mi nota');
  });

  it('adds an entry with the form and refuses one without terms', async () => {
    let sent: unknown = null;
    serveEntries([], (r) => {
      if (r.method !== 'POST') return undefined;
      sent = r.body;
      return { status: 201, data: { ...espada, id: 99 } };
    });
    const { onEntriesChanged } = renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir entrada' }));
    const form = screen.getByRole('form', { name: 'Nueva entrada' });
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Escribe el término en al menos uno de los dos idiomas.',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Término (es)' }), 'arco');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Término (en)' }), 'bow');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Entrada creada.')).toBeInTheDocument();
    expect(sent).toMatchObject({ termino: { es: 'arco', en: 'bow' }, notas: null });
    expect(onEntriesChanged).toHaveBeenCalled();
  });

  it('deletes the selected entries and brings them back from the undo toast', async () => {
    const requests = serveEntries([escudo, espada], (r) => {
      if (r.url.endsWith('/eliminar')) return { status: 200, data: { eliminadas: 2 } };
      if (r.url.endsWith('/recuperar')) return { status: 200, data: espada };
      return undefined;
    });
    renderManager();
    await screen.findByRole('article', { name: 'espada' });
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar entradas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «espada»' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «escudo»' }));
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionadas' }));
    expect(await screen.findByText('2 entradas eliminadas.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/eliminar'))?.body).toEqual({ ids: [10, 11] });
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('2 entradas restauradas.')).toBeInTheDocument();
    expect(
      requests
        .filter((r) => r.url.endsWith('/recuperar'))
        .map((r) => r.url)
        .sort(),
    ).toEqual([
      '/glosarios/rpg-combate/entradas/10/recuperar',
      '/glosarios/rpg-combate/entradas/11/recuperar',
    ]);
  });

  it('dismisses the undo toast with Descartar', async () => {
    serveEntries([espada], (r) => (r.method === 'DELETE' ? { status: 204 } : undefined));
    renderManager();
    await screen.findByRole('article', { name: 'espada' });
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar entradas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «espada»' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionadas' }));
    expect(await screen.findByText('Entrada eliminada.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    await vi.waitFor(() =>
      expect(screen.queryByText('Entrada eliminada.')).not.toBeInTheDocument(),
    );
  });

  it('copies all entries of the glossary with select all, and cancels the selection', async () => {
    serveEntries([escudo, espada]);
    const { onCopyRequest } = renderManager();
    await screen.findByRole('article', { name: 'espada' });
    await userEvent.click(screen.getByRole('button', { name: 'Copiar entradas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo' }));
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar seleccionadas' }));
    expect(onCopyRequest).toHaveBeenCalledWith({ todas: true, count: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar selección' }));
    expect(
      screen.queryByRole('checkbox', { name: 'Seleccionar «espada»' }),
    ).not.toBeInTheDocument();
  });

  it('shows the history, restores a version and closes with Escape', async () => {
    let restored: unknown = null;
    serveEntries([espada], (r) => {
      if (r.url.endsWith('/historial')) return { status: 200, data: { historial: espadaHistory } };
      if (r.url.endsWith('/restaurar')) {
        restored = r.body;
        return { status: 200, data: { entrada: espada } };
      }
      return undefined;
    });
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Historial de «espada»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de «espada»' });
    expect(await within(dialog).findByText('Versión inicial')).toBeInTheDocument();
    expect(within(dialog).getByText('Versión 2')).toBeInTheDocument();
    expect(within(dialog).getByText('blade')).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Restaurar: Versión inicial' }),
    );
    expect(await screen.findByText('✅ Entrada restaurada correctamente.')).toBeInTheDocument();
    expect(restored).toEqual({ version_index: 0 });

    await userEvent.click(screen.getByRole('button', { name: 'Historial de «espada»' }));
    await screen.findByRole('dialog');
    await act(async () => {
      await userEvent.keyboard('{Escape}');
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Sin historial' for an empty history", async () => {
    serveEntries([espada], (r) =>
      r.url.endsWith('/historial') ? { status: 200, data: { historial: [] } } : undefined,
    );
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Historial de «espada»' }));
    expect(await screen.findByText('Sin historial')).toBeInTheDocument();
  });

  it('offers nothing that writes on a read-only glossary, but lets it be copied', async () => {
    serveEntries([espada]);
    renderManager({ glossary: readOnlyGlossary });
    await screen.findByRole('article', { name: 'espada' });
    expect(screen.queryByRole('button', { name: 'Añadir entrada' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar entradas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar «espada»' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar entradas' })).toBeEnabled();
  });
});
