import { foldText } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../search/search-order.ts';
import { NO_BASE_TERM_PREFIX, SORT_KEY_MAX, entrySortKey, sortKeyOf } from './sort-key.ts';

/** Sorts terms the way both engines compare the keys: byte order of UTF-8. */
function sortBy(terms: string[], lang: 'es' | 'en' | 'fr' | 'de'): string[] {
  const bytes = (s: string) => Buffer.from(sortKeyOf(s, lang), 'utf8');
  return [...terms].sort((a, b) => Buffer.compare(bytes(a), bytes(b)));
}

describe('sortKeyOf', () => {
  it('puts ñ between n and o in Spanish', () => {
    expect(sortBy(['oso', 'ñandú', 'nube', 'nzx', 'año', 'ano', 'anzuelo'], 'es')).toEqual([
      'ano',
      'anzuelo',
      'año',
      'nube',
      'nzx',
      'ñandú',
      'oso',
    ]);
  });

  it('ignores accents and case for order', () => {
    expect(sortBy(['Éter', 'espada', 'ÁRBOL', 'arco', 'Ébano'], 'es')).toEqual([
      'ÁRBOL',
      'arco',
      'Ébano',
      'espada',
      'Éter',
    ]);
  });

  it('treats ñ as n in other languages and folds German and French letters', () => {
    expect(sortKeyOf('Señor', 'en')).toBe('senor');
    expect(sortKeyOf('Straße', 'de')).toBe('strasse');
    expect(sortKeyOf('Übung', 'de')).toBe('ubung');
    expect(sortKeyOf('Œuvre', 'fr')).toBe('oeuvre');
  });

  it('files a term under its first letter or digit, skipping leading punctuation', () => {
    expect(sortKeyOf('¡Hadouken!', 'es')).toBe('hadouken!');
    expect(sortKeyOf('"Boss" final', 'en')).toBe('boss" final');
  });

  it('reads decomposed ñ (NFD) as ñ', () => {
    expect(sortKeyOf('an\u0303o', 'es')).toBe(sortKeyOf('año', 'es'));
  });

  it('keeps keys short enough to index', () => {
    expect(Array.from(sortKeyOf('a'.repeat(5000), 'es'))).toHaveLength(SORT_KEY_MAX);
    expect(sortKeyOf('', 'es')).toBe('');
    expect(sortKeyOf(null, 'es')).toBe('');
  });
});

describe('entrySortKey', () => {
  const side = (term: string | undefined, language: 'es' | 'en') => ({
    term,
    folded: term ? foldText(term) : '',
    language,
  });

  it('files an entry without a base term after every other key, by its target term', () => {
    // Among them the highest first characters a key may have (a letter of plane 2, ñ's mark)
    // and the empty key of a term with no letter or digit.
    const others = ['zzz', 'ñu', '𠀀 ideograma', '9 vidas', 'ŉ', '???'].map((t) =>
      entrySortKey(side(t, 'es'), side('x', 'en')),
    );
    const last = entrySortKey(side(undefined, 'es'), side('A settler', 'en'));
    expect(last).toBe(`${NO_BASE_TERM_PREFIX}a settler`);
    for (const key of others) {
      expect(Buffer.compare(Buffer.from(key, 'utf8'), Buffer.from(last, 'utf8'))).toBe(-1);
      expect(compareCodePoints(key, last)).toBeLessThan(0);
    }
    const zombie = entrySortKey(side(undefined, 'es'), side('Zombie', 'en'));
    expect(compareCodePoints(last, zombie)).toBeLessThan(0);
  });
});
