import { describe, expect, it } from 'vitest';
import { glossaries } from '../test/glossary-fixtures.ts';
import { filterGlossaries } from './filter-glossaries.ts';

describe('filterGlossaries', () => {
  const names = (query: string) => filterGlossaries(glossaries, query).map((g) => g.nombre);

  it('keeps everything for a blank query', () => {
    expect(names('  ')).toHaveLength(3);
  });

  it('matches a case-insensitive substring of the name', () => {
    expect(names('rpg')).toEqual(['RPG Combate']);
    expect(names('COMBATE')).toEqual(['RPG Combate']);
    expect(names('a')).toEqual(['RPG Combate', 'Plataformas', 'Estrategia de Luis']);
    expect(names('luis')).toEqual(['Estrategia de Luis']);
  });

  it('ignores accents as well', () => {
    expect(filterGlossaries([{ nombre: 'Categoría' }], 'categoria')).toHaveLength(1);
  });

  it('matches nothing when no name holds the query', () => {
    expect(names('xyz')).toEqual([]);
  });
});
