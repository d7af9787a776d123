import { describe, expect, it } from 'vitest';
import { UPOS_TAGS, type Upos } from '../tagger/features.ts';
import { repairSpanishTags } from './spanish-tag-repairs.ts';

/** The tags after repair of a sentence given as "form/TAG" pairs. */
function repaired(tagged: string): string[] {
  const pairs = tagged.split(' ').map((p) => p.split('/') as [string, Upos]);
  const words = pairs.map(([form]) => ({ form, start: 0, end: 0, isPart: false }));
  const tags = Uint8Array.from(pairs.map(([, tag]) => UPOS_TAGS.indexOf(tag)));
  repairSpanishTags(words, tags);
  return Array.from(tags, (t) => UPOS_TAGS[t] as string);
}

describe('Spanish tag repairs', () => {
  it('makes a verb of a noun or adjective right after an object pronoun', () => {
    expect(repaired('no/ADV las/PRON malgastes/NOUN')).toEqual(['ADV', 'PRON', 'VERB']);
    expect(repaired('te/PRON cuidas/ADJ')).toEqual(['PRON', 'VERB']);
    expect(repaired('cuando/SCONJ lo/PRON comas/NOUN')).toEqual(['SCONJ', 'PRON', 'VERB']);
  });

  it('leaves the neuter "lo", articles and enclitics alone', () => {
    expect(repaired('a/ADP lo/PRON largo/NOUN de/ADP')).toEqual(['ADP', 'PRON', 'NOUN', 'ADP']);
    expect(repaired('lo/PRON mejor/ADJ')).toEqual(['PRON', 'ADJ']);
    expect(repaired('y/CCONJ lo/PRON demás/ADJ')).toEqual(['CCONJ', 'PRON', 'ADJ']);
    expect(repaired('lo/PRON menos/NOUN')).toEqual(['PRON', 'NOUN']);
    expect(repaired('lo/PRON cortés/ADJ')).toEqual(['PRON', 'ADJ']);
    expect(repaired('las/DET pociones/NOUN')).toEqual(['DET', 'NOUN']);
    // "mimetizarse gracias a": the pronoun is part of the verb before it.
    const words = [
      { form: 'mimetizar', start: 0, end: 11, isPart: true },
      { form: 'se', start: 0, end: 11, isPart: true },
      { form: 'gracias', start: 12, end: 19, isPart: false },
    ];
    const tags = Uint8Array.from(['VERB', 'PRON', 'NOUN'].map((t) => UPOS_TAGS.indexOf(t as Upos)));
    repairSpanishTags(words, tags);
    expect(UPOS_TAGS[tags[2] as number]).toBe('NOUN');
  });

  it('makes a verb of a second-person future tagged as a noun or adjective', () => {
    expect(repaired('caerás/NOUN ./PUNCT')).toEqual(['VERB', 'PUNCT']);
    expect(repaired('atrás/ADV')).toEqual(['ADV']);
    expect(repaired('¡/PUNCT Encontrarás/PROPN la/DET llave/NOUN')).toEqual(['PUNCT', 'VERB', 'DET', 'NOUN']);
    // Only at the start of a sentence: elsewhere a capital is the writer's.
    expect(repaired('visita/VERB Villarrás/PROPN')).toEqual(['VERB', 'PROPN']);
  });

  it('makes a noun of an adjective after a determiner and not before a noun', () => {
    expect(repaired('una/DET larga/ADJ ./PUNCT')).toEqual(['DET', 'NOUN', 'PUNCT']);
    expect(repaired('una/DET larga/ADJ espada/NOUN')).toEqual(['DET', 'ADJ', 'NOUN']);
  });
});
