import type { Entry, EntryInput } from '@ludoterm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { esEnFields, espada } from '../test/entry-fixtures.ts';
import { conflictOf, conflictRows, mergedInput } from '../utils/entry-conflict.ts';
import { EntryConflictModal } from './entry-conflict-modal.tsx';

// Someone else saved version 3 with a new definition and notes while the user, who opened
// version 2, changed the English term and the notes.
const theirs: Entry = {
  ...espada,
  version: 3,
  autor: 'Luis Gómez',
  definicion: 'Arma blanca de hoja larga y recta.',
  notas: 'Véase «sable».',
};
const mine: EntryInput = {
  termino: { es: 'espada', en: 'longsword' },
  subindice: 'combate',
  definicion: 'Arma blanca de hoja larga.',
  notas: 'Comparar con «estoque».',
  comentarios_privados: 'Revisar con QA.',
};

describe('entry conflicts', () => {
  it('reads the saved entry from a 409 answer, and nothing from other errors', () => {
    const body = { detail: 'Otra persona…', code: 'CONFLICT', entrada: theirs };
    expect(conflictOf(new ApiError(409, 'CONFLICT', body.detail, body.detail, body))).toEqual(
      theirs,
    );
    expect(conflictOf(new ApiError(409, 'CONFLICT', 'x', 'x', { detail: 'x' }))).toBeNull();
    expect(conflictOf(new ApiError(422, 'VALIDATION_FAILED', 'x', 'x', body))).toBeNull();
  });

  it('lists only the fields that differ, and merges field by field', () => {
    const rows = conflictRows(esEnFields, mine, theirs);
    expect(rows.map((r) => r.id)).toEqual(['termino.en', 'definicion', 'notas']);
    const merged = mergedInput(esEnFields, mine, theirs, new Set(['definicion']));
    expect(merged.termino).toEqual({ es: 'espada', en: 'longsword' });
    expect(merged.definicion).toBe(theirs.definicion);
    expect(merged.notas).toBe(mine.notas);
    expect(merged.comentarios_privados).toBe('Revisar con QA.');
  });

  it('compares an edited term list as one row, and keeps it or the saved one as chosen', () => {
    const list: EntryInput['terminos'] = [
      { idioma: 'es', termino: 'espada', estado: 'preferido' },
      { idioma: 'es', termino: 'tizona', estado: 'desaconsejado' },
      { idioma: 'en', termino: 'longsword', estado: 'preferido' },
    ];
    const withTerms = { ...mine, terminos: list };
    const row = conflictRows(esEnFields, withTerms, theirs).find((r) => r.id === 'terminos');
    expect(row).toMatchObject({
      label: 'Términos (lista completa)',
      mine: 'es: espada (preferido) · es: tizona (desaconsejado) · en: longsword (preferido)',
      theirs: 'es: espada (preferido) · en: sword (preferido)',
    });
    expect(mergedInput(esEnFields, withTerms, theirs, new Set()).terminos).toEqual(list);
    expect(
      mergedInput(esEnFields, withTerms, theirs, new Set(['terminos'])).terminos,
    ).toBeUndefined();
  });

  it('tells who changed each field since the edit opened, and keeps what only they changed', async () => {
    const base: Entry = { ...espada, version: 2, notas: 'Véase «sable».' };
    const rows = conflictRows(esEnFields, { ...mine, notas: 'Véase «sable».' }, theirs, base);
    expect(rows.map((r) => [r.id, r.changedBy])).toEqual([
      ['termino.en', 'you'],
      ['definicion', 'them'],
    ]);
    const onSave = vi.fn();
    renderWithProviders(
      <EntryConflictModal
        conflict={{ mine: { ...mine, notas: 'Véase «sable».' }, theirs, base }}
        fields={esEnFields}
        saving={false}
        onSave={onSave}
        onDiscard={() => undefined}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Solo lo cambió la otra persona')).toBeInTheDocument();
    expect(within(dialog).getByText('Solo lo cambiaste tú')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar la combinación' }));
    // Both edits survive without a single choice: their definition, the user's English term.
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      termino: { en: 'longsword' },
      definicion: theirs.definicion,
    });
  });

  it('shows both versions side by side and saves the chosen combination over the new version', async () => {
    const onSave = vi.fn();
    const onDiscard = vi.fn();
    renderWithProviders(
      <EntryConflictModal
        conflict={{ mine, theirs }}
        fields={esEnFields}
        saving={false}
        onSave={onSave}
        onDiscard={onDiscard}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Otra persona ha cambiado esta entrada',
    });
    expect(within(dialog).getByText(/Luis Gómez guardó la versión 3/)).toBeInTheDocument();
    expect(within(dialog).getByText('longsword')).toBeInTheDocument();
    expect(within(dialog).getByText('sword')).toBeInTheDocument();
    expect(within(dialog).queryByText('combate')).not.toBeInTheDocument();

    const definition = within(dialog).getByRole('radiogroup', {
      name: /Qué se guarda en «Definición/,
    });
    await userEvent.click(within(definition).getByText('Lo guardado'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar la combinación' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const [input, version] = onSave.mock.calls[0] as [EntryInput, number];
    expect(version).toBe(3);
    expect(input).toMatchObject({
      termino: { en: 'longsword' },
      definicion: theirs.definicion,
      notas: mine.notas,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Todo lo guardado' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar la combinación' }));
    expect(onSave.mock.calls[1]![0]).toMatchObject({
      termino: { en: 'sword' },
      notas: theirs.notas,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar mis cambios' }));
    expect(onDiscard).toHaveBeenCalled();
  });
});
