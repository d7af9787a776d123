import type { SearchResult } from '@ludoterm/contract';
import { Accordion, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { manaPotion } from '../test/search-fixtures.ts';
import { SearchResultItem } from './search-result-item.tsx';

function renderOpened(result: SearchResult) {
  render(
    <MantineProvider env="test">
      <Accordion multiple defaultValue={[String(result.id)]}>
        <SearchResultItem
          result={result}
          request={{ kind: 'quick', termino: 'mana', subindice: '' }}
          onCopy={() => {}}
        />
      </Accordion>
    </MantineProvider>,
  );
  return screen.getByRole('region');
}

describe('SearchResultItem', () => {
  it('shows the private comments the server answered, as /entradas does', () => {
    const card = renderOpened({ ...manaPotion, comentarios_privados: 'Revisar con QA.' });
    expect(within(card).getByText('Comentarios privados')).toBeInTheDocument();
    expect(within(card).getByText('Revisar con QA.')).toBeInTheDocument();
  });

  it('flags a shown term to avoid and lists synonyms with their statuses', () => {
    const blank = {
      categoria_gramatical: null,
      genero: null,
      numero: null,
      nota_uso: null,
    } as const;
    const result: SearchResult = {
      ...manaPotion,
      termino: { es: manaPotion.termino.es, en: 'mana juice' },
      terminos: [
        {
          ...blank,
          idioma: 'es',
          termino: manaPotion.termino.es!,
          estado: 'preferido',
          tipo: 'termino_completo',
        },
        {
          ...blank,
          idioma: 'es',
          termino: 'elixir',
          estado: 'prohibido',
          tipo: 'termino_completo',
        },
        // No preferred English term: the first shows, and it is one to avoid.
        {
          ...blank,
          idioma: 'en',
          termino: 'mana juice',
          estado: 'desaconsejado',
          tipo: 'termino_completo',
        },
      ],
    };
    const card = renderOpened(result);
    expect(screen.getByText('Término (en): Desaconsejado')).toBeInTheDocument();
    expect(screen.queryByText('Término (es): Prohibido')).not.toBeInTheDocument();
    const spanish = within(card).getByRole('list', { name: 'Términos en es' });
    expect(within(spanish).getByText('elixir').tagName).toBe('S');
  });

  it('shows the deprecated synonym that matched, struck through, beside the other language', () => {
    const blank = {
      categoria_gramatical: null,
      genero: null,
      numero: null,
      nota_uso: null,
      tipo: 'termino_completo',
    } as const;
    const result: SearchResult = {
      ...manaPotion,
      termino: { es: 'poción de maná', en: 'mana potion' },
      terminos: [
        { ...blank, idioma: 'es', termino: 'poción de maná', estado: 'preferido' },
        {
          ...blank,
          idioma: 'es',
          termino: 'mana pot',
          estado: 'desaconsejado',
          nota_uso: 'Jerga de jugadores.',
        },
        { ...blank, idioma: 'en', termino: 'mana potion', estado: 'preferido' },
      ],
      campo_coincidente: 'termino.es',
      termino_coincidente: { idioma: 'es', termino: 'mana pot', estado: 'desaconsejado' },
    };
    renderOpened(result);
    const control = screen.getByRole('button', { name: /Ver ficha/ });
    expect(within(control).getByText('Coincide con el término (es):')).toBeInTheDocument();
    const matched = within(control).getByRole('list', { name: 'Términos en es' });
    expect(within(matched).getByText('mana pot').tagName).toBe('S');
    expect(within(matched).getByText('Desaconsejado')).toBeInTheDocument();
    expect(within(control).getByText('Término (es): Desaconsejado')).toBeInTheDocument();
    // The other language's preferred term stands beside the synonym; its usage note below.
    expect(matched.parentElement).toHaveTextContent(/mana pot.*→mana potion$/);
    expect(matched.parentElement?.nextElementSibling).toHaveTextContent('Jerga de jugadores.');
  });

  it('shows no matched synonym when the shown term matched', () => {
    renderOpened(manaPotion);
    expect(screen.queryByText(/Coincide con el término/)).not.toBeInTheDocument();
  });

  it('shows no private comments row when there are none', () => {
    const card = renderOpened({ ...manaPotion, comentarios_privados: null });
    expect(within(card).queryByText('Comentarios privados')).not.toBeInTheDocument();
  });
});
