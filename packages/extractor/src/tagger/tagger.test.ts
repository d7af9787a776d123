import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTagger } from '../resources.ts';
import { parseConllu, parseFormTagLines } from './conllu.ts';
import { TAG_COUNT, TAG_INDEX, UPOS_TAGS } from './features.ts';
import { PerceptronTrainer, createRandom } from './perceptron-trainer.ts';
import { Tagger } from './tagger.ts';
import { TaggerModel, encodeModel } from './tagger-model.ts';

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

describe('shipped taggers on held-out UD text', () => {
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
    expect(loadTagger('es').tag(['El', 'jefe', 'final', 'de', 'el', 'nivel', 'dispara', '.'])).toEqual([
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

  it('refuses a file that is not a model', () => {
    expect(() => TaggerModel.fromBytes(new Uint8Array([1, 2, 3]))).toThrow();
  });
});
