import { describe, expect, it } from 'vitest';
import { cardFieldLabel, cardFields, isTermField } from './card.ts';

describe('cardFields', () => {
  it('derives the language fields from the glossary languages, in card order', () => {
    const ids = cardFields('fr', 'de').map((f) => f.id);
    expect(ids).toEqual([
      'termino.fr',
      'termino.de',
      'subindice',
      'categoria',
      'area',
      'mecanismo',
      'definicion',
      'definicion_de',
      'fuente',
      'contexto_fr',
      'contexto_de',
      'fuente_contexto_fr',
      'fuente_contexto_de',
      'relaciones',
      'variante',
      'cuestiones_traductologicas',
      'notas',
    ]);
  });

  it('labels every field in Spanish with a one-line description', () => {
    const fields = cardFields('es', 'en');
    expect(fields.map((f) => f.label)).toContain('Mecanismo de formación');
    expect(fields.find((f) => f.id === 'termino.en')?.label).toBe('Término (en)');
    expect(fields.find((f) => f.id === 'fuente_contexto_es')?.label).toBe('Fuente del contexto (es)');
    // Only the target language has its own definition field: the base language's is `definicion`.
    expect(fields.find((f) => f.id === 'definicion_en')).toMatchObject({ label: 'Definición (en)', multilinea: true });
    expect(fields.some((f) => f.id === 'definicion_es')).toBe(false);
    for (const f of fields) expect(f.descripcion).not.toMatch(/\n/);
  });

  it('names any field id across languages', () => {
    expect(cardFieldLabel('contexto_de')).toBe('Contexto (de)');
    expect(cardFieldLabel('definicion_fr')).toBe('Definición (fr)');
    expect(cardFieldLabel('definicion')).toBe('Definición');
    expect(cardFieldLabel('variante')).toBe('Variantes');
    expect(isTermField('termino.es')).toBe(true);
    expect(isTermField('notas')).toBe(false);
  });
});
