import {
  FEATURES_PER_WORD,
  FeatureExtractor,
  START_TAG,
  START_TAG2,
  TAG_COUNT,
  UPOS_TAGS,
  type Upos,
} from './features.ts';
import type { TaggerModel } from './tagger-model.ts';

/**
 * Greedy left-to-right part-of-speech tagger over a {@link TaggerModel}: each word's tag is the
 * best-scoring one given its features and the two tags already chosen before it.
 */
export class Tagger {
  private readonly model: TaggerModel;
  private readonly features = new FeatureExtractor();
  private keys = new Uint32Array(64 * FEATURES_PER_WORD);
  private readonly scores = new Int32Array(TAG_COUNT);

  constructor(model: TaggerModel) {
    this.model = model;
  }

  /** Tags a sentence given as syntactic word forms; returns indices into {@link UPOS_TAGS}. */
  tagIndices(forms: readonly string[]): Uint8Array {
    const n = forms.length;
    const result = new Uint8Array(n);
    if (n === 0) return result;
    if (this.keys.length < n * FEATURES_PER_WORD) this.keys = new Uint32Array(n * FEATURES_PER_WORD * 2);
    const keys = this.keys;
    const model = this.model;
    const scores = this.scores;
    this.features.fillSentence(forms, keys);
    let p1: number = START_TAG;
    let p2: number = START_TAG2;
    for (let i = 0; i < n; i += 1) {
      this.features.fillTagFeatures(i, p1, p2, keys);
      scores.fill(0);
      const from = i * FEATURES_PER_WORD;
      const to = from + FEATURES_PER_WORD;
      for (let k = from; k < to; k += 1) model.addScores(keys[k] as number, scores);
      let best = 0;
      let bestScore = scores[0] as number;
      for (let t = 1; t < TAG_COUNT; t += 1) {
        const s = scores[t] as number;
        if (s > bestScore) {
          bestScore = s;
          best = t;
        }
      }
      result[i] = best;
      p2 = p1;
      p1 = best;
    }
    return result;
  }

  /** Tags a sentence and returns the UPOS names. */
  tag(forms: readonly string[]): Upos[] {
    return Array.from(this.tagIndices(forms), (t) => UPOS_TAGS[t] as Upos);
  }
}
