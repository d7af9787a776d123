import { describe, expect, it } from 'vitest';
import { filterByName } from './filter-by-name.ts';

describe('filterByName', () => {
  const glossaries = [
    { nombre: 'RPG Combate' },
    { nombre: 'Plataformas' },
    { nombre: 'Estrategia de Luis' },
  ];
  const names = (query: string) => filterByName(glossaries, query).map((g) => g.nombre);

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
    expect(filterByName([{ nombre: 'Categoría' }], 'categoria')).toHaveLength(1);
  });

  it('matches nothing when no name holds the query', () => {
    expect(names('xyz')).toEqual([]);
  });
});
