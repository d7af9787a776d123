import type { Entry, EntryInput } from '@ludoterm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { esEnFields, espada } from '../test/entry-fixtures.ts';
import { EntryForm } from './entry-form.tsx';

const blank = { categoria_gramatical: null, genero: null, numero: null, nota_uso: null } as const;
const withSynonym: Entry = {
  ...espada,
  terminos: [
    {
      ...blank,
      idioma: 'es',
      termino: 'espada',
      estado: 'preferido',
      tipo: 'termino_completo',
      genero: 'femenino',
    },
    { ...blank, idioma: 'es', termino: 'tizona', estado: 'desaconsejado', tipo: 'variante' },
    { ...blank, idioma: 'en', termino: 'sword', estado: 'preferido', tipo: 'termino_completo' },
  ],
};

function renderForm(entry = withSynonym) {
  const onSave = vi.fn<(input: EntryInput) => void>();
  renderWithProviders(
    <EntryForm
      fields={esEnFields}
      entry={entry}
      withPrivateComments={false}
      isSaving={false}
      onSave={onSave}
      onCancel={() => {}}
      label="Editar «espada»"
    />,
  );
  return onSave;
}

describe('EntryForm: other terms', () => {
  it('lists the other terms, adds one, moves it up and sends the whole list with the preferred terms first', async () => {
    const onSave = renderForm();
    const others = screen.getByRole('group', { name: 'Otros términos' });
    expect(within(others).getByRole('group', { name: 'Término 1' })).toBeInTheDocument();
    expect(within(others).getByDisplayValue('tizona')).toBeInTheDocument();

    await userEvent.click(within(others).getByRole('button', { name: 'Añadir término' }));
    const second = within(others).getByRole('group', { name: 'Término 2' });
    await userEvent.type(within(second).getByRole('textbox', { name: 'Término' }), 'hoja');
    await userEvent.selectOptions(
      within(second).getByRole('combobox', { name: 'Tipo' }),
      'forma_corta',
    );
    await userEvent.click(within(others).getByRole('button', { name: 'Subir el término 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    const input = onSave.mock.calls[0]![0];
    expect(input.terminos?.map((t) => `${t.idioma}:${t.termino}:${t.estado}:${t.tipo}`)).toEqual([
      'es:espada:preferido:termino_completo',
      'es:hoja:admitido:forma_corta',
      'es:tizona:desaconsejado:variante',
      'en:sword:preferido:termino_completo',
    ]);
    // The preferred term keeps its grammar.
    expect(input.terminos?.[0]).toMatchObject({ genero: 'femenino' });
  });

  it('removes a term', async () => {
    const onSave = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar el término 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSave.mock.calls[0]![0].terminos?.map((t) => t.termino)).toEqual(['espada', 'sword']);
  });

  it('sends no list for an entry that never had other terms', async () => {
    const plain = renderForm(espada);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(plain.mock.calls[0]![0].terminos).toBeUndefined();
  });
});
