import { describe, expect, it } from 'vitest';
import { esEnFields } from '../test/import-fixtures.ts';
import { initialMapping, mappingOptions, mapsATerm, sampleValues } from './import-mapping.ts';

describe('mappingOptions', () => {
  it('offers Ignorar, Redirigir a notas, both terms, then the other card fields once', () => {
    const options = mappingOptions(esEnFields);
    expect(options.slice(0, 4)).toEqual([
      { value: 'ignorar', label: 'Ignorar' },
      { value: 'notas', label: 'Redirigir a notas' },
      { value: 'termino.es', label: 'Término (es)' },
      { value: 'termino.en', label: 'Término (en)' },
    ]);
    expect(options.slice(4, 9)).toEqual([
      { value: 'otros_terminos.es', label: 'Otros términos (es)' },
      { value: 'estados.es', label: 'Estados de los términos (es)' },
      { value: 'otros_terminos.en', label: 'Otros términos (en)' },
      { value: 'estados.en', label: 'Estados de los términos (en)' },
      { value: 'estado_revision', label: 'Estado de revisión' },
    ]);
    expect(options.filter((o) => o.value === 'notas')).toHaveLength(1);
    expect(options.map((o) => o.value)).toContain('definicion');
  });
});

describe('initialMapping', () => {
  it('starts from the suggestion where it names an option, else Ignorar', () => {
    const options = mappingOptions(esEnFields);
    expect(
      initialMapping(['es', 'fr', 'x'], { es: 'termino.es', fr: 'termino.fr' }, options),
    ).toEqual({
      es: 'termino.es',
      fr: 'ignorar',
      x: 'ignorar',
    });
  });
});

describe('sampleValues and mapsATerm', () => {
  it('takes the first non-empty value of each column', () => {
    expect(
      sampleValues(
        ['a', 'b'],
        [
          ['', 'x'],
          ['y', 'z'],
        ],
      ),
    ).toEqual(['y', 'x']);
    expect(sampleValues(['a'], [[' ']])).toEqual(['']);
  });

  it('tells whether a term is mapped', () => {
    expect(mapsATerm({ a: 'notas' })).toBe(false);
    expect(mapsATerm({ a: 'termino.en' })).toBe(true);
    // A MultiTerm column of several terms is enough; a status column alone is not.
    expect(mapsATerm({ a: 'otros_terminos.es' })).toBe(true);
    expect(mapsATerm({ a: 'estados.es' })).toBe(false);
  });
});
