import type { Glossary } from '@ludoterm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { readOnlyGlossary, rpgGlossary } from '../test/entry-fixtures.ts';
import { GlossaryCardPicker } from './glossary-card-picker.tsx';

const platforms: Glossary = {
  ...rpgGlossary,
  id: 3,
  nombre: 'Plataformas',
  nombre_seguro: 'plataformas',
  num_entradas: 1,
};
const others: Glossary = { ...readOnlyGlossary, nombre: 'Estrategia', nombre_seguro: 'estrategia' };

describe('GlossaryCardPicker', () => {
  it("shows the glossaries as cards, filters them with 'Buscar glosario...' and answers the choice", async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <GlossaryCardPicker
        glossaries={[rpgGlossary, platforms, others]}
        isLoading={false}
        isError={false}
        selected="rpg-combate"
        onSelect={onSelect}
      />,
    );
    const list = screen.getByRole('list', { name: 'Glosarios' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'RPG Combatees → en2 entradas',
      'Plataformases → en1 entrada',
      'Estrategiaes → en2 entradas',
    ]);
    expect(within(list).getByRole('button', { name: /RPG Combate/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const filter = screen.getByPlaceholderText('Buscar glosario...');
    await userEvent.type(filter, 'PLATA');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(list).getByRole('button', { name: /Plataformas/ }));
    expect(onSelect).toHaveBeenCalledWith(platforms);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'zzz');
    expect(screen.getByText('Ningún glosario coincide con la búsqueda.')).toBeInTheDocument();
  });

  it("says 'No hay glosarios disponibles.' or 'Error al cargar glosarios'", () => {
    const empty = renderWithProviders(
      <GlossaryCardPicker
        glossaries={[]}
        isLoading={false}
        isError={false}
        selected={null}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('No hay glosarios disponibles.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear un glosario' })).toHaveAttribute(
      'href',
      '/crear',
    );
    empty.unmount();
    renderWithProviders(
      <GlossaryCardPicker
        glossaries={[]}
        isLoading={false}
        isError
        selected={null}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar glosarios');
  });
});
