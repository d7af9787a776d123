import {
  END_TAG,
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
const LOOK_VALUES = TAG_COUNT + 1; // the tags and END_TAG

/**
 * One greedy pass of a model (left to right, or right to left when it was trained so): each word
 * takes the best tag given its features, the two tags before it and, in the look-ahead pass, the
 * first pass's tags of it and the next two words. Tagging is memory-bound, so per-form and
 * per-tag-combination scores are cached.
 */
class GreedyPass {
  private readonly model: TaggerModel;
  private readonly features: FeatureExtractor;
  private readonly cache = new Map<string, FormScores>();
  private readonly maxCache: number;
  private readonly history: Int32Array;
  /** Look-ahead pass only: scores of (first-pass tag, next two first-pass tags), of (p1, next first-pass tag). */
  private readonly lookTags: Int32Array | null;
  private readonly historyLook: Int32Array | null;
  private readonly edgeBefore: Int32Array;
  private readonly edgeAfter: Int32Array;
  private readonly edgeBefore2: Int32Array;
  private readonly edgeAfter2: Int32Array;
  private readonly scores = new Int32Array(TAG_COUNT);

  constructor(model: TaggerModel, features: FeatureExtractor, maxCache: number, lookahead: boolean) {
    this.model = model;
    this.features = features;
    this.maxCache = maxCache;
    this.history = new Int32Array(HISTORY_VALUES * HISTORY_VALUES * TAG_COUNT);
    for (let p1 = 0; p1 < HISTORY_VALUES; p1 += 1) {
      for (let p2 = 0; p2 < HISTORY_VALUES; p2 += 1) {
        this.history.set(this.sum(features.historyKeys(p1, p2)), (p1 * HISTORY_VALUES + p2) * TAG_COUNT);
      }
    }
    this.lookTags = null;
    this.historyLook = null;
    if (lookahead) {
      this.lookTags = new Int32Array(TAG_COUNT * LOOK_VALUES * LOOK_VALUES * TAG_COUNT);
      for (let f0 = 0; f0 < TAG_COUNT; f0 += 1) {
        for (let r1 = 0; r1 < LOOK_VALUES; r1 += 1) {
          for (let r2 = 0; r2 < LOOK_VALUES; r2 += 1) {
            this.lookTags.set(this.sum(features.lookaheadTagKeys(f0, r1, r2)), ((f0 * LOOK_VALUES + r1) * LOOK_VALUES + r2) * TAG_COUNT);
          }
        }
      }
      this.historyLook = new Int32Array(HISTORY_VALUES * LOOK_VALUES * TAG_COUNT);
      for (let p1 = 0; p1 < HISTORY_VALUES; p1 += 1) {
        for (let r1 = 0; r1 < LOOK_VALUES; r1 += 1) {
          this.historyLook.set(this.sum([features.historyLookKey(p1, r1)]), (p1 * LOOK_VALUES + r1) * TAG_COUNT);
        }
      }
    }
    this.edgeBefore = this.sum(features.neighbourKeys(null, -1));
    this.edgeAfter = this.sum(features.neighbourKeys(null, 1));
    this.edgeBefore2 = this.sum(features.neighbourKeys(null, -2));
    this.edgeAfter2 = this.sum(features.neighbourKeys(null, 2));
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

  /**
   * Tags the forms into `result`; the look-ahead pass reads the first pass's tags from
   * `firstPass`. A right-to-left pass sees the sentence backwards and writes its tags back in order.
   */
  run(forms: readonly string[], result: Uint8Array, firstPass: Uint8Array | null): void {
    const n = forms.length;
    const reversed = this.model.rightToLeft;
    const words = new Array<FormScores>(n);
    for (let i = 0; i < n; i += 1) words[i] = this.scoresOf(forms[reversed ? n - 1 - i : i] as string);
    const first = reversed ? n - 1 : 0;
    const scores = this.scores;
    const model = this.model;
    const features = this.features;
    const history = this.history;
    const lookTags = this.lookTags;
    const historyLook = this.historyLook;
    let p1: number = START_TAG;
    let p2: number = START_TAG2;
    for (let i = 0; i < n; i += 1) {
      const w = words[i] as FormScores;
      const own = i === first ? w.ownFirst : w.ownOther;
      const before = i > 0 ? (words[i - 1] as FormScores).asPrevious : this.edgeBefore;
      const before2 = i > 1 ? (words[i - 2] as FormScores).asPrevious2 : this.edgeBefore2;
      const after = i + 1 < n ? (words[i + 1] as FormScores).asNext : this.edgeAfter;
      const after2 = i + 2 < n ? (words[i + 2] as FormScores).asNext2 : this.edgeAfter2;
      const h = (p1 * HISTORY_VALUES + p2) * TAG_COUNT;
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
      if (firstPass !== null && lookTags !== null && historyLook !== null) {
        const r1 = i + 1 < n ? (firstPass[i + 1] as number) : END_TAG;
        const r2 = i + 2 < n ? (firstPass[i + 2] as number) : END_TAG;
        const l = (((firstPass[i] as number) * LOOK_VALUES + r1) * LOOK_VALUES + r2) * TAG_COUNT;
        const hl = (p1 * LOOK_VALUES + r1) * TAG_COUNT;
        for (let t = 0; t < TAG_COUNT; t += 1) scores[t] = (scores[t] as number) + (lookTags[l + t] as number) + (historyLook[hl + t] as number);
        model.addScores(features.lookWordKey(0, r1, w.info), scores);
        model.addScores(features.lookWordKey(1, r1, w.info), scores);
        model.addScores(features.historyLookWordKey(0, p1, r1, w.info), scores);
        model.addScores(features.historyLookWordKey(1, p1, r1, w.info), scores);
      }
      let best = 0;
      let bestScore = scores[0] as number;
      for (let t = 1; t < TAG_COUNT; t += 1) {
        const s = scores[t] as number;
        if (s > bestScore) {
          bestScore = s;
          best = t;
        }
      }
      result[reversed ? n - 1 - i : i] = best;
      p2 = p1;
      p1 = best;
    }
  }
}

/**
 * Part-of-speech tagger: a greedy left-to-right pass and, when the model has one, a second
 * look-ahead pass that re-tags the sentence knowing the first pass's tags of the words ahead.
 */
export class Tagger {
  private readonly first: GreedyPass;
  private readonly second: GreedyPass | null;
  private firstTags = new Uint8Array(256);

  constructor(model: TaggerModel, features: FeatureOptions) {
    const wordClasses = model.wordClasses;
    const extractor = new FeatureExtractor(wordClasses === null ? features : { ...features, wordClasses: (w) => wordClasses.get(w) ?? 0 });
    const maxCache = features.maxCache ?? 100_000;
    this.first = new GreedyPass(model, extractor, maxCache, false);
    this.second = model.lookahead === null ? null : new GreedyPass(model.lookahead, extractor, maxCache, true);
  }

  /** Tags a sentence given as syntactic word forms; returns indices into {@link UPOS_TAGS}. */
  tagIndices(forms: readonly string[]): Uint8Array {
    const n = forms.length;
    const result = new Uint8Array(n);
    if (n === 0) return result;
    if (this.second === null) {
      this.first.run(forms, result, null);
      return result;
    }
    if (this.firstTags.length < n) this.firstTags = new Uint8Array(n * 2);
    const firstTags = this.firstTags.subarray(0, n);
    this.first.run(forms, firstTags, null);
    this.second.run(forms, result, firstTags);
    return result;
  }

  tag(forms: readonly string[]): Upos[] {
    return Array.from(this.tagIndices(forms), (t) => UPOS_TAGS[t] as Upos);
  }
}
