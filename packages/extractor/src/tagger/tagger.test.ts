import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTagger } from '../resources.ts';
import { parseConllu, parseFormTagLines } from './conllu.ts';
import { TAG_COUNT, TAG_INDEX, UPOS_TAGS } from './features.ts';
import { PerceptronTrainer, createRandom } from './perceptron-trainer.ts';
import { Tagger } from './tagger.ts';
import { TaggerModel, encodeModel } from './tagger-model.ts';
import { WORD_CLASS, parseWordNetTab, wordClassSignature } from './word-classes.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

function accuracy(tagger: Tagger, sentences: ReturnType<typeof parseFormTagLines>): number {
  let correct = 0;
  let total = 0;
  for (const s of sentences) {
    const predicted = tagger.tagIndices(s.forms);
    predicted.forEach((t, i) => {
      if (t === s.tags[i]) correct += 1;
    });
    total += predicted.length;
  }
  return correct / total;
}

// Loading a model (two passes, word classes) and the word list takes a few seconds on a busy machine.
describe('shipped taggers on held-out UD text', { timeout: 30_000 }, () => {
  // The first 200 sentences of the AnCora and EWT test files, which training never reads.
  it('tag Spanish (AnCora test) with at least 93 % UPOS accuracy', () => {
    const sentences = parseFormTagLines(fixture('ud/es-ancora-test-first200.tsv'));
    expect(sentences).toHaveLength(200);
    expect(accuracy(loadTagger('es'), sentences)).toBeGreaterThanOrEqual(0.93);
  });

  it('tag English (EWT test) with at least 93 % UPOS accuracy', () => {
    const sentences = parseFormTagLines(fixture('ud/en-ewt-test-first200.tsv'));
    expect(sentences).toHaveLength(200);
    expect(accuracy(loadTagger('en'), sentences)).toBeGreaterThanOrEqual(0.93);
  });

  it('tag the words of Spanish contractions as UD does', () => {
    expect(loadTagger('es').tag(['El', 'jefe', 'final', 'de', 'el', 'nivel', 'ataca', '.'])).toEqual([
      'DET', 'NOUN', 'ADJ', 'ADP', 'DET', 'NOUN', 'VERB', 'PUNCT',
    ]);
  });
});

describe('perceptron training', () => {
  const tiny = parseConllu(
    [
      '1\tEl\tel\tDET\t_\t_\t_\t_\t_\t_',
      '2\tgato\tgato\tNOUN\t_\t_\t_\t_\t_\t_',
      '3\tcome\tcomer\tVERB\t_\t_\t_\t_\t_\t_',
      '',
      '1-2\tdel\t_\t_\t_\t_\t_\t_\t_\t_',
      '1\tde\tde\tADP\t_\t_\t_\t_\t_\t_',
      '2\tel\tel\tDET\t_\t_\t_\t_\t_\t_',
      '3\tperro\tperro\tNOUN\t_\t_\t_\t_\t_\t_',
      '',
    ].join('\n'),
  );

  it('reads syntactic words of CoNLL-U, skipping multiword-token ranges', () => {
    expect(tiny.map((s) => s.forms)).toEqual([['El', 'gato', 'come'], ['de', 'el', 'perro']]);
    expect(Array.from(tiny[1]!.tags, (t) => UPOS_TAGS[t])).toEqual(['ADP', 'DET', 'NOUN']);
  });

  it('learns a tiny corpus and survives the binary model format', () => {
    const sentences = tiny.map((s) => ({ ...s, domain: 1 }));
    const features = { language: 'es' as const, lexicon: (w: string) => (w === 'gato' ? 10 : 0) };
    const trainer = new PerceptronTrainer({ useDomains: true, minFeatureCount: 1 }, features);
    trainer.admitFeatures(sentences);
    const random = createRandom(1);
    for (let epoch = 0; epoch < 5; epoch += 1) trainer.trainEpoch(sentences, sentences.map((_, i) => i).sort(() => random() - 0.5));
    const bytes = encodeModel(trainer.averagedWeights(), { useDomains: true, inferenceDomain: 1 });
    const tagger = new Tagger(TaggerModel.fromBytes(bytes), features);
    expect(tagger.tag(['El', 'gato', 'come'])).toEqual(['DET', 'NOUN', 'VERB']);
    expect(TAG_COUNT).toBe(17);
    expect(TAG_INDEX.PROPN).toBe(UPOS_TAGS.indexOf('PROPN'));
  });

  it('round-trips a right-to-left first pass, a look-ahead pass and a word-class dictionary', () => {
    const sentences = tiny.map((s) => ({ ...s, domain: 1 }));
    const backwards = sentences.map((s) => ({ ...s, forms: [...s.forms].reverse(), tags: s.tags.slice().reverse() }));
    const wordClasses = new Map([['gato', WORD_CLASS.noun], ['comer', WORD_CLASS.verb]]);
    const features = { language: 'es' as const, lexicon: () => 0, wordClasses: (w: string) => wordClasses.get(w) ?? 0 };
    const first = new PerceptronTrainer({ useDomains: false, minFeatureCount: 1, reversed: true }, features);
    first.admitFeatures(backwards);
    for (let epoch = 0; epoch < 5; epoch += 1) first.trainEpoch(backwards, backwards.map((_, i) => i));
    const stacked = sentences.map((s, i) => ({ ...s, firstPass: first.predict(backwards[i]!).reverse() }));
    const second = new PerceptronTrainer({ useDomains: false, minFeatureCount: 1, lookahead: true }, features);
    second.admitFeatures(stacked);
    for (let epoch = 0; epoch < 5; epoch += 1) second.trainEpoch(stacked, stacked.map((_, i) => i));
    const header = { useDomains: false, inferenceDomain: 0, rightToLeft: true };
    const bytes = encodeModel(first.averagedWeights(), header, 0, { lookahead: { weights: second.averagedWeights(), threshold: 0 }, wordClasses });
    const model = TaggerModel.fromBytes(bytes);
    expect(model.rightToLeft).toBe(true);
    expect(model.lookahead?.rightToLeft).toBe(false);
    expect(model.wordClasses?.get('gato')).toBe(WORD_CLASS.noun);
    const tagger = new Tagger(model, { language: 'es', lexicon: () => 0 });
    expect(tagger.tag(['de', 'el', 'perro'])).toEqual(['ADP', 'DET', 'NOUN']);
  });

  it('reads the parts of speech of Spanish WordNet lemmas', () => {
    const classes = parseWordNetTab('# header\n00001740-n\tlemma\tentidad\n00002-v\tlemma\tatacar\n00003-a\tlemma\tlargo\n00004-n\tlemma\ta capella\n');
    expect([...classes]).toEqual([['entidad', WORD_CLASS.noun], ['atacar', WORD_CLASS.verb], ['largo', WORD_CLASS.adjective]]);
    const lookup = (w: string) => classes.get(w) ?? 0;
    // "largas": its masculine singular is an adjective; "atacaban": a form of a dictionary verb.
    expect(wordClassSignature('largas', lookup)).toBe(WORD_CLASS.adjective << 4);
    expect(wordClassSignature('atacaban', lookup)).toBe(1 << 8);
    expect(wordClassSignature('atacado', lookup)).toBe(2 << 8);
  });

  it('refuses a file that is not a model', () => {
    expect(() => TaggerModel.fromBytes(new Uint8Array([1, 2, 3]))).toThrow();
  });
});
