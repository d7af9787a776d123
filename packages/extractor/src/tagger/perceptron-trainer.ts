import type { TaggedSentence } from './conllu.ts';
import { FEATURES_PER_WORD, FeatureExtractor, START_TAG, START_TAG2, TAG_COUNT, domainKey, type FeatureOptions } from './features.ts';
import type { SparseWeights } from './tagger-model.ts';

/** A training sentence with the number of the treebank it comes from (1, 2, …). */
export interface TrainingSentence extends TaggedSentence {
  domain: number;
}

export interface TrainerOptions {
  /** Also learn a copy of every feature per treebank (Daumé's "frustratingly easy" adaptation). */
  useDomains: boolean;
  /** Features seen fewer times than this in the gold data are ignored (keeps memory bounded). */
  minFeatureCount: number;
}

/** Small deterministic PRNG (mulberry32), so training runs are reproducible. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Averaged perceptron over hashed features, trained greedily left to right with its own
 * predicted tags as history (so training sees the errors tagging will see). Averaging is lazy:
 * each weight remembers when it last changed.
 */
export class PerceptronTrainer {
  private readonly options: TrainerOptions;
  private readonly extractor: FeatureExtractor;
  private readonly index = new Map<number, number>();
  private weights = new Float32Array(0);
  private totals = new Float64Array(0);
  private stamps = new Float64Array(0);
  private rows = 0;
  private step = 0;
  private keys = new Uint32Array(256 * FEATURES_PER_WORD);
  private rowBuffer = new Int32Array(256 * FEATURES_PER_WORD * 2);
  private readonly scores = new Float64Array(TAG_COUNT);

  constructor(options: TrainerOptions, features: FeatureOptions) {
    this.options = options;
    this.extractor = new FeatureExtractor({ ...features, maxCache: 2_000_000 });
  }

  private ensureKeys(n: number): void {
    if (this.keys.length < n * FEATURES_PER_WORD) {
      this.keys = new Uint32Array(n * FEATURES_PER_WORD * 2);
      this.rowBuffer = new Int32Array(n * FEATURES_PER_WORD * 4);
    }
  }

  /** Counts gold-history features and admits those seen at least `minFeatureCount` times. */
  admitFeatures(sentences: readonly TrainingSentence[]): void {
    const counts = new Map<number, number>();
    const bump = (key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const sentence of sentences) {
      const n = sentence.forms.length;
      this.ensureKeys(n);
      this.extractor.fillSentence(sentence.forms, this.keys);
      for (let i = 0; i < n; i += 1) {
        const p1 = i > 0 ? (sentence.tags[i - 1] as number) : START_TAG;
        const p2 = i > 1 ? (sentence.tags[i - 2] as number) : i === 1 ? START_TAG : START_TAG2;
        this.extractor.fillTagFeatures(i, p1, p2, this.keys);
        for (let k = i * FEATURES_PER_WORD; k < (i + 1) * FEATURES_PER_WORD; k += 1) {
          const key = this.keys[k] as number;
          bump(key);
          if (this.options.useDomains) bump(domainKey(key, sentence.domain));
        }
      }
    }
    const keep = [...counts].filter(([, c]) => c >= this.options.minFeatureCount).map(([k]) => k);
    keep.sort((a, b) => a - b);
    this.rows = keep.length;
    this.weights = new Float32Array(this.rows * TAG_COUNT);
    this.totals = new Float64Array(this.rows * TAG_COUNT);
    this.stamps = new Float64Array(this.rows * TAG_COUNT);
    keep.forEach((key, row) => this.index.set(key, row));
  }

  get featureCount(): number {
    return this.rows;
  }

  private collectRows(sentence: TrainingSentence, i: number): number {
    const keys = this.keys;
    let count = 0;
    for (let k = i * FEATURES_PER_WORD; k < (i + 1) * FEATURES_PER_WORD; k += 1) {
      const key = keys[k] as number;
      const row = this.index.get(key);
      if (row !== undefined) this.rowBuffer[count++] = row;
      if (this.options.useDomains) {
        const domainRow = this.index.get(domainKey(key, sentence.domain));
        if (domainRow !== undefined) this.rowBuffer[count++] = domainRow;
      }
    }
    return count;
  }

  private update(rows: number, tag: number, delta: number): void {
    const step = this.step;
    for (let r = 0; r < rows; r += 1) {
      const j = (this.rowBuffer[r] as number) * TAG_COUNT + tag;
      const w = this.weights[j] as number;
      this.totals[j] = (this.totals[j] as number) + (step - (this.stamps[j] as number)) * w;
      this.stamps[j] = step;
      this.weights[j] = w + delta;
    }
  }

  /** One pass over the sentences in the given order; returns the training accuracy. */
  trainEpoch(sentences: readonly TrainingSentence[], order: readonly number[]): number {
    let correct = 0;
    let total = 0;
    for (const s of order) {
      const sentence = sentences[s] as TrainingSentence;
      const n = sentence.forms.length;
      this.ensureKeys(n);
      this.extractor.fillSentence(sentence.forms, this.keys);
      let p1: number = START_TAG;
      let p2: number = START_TAG2;
      for (let i = 0; i < n; i += 1) {
        this.extractor.fillTagFeatures(i, p1, p2, this.keys);
        const rows = this.collectRows(sentence, i);
        this.scores.fill(0);
        for (let r = 0; r < rows; r += 1) {
          const base = (this.rowBuffer[r] as number) * TAG_COUNT;
          for (let t = 0; t < TAG_COUNT; t += 1) this.scores[t] = (this.scores[t] as number) + (this.weights[base + t] as number);
        }
        let guess = 0;
        for (let t = 1; t < TAG_COUNT; t += 1) if ((this.scores[t] as number) > (this.scores[guess] as number)) guess = t;
        const gold = sentence.tags[i] as number;
        this.step += 1;
        if (guess !== gold) {
          this.update(rows, gold, 1);
          this.update(rows, guess, -1);
        } else correct += 1;
        total += 1;
        p2 = p1;
        p1 = guess;
      }
    }
    return total === 0 ? 0 : correct / total;
  }

  /** The averaged weights so far (training can continue afterwards). */
  averagedWeights(): SparseWeights {
    const result: SparseWeights = new Map();
    const step = Math.max(1, this.step);
    for (const [key, row] of this.index) {
      const averaged = new Float32Array(TAG_COUNT);
      let any = false;
      for (let t = 0; t < TAG_COUNT; t += 1) {
        const j = row * TAG_COUNT + t;
        const total = (this.totals[j] as number) + (step - (this.stamps[j] as number)) * (this.weights[j] as number);
        const value = total / step;
        averaged[t] = value;
        if (value !== 0) any = true;
      }
      if (any) result.set(key, averaged);
    }
    return result;
  }
}
