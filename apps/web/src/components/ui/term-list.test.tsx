import type { Term } from '@ludoterm/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { TermList, hasTermDetails } from './term-list.tsx';

const blank = { categoria_gramatical: null, genero: null, numero: null, nota_uso: null } as const;
const terms: Term[] = [
  {
    ...blank,
    idioma: 'es',
    termino: 'puntos de salud',
    estado: 'preferido',
    tipo: 'termino_completo',
    genero: 'masculino',
    numero: 'plural',
  },
  { ...blank, idioma: 'es', termino: 'PS', estado: 'admitido', tipo: 'sigla' },
  {
    ...blank,
    idioma: 'es',
    termino: 'vida',
    estado: 'prohibido',
    tipo: 'termino_completo',
    nota_uso: 'Ambiguo en la interfaz.',
  },
  { ...blank, idioma: 'en', termino: 'hit points', estado: 'preferido', tipo: 'termino_completo' },
];

describe('TermList', () => {
  it('lists a language’s terms in order with status, type, grammar and usage note; forbidden ones struck through', () => {
    renderWithProviders(<TermList terms={terms} lang="es" />);
    const list = screen.getByRole('list', { name: 'Términos en es' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'puntos de salud Preferido masculino · plural',
      'PS Admitido sigla',
      'vida ProhibidoAmbiguo en la interfaz.',
    ]);
    expect(within(items[2]!).getByText('vida').tagName).toBe('S');
    expect(within(items[2]!).getByTitle('No lo uses: Prohibido')).toBeTruthy();
  });

  it('shows the list only when a language has more than its one preferred full term', () => {
    expect(hasTermDetails(terms, 'es')).toBe(true);
    expect(hasTermDetails(terms, 'en')).toBe(false);
  });
});
