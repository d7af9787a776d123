import { describe, expect, it } from 'vitest';
import { StopwordSet, defaultStopwords, parseStopwords } from './stopwords.ts';

describe('parseStopwords', () => {
  it('reads words separated by lines, commas, semicolons, tabs and spaces, lower-cased and deduplicated', () => {
    expect(parseStopwords('\uFEFFCosa, cosas;MUY\tmuy\r\n  algo  \n\n# comentario\n«vez»')).toEqual(['cosa', 'cosas', 'muy', 'algo', 'vez']);
  });

  it('gives an empty list for empty input', () => {
    expect(parseStopwords('  \n\n ')).toEqual([]);
  });
});

describe('default stopwords', () => {
  it('hold the words the issue names as non-terms, and not the words of real terms', () => {
    const es = new StopwordSet(defaultStopwords('es'));
    for (const word of ['cosa', 'muy', 'de', 'el', 'hacer', 'también']) expect(es.has(word)).toBe(true);
    for (const word of ['poción', 'salud', 'jefe', 'final', 'punto', 'guardado', 'nivel']) expect(es.has(word)).toBe(false);
    const en = new StopwordSet(defaultStopwords('en'));
    for (const word of ['thing', 'very', 'the', "n't", 'make']) expect(en.has(word)).toBe(true);
    for (const word of ['potion', 'boss', 'final', 'save', 'point']) expect(en.has(word)).toBe(false);
  });

  it('match without case or accents, but keep ñ apart from n', () => {
    const set = new StopwordSet(['sólo', 'año']);
    expect(set.has('Solo')).toBe(true);
    expect(set.has('AÑO')).toBe(true);
    expect(set.has('ano')).toBe(false);
  });
});
