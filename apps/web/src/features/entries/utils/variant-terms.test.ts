import { describe, expect, it } from 'vitest';
import { espada } from '../test/entry-fixtures.ts';
import { isExistingTerm, splitVariants, termsWithVariants } from './variant-terms.ts';

describe('splitVariants', () => {
  it('splits on semicolons and lines, trims, and drops empty pieces and repeats by case', () => {
    expect(splitVariants(' tizona;Colada ;\n\nhoja larga; ; TIZONA\r\nespadón')).toEqual([
      'tizona',
      'Colada',
      'hoja larga',
      'espadón',
    ]);
  });

  it('keeps a comma inside a variant and tells accented forms apart', () => {
    expect(splitVariants('hoja, larga; papa; papá')).toEqual(['hoja, larga', 'papa', 'papá']);
  });

  it('proposes nothing for an empty field', () => {
    expect(splitVariants(null)).toEqual([]);
    expect(splitVariants(' ; \n ')).toEqual([]);
  });
});

describe('termsWithVariants', () => {
  it('adds each variant as an admitted variant term after the last term of its language', () => {
    const list = termsWithVariants(espada, [
      { termino: 'tizona', idioma: 'es' },
      { termino: 'blade', idioma: 'en' },
      { termino: 'colada', idioma: 'es' },
    ]);
    expect(list.map((t) => `${t.idioma}:${t.termino}:${t.estado}:${t.tipo}`)).toEqual([
      'es:espada:preferido:termino_completo',
      'es:tizona:admitido:variante',
      'es:colada:admitido:variante',
      'en:sword:preferido:termino_completo',
      'en:blade:admitido:variante',
    ]);
  });

  it('leaves out a variant that already is a term of its language, whatever its case', () => {
    expect(isExistingTerm(espada, { termino: 'Espada', idioma: 'es' })).toBe(true);
    // The same text in the other language is another term.
    expect(isExistingTerm(espada, { termino: 'Espada', idioma: 'en' })).toBe(false);
    // Accents count, as on the server: "espadá" is not "espada".
    expect(isExistingTerm(espada, { termino: 'espadá', idioma: 'es' })).toBe(false);
    const list = termsWithVariants(espada, [
      { termino: 'ESPADA', idioma: 'es' },
      { termino: 'Sword', idioma: 'en' },
    ]);
    expect(list.map((t) => t.termino)).toEqual(['espada', 'sword']);
  });
});
