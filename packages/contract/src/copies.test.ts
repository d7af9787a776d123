import { describe, expect, it } from 'vitest';
import { isCopyDestination, sharesLanguages } from './copies.ts';

const origin = { nombre_seguro: 'rpg', idioma_origen: 'es', idioma_meta: 'en' };

describe('isCopyDestination', () => {
  it('offers another glossary with the same two languages that the user may write to', () => {
    const other = { ...origin, nombre_seguro: 'plataformas', acceso: 'editor' as const };
    expect(isCopyDestination(origin, other)).toBe(true);
    expect(isCopyDestination(origin, { ...other, idioma_origen: 'en', idioma_meta: 'es' })).toBe(
      true,
    );
  });

  it('leaves out the origin, other languages and read-only glossaries', () => {
    const own = { ...origin, acceso: 'propietario' as const };
    expect(isCopyDestination(origin, own)).toBe(false);
    expect(
      isCopyDestination(origin, {
        ...own,
        nombre_seguro: 'fr',
        idioma_origen: 'en',
        idioma_meta: 'fr',
      }),
    ).toBe(false);
    expect(isCopyDestination(origin, { ...own, nombre_seguro: 'b', acceso: 'lector' })).toBe(false);
  });

  it('compares the pair, not one language', () => {
    expect(sharesLanguages(origin, { idioma_origen: 'es', idioma_meta: 'fr' })).toBe(false);
  });
});
