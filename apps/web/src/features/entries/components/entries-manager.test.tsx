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

  it('asks the server for the entries in one review state', async () => {
    const requests = serveEntries([espada]);
    renderManager();
    await screen.findByRole('article', { name: 'espada' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Estado de revisión' }),
      'Aprobada',
    );
    await vi.waitFor(() =>
      expect(requests.some((r) => r.url.includes('estado_revision=aprobado'))).toBe(true),
    );
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

  it('shows the review state and lets the owner approve; an editor may only send it to review', async () => {
    let sent: unknown = null;
    serveEntries([espada], (r) => {
      if (r.method !== 'PUT') return undefined;
      sent = r.body;
      return {
        status: 200,
        data: { entrada: { ...espada, estado_revision: 'aprobado', version: 2 } },
      };
    });
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver ficha de «espada»' }));
    const card = screen.getByRole('article', { name: 'espada' });
    expect(within(card).getByText('Borrador')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Aprobar: «espada»' }));
    expect(await screen.findByText('Entrada actualizada.')).toBeInTheDocument();
    expect(sent).toEqual({ estado_revision: 'aprobado', version: 1 });
  });

  it('offers an editor no approval, only sending to review', async () => {
    serveEntries([espada]);
    renderManager({ glossary: { ...rpgGlossary, acceso: 'editor' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver ficha de «espada»' }));
    const card = screen.getByRole('article', { name: 'espada' });
    expect(
      within(card).getByRole('button', { name: 'Enviar a revisión: «espada»' }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Aprobar: «espada»' })).toBeNull();
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

  it('shows each adjustment the server made to a saved edit, announced politely', async () => {
    const aviso =
      'Solo puede haber un término preferido por idioma: «espada» sigue siendo el preferido (es) y «tizona» pasa a admitido.';
    serveEntries([espada], (r) =>
      r.method === 'PUT'
        ? { status: 200, data: { entrada: { ...espada, version: 2, avisos: [aviso] } } }
        : undefined,
    );
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «espada»' }));
    const form = screen.getByRole('form', { name: 'Editar «espada»' });
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Entrada actualizada.')).toBeInTheDocument();
    const notice = screen.getByText(`Guardada con un ajuste: ${aviso}`);
    expect(notice.closest('[role="status"]')).not.toBeNull();
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

  it('shows both versions after a 409 with the saved entry, and saves the combination over it', async () => {
    const opened = { ...espada, version: 3, notas: null };
    const theirs = { ...opened, version: 4, autor: 'Luis Gómez', definicion: 'Espada larga.' };
    const sent: unknown[] = [];
    serveEntries([opened], (r) => {
      if (r.method !== 'PUT') return undefined;
      sent.push(r.body);
      if (sent.length === 1) {
        return {
          status: 409,
          data: {
            detail: 'Otra persona ha cambiado esta entrada…',
            code: 'CONFLICT',
            entrada: theirs,
          },
        };
      }
      return { status: 200, data: { entrada: { ...theirs, version: 5, notas: 'Mi nota' } } };
    });
    renderManager();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «espada»' }));
    const form = screen.getByRole('form', { name: 'Editar «espada»' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Notas' }), 'Mi nota');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Otra persona ha cambiado esta entrada',
    });
    expect(within(dialog).getByText('Mi nota')).toBeInTheDocument();
    expect(within(dialog).getByText('Espada larga.')).toBeInTheDocument();
    const definition = within(dialog).getByRole('radiogroup', { name: /«Definición/ });
    await userEvent.click(within(definition).getByText('Lo guardado'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar la combinación' }));
    expect(await screen.findByText('Entrada actualizada.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ notas: 'Mi nota', definicion: 'Espada larga.', version: 4 });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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

  it('moves focus into the edit form, and back to its Editar button on Escape and after saving', async () => {
    serveEntries([espada], (r) =>
      r.method === 'PUT' ? { status: 200, data: { entrada: espada } } : undefined,
    );
    renderManager();
    const edit = await screen.findByRole('button', { name: 'Editar «espada»' });
    await userEvent.click(edit);
    const form = screen.getByRole('form', { name: 'Editar «espada»' });
    expect(within(form).getByRole('textbox', { name: 'Término (es)' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Editar «espada»' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar «espada»' })).toHaveFocus();

    // Opened from the expanded card's own Editar button, focus comes back to that one.
    await userEvent.click(screen.getByRole('button', { name: 'Ver ficha de «espada»' }));
    const card = screen.getByRole('article', { name: 'espada' });
    await userEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Entrada actualizada.')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Editar' })).toHaveFocus(),
    );
  });

  it('focuses the new entry once it is added, and Añadir entrada when the panel is cancelled', async () => {
    const listed: Entry[] = [espada];
    const arco = { ...espada, id: 99, termino: { es: 'arco', en: 'bow' } };
    serveApi((request) => {
      if (request.method === 'POST') {
        listed.unshift(arco);
        return { status: 201, data: arco };
      }
      const data = [...listed];
      return { status: 200, data, headers: { 'x-total-count': String(data.length) } };
    });
    renderManager();
    await screen.findByRole('article', { name: 'espada' });
    const add = screen.getByRole('button', { name: 'Añadir entrada' });
    await userEvent.click(add);
    const form = screen.getByRole('form', { name: 'Nueva entrada' });
    expect(within(form).getByRole('textbox', { name: 'Término (es)' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Nueva entrada' })).not.toBeInTheDocument();
    expect(add).toHaveFocus();

    await userEvent.click(add);
    await userEvent.keyboard('arco');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    // The list reloads, then renders the new row in a deferred pass.
    await vi.waitFor(
      () => expect(screen.getByRole('button', { name: 'Ver ficha de «arco»' })).toHaveFocus(),
      // The reload and the deferred pass can take several seconds on a loaded CI machine.
      { timeout: 20_000 },
    );
  }, 40_000);

  it('focuses Añadir entrada when the new entry is not in the list shown', async () => {
    serveEntries([espada], (r) =>
      r.method === 'POST' ? { status: 201, data: { ...espada, id: 99 } } : undefined,
    );
    renderManager();
    await screen.findByRole('article', { name: 'espada' });
    await userEvent.click(screen.getByRole('button', { name: 'Añadir entrada' }));
    await userEvent.keyboard('zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(
      () => expect(screen.getByRole('button', { name: 'Añadir entrada' })).toHaveFocus(),
      { timeout: 5000 },
    );
  });

  it('offers the private comments as the server says, not by comparing names', async () => {
    const byLuis = { ...escudo, puede_ver_comentarios_privados: true };
    const byAna = { ...espada, comentarios_privados: null, puede_ver_comentarios_privados: false };
    serveEntries([byLuis, byAna]);
    renderManager({ glossary: { ...rpgGlossary, acceso: 'editor' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar «escudo»' }));
    let form = screen.getByRole('form', { name: 'Editar «escudo»' });
    expect(within(form).getByRole('textbox', { name: /Comentarios privados/ })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Editar «espada»' }));
    form = screen.getByRole('form', { name: 'Editar «espada»' });
    expect(within(form).queryByRole('textbox', { name: /Comentarios privados/ })).toBeNull();
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
    expect(await screen.findByText('Entrada restaurada correctamente.')).toBeInTheDocument();
    expect(restored).toEqual({ version_index: 0, version: espada.version });

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
