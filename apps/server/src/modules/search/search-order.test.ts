import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, foldTextFully } from '../../lib/text-folding.ts';
import { assignSlots } from './sqlite/search-docs.repository.ts';
import { SEARCH_ID_STEP, SEARCH_UNORDERED_FROM } from './sqlite/search-numbering.ts';
import {
  compareCodePoints,
  coveringTrigrams,
  ftsContains,
  tierOfText,
  tieBreakOf,
} from './search-order.ts';
import { foldKeepingEnye, parseSearch } from './search.service.ts';

describe('foldText', () => {
  it('folds case, accents, ligatures, ß, typographic apostrophes and hyphens', () => {
    expect(foldText('  Poción  de\tMANÁ ')).toBe('pocion de mana');
    expect(foldText('Œuvre æther Straße')).toBe('oeuvre aether strasse');
    expect(foldText('rock’n‘roll ʼn ´a `b')).toBe("rock'n'roll 'n 'a 'b");
    expect(foldText('tri‐nivel – x−y')).toBe('tri-nivel - x-y');
    expect(foldText('Ñandú')).toBe('nandu');
  });

  it('takes its ASCII fast path only where the full folding gives the same', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (s) => foldText(s) === foldTextFully(s)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string(), (s) => foldText(s) === foldTextFully(s)),
      { numRuns: 2000 },
    );
  });

  it('keeps ñ apart only in foldKeepingEnye', () => {
    expect(foldKeepingEnye('AÑO')).toBe('año');
    expect(foldKeepingEnye('an\u0303o')).toBe('año');
    expect(foldKeepingEnye('Ánimo')).toBe('animo');
  });
});

describe('tiers and trigrams', () => {
  it('classifies a folded text against a folded query', () => {
    expect(tierOfText('espada', 'espada')).toBe('exact');
    expect(tierOfText('espada corta', 'espada')).toBe('prefix');
    expect(tierOfText('gran espada', 'espada')).toBe('word');
    expect(tierOfText("rock'n'roll", 'roll')).toBe('word');
    expect(tierOfText('laespada', 'espada')).toBe('substring');
    expect(tierOfText('mesa', 'es')).toBeNull();
    expect(tierOfText('espada', 'es')).toBe('prefix');
  });

  it('covers every character of the query with quoted trigrams', () => {
    expect(coveringTrigrams('abcdefgh')).toEqual(['abc', 'def', 'fgh']);
    expect(coveringTrigrams('abc')).toEqual(['abc']);
    expect(ftsContains('a"b*c')).toBe('"a""b" AND "b*c"');
  });

  it('orders by code point like SQLite and PostgreSQL "C"', () => {
    const words = ['b', 'a', 'ab', 'á', '\u{1F600}', '\uFFFD', 'z'];
    const sorted = [...words].sort(compareCodePoints);
    expect(sorted).toEqual(['a', 'ab', 'b', 'z', 'á', '\uFFFD', '\u{1F600}']);
  });

  it('scrambles ids into a permutation for the tie-break', () => {
    const seen = new Set(Array.from({ length: 10_000 }, (_, i) => tieBreakOf(i + 1)));
    expect(seen.size).toBe(10_000);
    expect(Math.abs(tieBreakOf(2) - tieBreakOf(1))).toBeGreaterThan(1000);
  });
});

describe('assignSlots', () => {
  it('spreads new docs evenly in their gap, appends with the step, and overflows to the unordered range', () => {
    const ids = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }];
    const slots = assignSlots(ids, [
      { p: 0, s: 100 },
      { p: 0, s: 100 },
      { p: 100, s: 102 },
      { p: 500, s: null },
      { p: 500, s: null },
    ]);
    expect(slots).toEqual([33, 66, 101, 500 + SEARCH_ID_STEP, 500 + 2 * SEARCH_ID_STEP]);
    const full = assignSlots(
      [{ id: 7 }, { id: 8 }],
      [
        { p: 10, s: 12 },
        { p: 10, s: 12 },
      ],
    );
    expect(full).toEqual([SEARCH_UNORDERED_FROM + 7, SEARCH_UNORDERED_FROM + 8]);
  });
});

describe('parseSearch', () => {
  it('tells quick from advanced search and pages', () => {
    expect(parseSearch({ termino: ' Año ', pagina: 3, por_pagina: 20 })).toMatchObject({
      target: { kind: 'terms' },
      original: 'Año',
      query: 'ano',
      offset: 40,
      limit: 20,
    });
    expect(parseSearch({ subindice_like: 'RPG' })).toMatchObject({
      target: { kind: 'subindice' },
      query: 'rpg',
    });
    expect(parseSearch({ 'termino.fr': 'Épée' })).toMatchObject({
      target: { kind: 'term', language: 'fr' },
      query: 'epee',
    });
    expect(parseSearch({ contexto_en: 'x', glosarios: 'a, b,,' })).toMatchObject({
      target: { kind: 'field', campo: 'contexto_en' },
      slugs: ['a', 'b'],
    });
  });
});
