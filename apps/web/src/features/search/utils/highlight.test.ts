import { describe, expect, it } from 'vitest';
import { matchRanges, splitByRanges } from './highlight.ts';

const marked = (text: string, query: string) =>
  splitByRanges(text, matchRanges(text, query))
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('matchRanges', () => {
  it('marks the original characters of an accent- and case-insensitive match', () => {
    expect(marked('Poción de MANÁ', 'pocion')).toBe('[Poción] de MANÁ');
    expect(marked('Poción de MANÁ', 'de mana')).toBe('Poción [de MANÁ]');
    expect(marked('Año nuevo', 'año')).toBe('[Año] nuevo');
  });

  it('maps ligatures and ß, which fold to two letters', () => {
    expect(marked('Œuvre', 'oeu')).toBe('[Œu]vre');
    expect(marked('Straße', 'strasse')).toBe('[Straße]');
    expect(marked('Straße', 'ss')).toBe('Straße');
  });

  it('copes with combining marks, typographic apostrophes and repeated spaces', () => {
    expect(marked('Pocio\u0301n', 'poción')).toBe('[Pocio\u0301n]');
    expect(marked('rock’n’roll', "n'r")).toBe('rock’[n’r]oll');
    expect(marked('gran   espada', 'gran espada')).toBe('[gran   espada]');
  });

  it('marks every occurrence of 3+ characters, and only the start for 1–2', () => {
    expect(marked('espada y espadín', 'espad')).toBe('[espad]a y [espad]ín');
    expect(marked('espada y espadín', 'es')).toBe('[es]pada y espadín');
    expect(marked('mesa', 'es')).toBe('mesa');
  });

  it('takes the query literally', () => {
    expect(marked('50% de daño', '50%')).toBe('[50%] de daño');
    expect(marked('a.b', '.')).toBe('a.b');
    expect(marked('a_b y axb', 'a_b')).toBe('[a_b] y axb');
  });

  it('marks characters outside the Basic Multilingual Plane whole', () => {
    expect(marked('🎮 mando 🎮', 'mando 🎮')).toBe('🎮 [mando 🎮]');
  });
});
