import {
  FeatureExtractor,
  START_TAG,
  START_TAG2,
  TAG_COUNT,
  UPOS_TAGS,
  type FeatureOptions,
  type FormInfo,
  type Upos,
} from './features.ts';
import type { TaggerModel } from './tagger-model.ts';

/** Score vectors (one integer per tag) a form contributes at each position around it. */
interface FormScores {
  info: FormInfo;
  /** Its own features, as the first word of a sentence and elsewhere. */
  ownFirst: Int32Array;
  ownOther: Int32Array;
  /** What it adds to the next word (it is that word's previous word), and so on. */
  asPrevious: Int32Array;
  asNext: Int32Array;
  asPrevious2: Int32Array;
  asNext2: Int32Array;
}

const HISTORY_VALUES = TAG_COUNT + 2; // the tags, START_TAG and START_TAG2

/**
 * Greedy left-to-right part-of-speech tagger: each word takes the best tag given its features and
 * the two tags before it. Tagging is memory-bound, so per-form and per-tag-pair scores are cached.
 */
export class Tagger {
  private readonly model: TaggerModel;
  private readonly features: FeatureExtractor;
  private readonly cache = new Map<string, FormScores>();
  private readonly maxCache: number;
  private readonly history: Int32Array;
  private readonly edgeBefore: Int32Array;
  private readonly edgeAfter: Int32Array;
  private readonly edgeBefore2: Int32Array;
  private readonly edgeAfter2: Int32Array;
  private readonly scores = new Int32Array(TAG_COUNT);

  constructor(model: TaggerModel, features: FeatureOptions) {
    this.model = model;
    this.features = new FeatureExtractor(features);
    this.maxCache = features.maxCache ?? 100_000;
    this.history = new Int32Array(HISTORY_VALUES * HISTORY_VALUES * TAG_COUNT);
    for (let p1 = 0; p1 < HISTORY_VALUES; p1 += 1) {
      for (let p2 = 0; p2 < HISTORY_VALUES; p2 += 1) {
        this.history.set(this.sum(this.features.historyKeys(p1, p2)), (p1 * HISTORY_VALUES + p2) * TAG_COUNT);
      }
    }
    this.edgeBefore = this.sum(this.features.neighbourKeys(null, -1));
    this.edgeAfter = this.sum(this.features.neighbourKeys(null, 1));
    this.edgeBefore2 = this.sum(this.features.neighbourKeys(null, -2));
    this.edgeAfter2 = this.sum(this.features.neighbourKeys(null, 2));
  }

  private sum(keys: readonly number[]): Int32Array {
    const vector = new Int32Array(TAG_COUNT);
    for (const key of keys) this.model.addScores(key, vector);
    return vector;
  }

  private scoresOf(form: string): FormScores {
    let cached = this.cache.get(form);
    if (cached === undefined) {
      const info = this.features.info(form);
      // ownKeys(first) and ownKeys(other) differ only in their last key.
      const ownKeys = this.features.ownKeys(info, true);
      const shared = this.sum(ownKeys.slice(0, -1));
      const ownFirst = shared.slice();
      this.model.addScores(ownKeys[ownKeys.length - 1] as number, ownFirst);
      const ownOther = shared;
      const otherKeys = this.features.ownKeys(info, false);
      this.model.addScores(otherKeys[otherKeys.length - 1] as number, ownOther);
      cached = {
        info,
        ownFirst,
        ownOther,
        asPrevious: this.sum(this.features.neighbourKeys(info, -1)),
        asNext: this.sum(this.features.neighbourKeys(info, 1)),
        asPrevious2: this.sum(this.features.neighbourKeys(info, -2)),
        asNext2: this.sum(this.features.neighbourKeys(info, 2)),
      };
      if (this.cache.size >= this.maxCache) this.cache.clear();
      this.cache.set(form, cached);
    }
    return cached;
  }

  /** Tags a sentence given as syntactic word forms; returns indices into {@link UPOS_TAGS}. */
  tagIndices(forms: readonly string[]): Uint8Array {
    const n = forms.length;
    const result = new Uint8Array(n);
    if (n === 0) return result;
    const words = new Array<FormScores>(n);
    for (let i = 0; i < n; i += 1) words[i] = this.scoresOf(forms[i] as string);
    const scores = this.scores;
    const model = this.model;
    const features = this.features;
    let p1: number = START_TAG;
    let p2: number = START_TAG2;
    for (let i = 0; i < n; i += 1) {
      const w = words[i] as FormScores;
      const own = i === 0 ? w.ownFirst : w.ownOther;
      const before = i > 0 ? (words[i - 1] as FormScores).asPrevious : this.edgeBefore;
      const before2 = i > 1 ? (words[i - 2] as FormScores).asPrevious2 : this.edgeBefore2;
      const after = i + 1 < n ? (words[i + 1] as FormScores).asNext : this.edgeAfter;
      const after2 = i + 2 < n ? (words[i + 2] as FormScores).asNext2 : this.edgeAfter2;
      const h = (p1 * HISTORY_VALUES + p2) * TAG_COUNT;
      const history = this.history;
      for (let t = 0; t < TAG_COUNT; t += 1) {
        scores[t] =
          (own[t] as number) +
          (before[t] as number) +
          (before2[t] as number) +
          (after[t] as number) +
          (after2[t] as number) +
          (history[h + t] as number);
      }
      const previous = i > 0 ? (words[i - 1] as FormScores).info : null;
      const next = i + 1 < n ? (words[i + 1] as FormScores).info : null;
      model.addScores(features.pairKeyBefore(w.info, previous), scores);
      model.addScores(features.pairKeyAfter(w.info, next), scores);
      model.addScores(features.historyWordKey(0, p1, w.info, next), scores);
      model.addScores(features.historyWordKey(1, p1, w.info, next), scores);
      model.addScores(features.historyWordKey(2, p1, w.info, next), scores);
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

  tag(forms: readonly string[]): Upos[] {
    return Array.from(this.tagIndices(forms), (t) => UPOS_TAGS[t] as Upos);
  }
}
