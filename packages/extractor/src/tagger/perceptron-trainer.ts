import type { TaggedSentence } from './conllu.ts';
import { FEATURES_PER_WORD, FeatureExtractor, LOOKAHEAD_FEATURES, START_TAG, START_TAG2, TAG_COUNT, domainKey, type FeatureOptions } from './features.ts';
import type { SparseWeights } from './tagger-model.ts';

/** A training sentence with the number of the treebank it comes from (1, 2, …). */
export interface TrainingSentence extends TaggedSentence {
  domain: number;
  /** The first pass's tags of the sentence, predicted by a model that never saw it (second pass only). */
  firstPass?: Uint8Array;
}

export interface TrainerOptions {
  /** Also learn a copy of every feature per treebank (Daumé's "frustratingly easy" adaptation). */
  useDomains: boolean;
  /** Features seen fewer times than this in the gold data are ignored (keeps memory bounded). */
  minFeatureCount: number;
  /** Train the second pass, which also reads the first pass's tags of this word and the next two. */
  lookahead?: boolean;
  /** The sentences are given backwards: a right-to-left first pass. */
  reversed?: boolean;
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
  /** Admitted feature keys, sorted; their position is their row. */
  private keysByRow = new Uint32Array(0);
  /** Open-addressing table: slot → row + 1 (0 empty), probed from the key's hash. */
  private slots = new Int32Array(0);
  private mask = 0;
  private weights = new Float32Array(0);
  private totals = new Float64Array(0);
  private stamps = new Float64Array(0);
  private rows = 0;
  private step = 0;
  private readonly stride: number;
  private keys: Uint32Array;
  private rowBuffer: Int32Array;
  private readonly scores = new Float64Array(TAG_COUNT);

  constructor(options: TrainerOptions, features: FeatureOptions) {
    this.options = options;
    this.stride = options.lookahead === true ? FEATURES_PER_WORD + LOOKAHEAD_FEATURES : FEATURES_PER_WORD;
    this.keys = new Uint32Array(256 * this.stride);
    this.rowBuffer = new Int32Array(256 * this.stride * 2);
    this.extractor = new FeatureExtractor({ ...features, maxCache: 2_000_000 });
  }

  private ensureKeys(n: number): void {
    if (this.keys.length < n * this.stride) {
      this.keys = new Uint32Array(n * this.stride * 2);
      this.rowBuffer = new Int32Array(n * this.stride * 4);
    }
  }

  /** Counts gold-history features and admits those seen at least `minFeatureCount` times. */
  admitFeatures(sentences: readonly TrainingSentence[]): void {
    const counts = new Map<number, number>();
    const bump = (key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const sentence of sentences) {
      const n = sentence.forms.length;
      this.ensureKeys(n);
      this.extractor.fillSentence(sentence.forms, this.keys, this.stride, this.options.reversed === true);
      for (let i = 0; i < n; i += 1) {
        const p1 = i > 0 ? (sentence.tags[i - 1] as number) : START_TAG;
        const p2 = i > 1 ? (sentence.tags[i - 2] as number) : i === 1 ? START_TAG : START_TAG2;
        this.extractor.fillTagFeatures(i, p1, p2, this.keys, this.stride, this.firstPassOf(sentence));
        for (let k = i * this.stride; k < (i + 1) * this.stride; k += 1) {
          const key = this.keys[k] as number;
          if (key === 0) continue;
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
    this.keysByRow = Uint32Array.from(keep);
    let capacity = 1024;
    while (capacity < keep.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity);
    keep.forEach((key, row) => {
      let slot = (Math.imul(key | 0, 0x9e3779b1) >>> 0) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = row + 1;
    });
  }

  /** The row of an admitted feature key, or -1. */
  private rowOf(key: number): number {
    const slots = this.slots;
    const keys = this.keysByRow;
    let slot = (Math.imul(key | 0, 0x9e3779b1) >>> 0) & this.mask;
    for (;;) {
      const row = (slots[slot] as number) - 1;
      if (row < 0 || keys[row] === key) return row;
      slot = (slot + 1) & this.mask;
    }
  }

  get featureCount(): number {
    return this.rows;
  }

  private firstPassOf(sentence: TrainingSentence): Uint8Array | null {
    if (this.options.lookahead !== true) return null;
    if (sentence.firstPass === undefined) throw new Error('La segunda pasada necesita las etiquetas de la primera.');
    return sentence.firstPass;
  }

  private collectRows(sentence: TrainingSentence, i: number): number {
    const keys = this.keys;
    let count = 0;
    for (let k = i * this.stride; k < (i + 1) * this.stride; k += 1) {
      const key = keys[k] as number;
      if (key === 0) continue;
      const row = this.rowOf(key);
      if (row >= 0) this.rowBuffer[count++] = row;
      if (this.options.useDomains) {
        const domainRow = this.rowOf(domainKey(key, sentence.domain));
        if (domainRow >= 0) this.rowBuffer[count++] = domainRow;
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
      this.extractor.fillSentence(sentence.forms, this.keys, this.stride, this.options.reversed === true);
      const firstPass = this.firstPassOf(sentence);
      let p1: number = START_TAG;
      let p2: number = START_TAG2;
      for (let i = 0; i < n; i += 1) {
        this.extractor.fillTagFeatures(i, p1, p2, this.keys, this.stride, firstPass);
        const rows = this.collectRows(sentence, i);
        this.scores.fill(0);
        for (let r = 0; r < rows; r += 1) {
          const base = (this.rowBuffer[r] as number) * TAG_COUNT;
          for (let t = 0; t < TAG_COUNT; t += 1) this.scores[t] = (this.scores[t] as number) + (this.weights[base + t] as number);
        }
        const guess = this.bestScoredTag();
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

  /**
   * Tags a sentence greedily with the averaged weights so far and the copies of its own domain,
   * without building a model (for tuning curves and jackknifed first-pass tags).
   */
  predict(sentence: TrainingSentence): Uint8Array {
    const n = sentence.forms.length;
    const result = new Uint8Array(n);
    this.ensureKeys(n);
    this.extractor.fillSentence(sentence.forms, this.keys, this.stride, this.options.reversed === true);
    const firstPass = this.firstPassOf(sentence);
    const step = this.step;
    let p1: number = START_TAG;
    let p2: number = START_TAG2;
    for (let i = 0; i < n; i += 1) {
      this.extractor.fillTagFeatures(i, p1, p2, this.keys, this.stride, firstPass);
      const rows = this.collectRows(sentence, i);
      this.scores.fill(0);
      for (let r = 0; r < rows; r += 1) {
        const base = (this.rowBuffer[r] as number) * TAG_COUNT;
        for (let t = 0; t < TAG_COUNT; t += 1) {
          const j = base + t;
          // The averaged weight times the step count, which is the same for every tag.
          this.scores[t] = (this.scores[t] as number) + (this.totals[j] as number) + (step - (this.stamps[j] as number)) * (this.weights[j] as number);
        }
      }
      const guess = this.bestScoredTag();
      result[i] = guess;
      p2 = p1;
      p1 = guess;
    }
    return result;
  }

  /** The tag with the highest score in `scores` (the first on a tie). */
  private bestScoredTag(): number {
    let best = 0;
    for (let t = 1; t < TAG_COUNT; t += 1) if ((this.scores[t] as number) > (this.scores[best] as number)) best = t;
    return best;
  }

  /** The averaged weights so far, one row of TAG_COUNT per feature (training can continue afterwards). */
  averagedSnapshot(): AveragedSnapshot {
    const step = Math.max(1, this.step);
    const dense = new Float32Array(this.weights.length);
    for (let j = 0; j < dense.length; j += 1) {
      dense[j] = ((this.totals[j] as number) + (step - (this.stamps[j] as number)) * (this.weights[j] as number)) / step;
    }
    return { keys: this.keysByRow, dense };
  }

  /** The averaged weights so far (training can continue afterwards). */
  averagedWeights(): SparseWeights {
    return sparseWeights(this.averagedSnapshot());
  }
}

/** Averaged weights as dense rows, cheap to keep for the best epoch of a tuning curve. */
export interface AveragedSnapshot {
  keys: Uint32Array;
  dense: Float32Array;
}

export function sparseWeights(snapshot: AveragedSnapshot): SparseWeights {
  const result: SparseWeights = new Map();
  snapshot.keys.forEach((key, row) => {
    const averaged = snapshot.dense.slice(row * TAG_COUNT, (row + 1) * TAG_COUNT);
    if (averaged.some((w) => w !== 0)) result.set(key, averaged);
  });
  return result;
}
