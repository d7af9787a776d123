import type { Entry } from '@ludoterm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { esEnFields, espada, rpgGlossary } from '../test/entry-fixtures.ts';
import { EntriesManager } from './entries-manager.tsx';

const withVariants: Entry = { ...espada, variante: 'tizona; Espada\nblade', version: 3 };

/**
 * /entradas over a glossary holding `entry` (the list answers whatever `listed()` is at the
 * time); `put` answers each PUT. Returns the PUT bodies.
 */
function renderWith(
  listed: () => Entry,
  put: (body: unknown) => FixtureAnswer,
  acceso = rpgGlossary.acceso,
) {
  const puts: unknown[] = [];
  serveApi((request) => {
    if (request.method === 'PUT') {
      puts.push(request.body);
      return put(request.body);
    }
    if (request.method === 'GET' && request.url.includes('/entradas?')) {
      return { status: 200, data: [listed()], headers: { 'x-total-count': '1' } };
    }
    return { status: 404, data: { detail: 'no', code: 'NOT_FOUND' } };
  });
  renderWithProviders(
    <EntriesManager
      glossary={{ ...rpgGlossary, acceso }}
      fields={esEnFields}
      onCopyRequest={() => {}}
    />,
  );
  return puts;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Ver ficha de «espada»' }));
  await userEvent.click(
    screen.getByRole('button', { name: 'Convertir variantes en términos: «espada»' }),
  );
  return screen.findByRole('dialog', { name: 'Convertir variantes en términos' });
}

describe('Convertir variantes en términos', () => {
  it('proposes the split, lets the language be chosen, and saves only on confirmation', async () => {
    let current = withVariants;
    const puts = renderWith(
      () => current,
      () => {
        current = {
          ...withVariants,
          variante: null,
          version: 4,
          terminos: [
            ...espada.terminos.slice(0, 1),
            { ...espada.terminos[0]!, termino: 'tizona', estado: 'admitido', tipo: 'variante' },
            ...espada.terminos.slice(1),
            { ...espada.terminos[1]!, termino: 'blade', estado: 'admitido', tipo: 'variante' },
          ],
        };
        return { status: 200, data: { entrada: current } };
      },
    );
    const dialog = await openDialog();
    const proposed = within(dialog).getByRole('list', { name: 'Términos que se añadirán' });
    expect(
      within(proposed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('tizona'),
      expect.stringContaining('Espada'),
      expect.stringContaining('blade'),
    ]);
    // «Espada» already is the Spanish term: shown, but not added again.
    expect(
      within(dialog).getByText('Ya es un término de la entrada (es): no se repite.'),
    ).toBeInTheDocument();
    const blade = within(dialog).getByRole('combobox', { name: 'Idioma de «blade»' });
    expect(blade).toHaveValue('es');
    await userEvent.selectOptions(blade, 'en');
    expect(puts).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 2 términos' }));
    expect(await screen.findByText('2 variantes convertidas en términos.')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        terminos: [
          expect.objectContaining({ idioma: 'es', termino: 'espada', estado: 'preferido' }),
          { idioma: 'es', termino: 'tizona', estado: 'admitido', tipo: 'variante' },
          expect.objectContaining({ idioma: 'en', termino: 'sword', estado: 'preferido' }),
          { idioma: 'en', termino: 'blade', estado: 'admitido', tipo: 'variante' },
        ],
        variante: null,
        version: 3,
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Variantes is empty now, so the action is gone; the card shows the new terms.
    const card = screen.getByRole('article', { name: 'espada' });
    expect(await within(card).findByText('tizona')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Convertir variantes/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Ocultar ficha de «espada»' })).toHaveFocus();
  });

  it('changes nothing when cancelled', async () => {
    const puts = renderWith(
      () => withVariants,
      () => ({ status: 500 }),
    );
    await openDialog();
    // The dialog is the app's modal: Escape closes it, as its Cancelar button does.
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
    expect(
      screen.getByRole('button', { name: 'Convertir variantes en términos: «espada»' }),
    ).toHaveFocus();
    expect(
      screen.getByText('tizona; Espada blade', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
  });

  it("shows the server's reason in the dialog when it refuses the list", async () => {
    const detail = 'terminos: No puede superar 30 elementos.';
    renderWith(
      () => withVariants,
      () => ({ status: 422, data: { detail, code: 'VALIDATION_FAILED' } }),
    );
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 2 términos' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `No se han convertido las variantes: ${detail}`,
    );
  });

  it('after a 409, proposes again from the version someone else saved', async () => {
    let current = withVariants;
    const puts = renderWith(
      () => current,
      () => {
        current = { ...withVariants, variante: 'tizona; colada', version: 4 };
        return {
          status: 409,
          data: { detail: 'Otra persona…', code: 'CONFLICT', entrada: current },
        };
      },
    );
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 2 términos' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Otra persona ha cambiado esta entrada mientras tanto.',
    );
    expect(
      await within(dialog).findByRole('combobox', { name: 'Idioma de «colada»' }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 2 términos' }));
    expect(puts.at(-1)).toMatchObject({ version: 4 });
  });

  it('is not offered to a reader', async () => {
    renderWith(
      () => withVariants,
      () => ({ status: 500 }),
      'lector',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Ver ficha de «espada»' }));
    expect(screen.getByText('Variantes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Convertir variantes/ })).toBeNull();
  });
});
