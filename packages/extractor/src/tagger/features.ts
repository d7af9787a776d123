import { featureKey, hashString } from './hash.ts';

/** The 17 Universal Dependencies part-of-speech tags, in a fixed order (the model's rows). */
export const UPOS_TAGS = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
] as const;
export type Upos = (typeof UPOS_TAGS)[number];
export const TAG_COUNT = UPOS_TAGS.length;
export const TAG_INDEX: Readonly<Record<string, number>> = Object.fromEntries(UPOS_TAGS.map((t, i) => [t, i]));

/** Previous-tag value used before the first word of a sentence. */
export const START_TAG = TAG_COUNT;
/** Tag value two words before the first word. */
export const START_TAG2 = TAG_COUNT + 1;

// Feature templates. Numbers are part of the model format: never renumber, only add.
const T = {
  w0: 1,
  suf1: 2,
  suf2: 3,
  suf3: 4,
  suf4: 5,
  pre1: 6,
  pre2: 7,
  pre3: 8,
  shape0: 9,
  bias: 10,
  wm1: 11,
  wp1: 12,
  wm2: 13,
  wp2: 14,
  sufm1: 15,
  sufp1: 16,
  shapem1: 17,
  shapep1: 18,
  w0wm1: 19,
  w0wp1: 20,
  firstShape: 21,
  t1: 22,
  t12: 23,
  t1w0: 24,
  t1wp1: 25,
  suf5: 26,
  domain: 27,
  t1suf3: 28,
} as const;

/** Features that depend only on the word form; computed once per distinct form. */
export const STATIC_FEATURES = 10;
/** Features that depend on the neighbouring words. */
export const CONTEXT_FEATURES = 12;
/** Features that depend on the tags already chosen to the left. */
export const TAG_FEATURES = 5;
export const FEATURES_PER_WORD = STATIC_FEATURES + CONTEXT_FEATURES + TAG_FEATURES;

interface FormInfo {
  lower: number;
  suffix3: number;
  shape: number;
  features: Uint32Array;
}

const MISSING = hashString('\u0000none');
const BEFORE = hashString('\u0000<s>');
const AFTER = hashString('\u0000</s>');
const DIGIT_RE = /\p{Nd}/gu;

function shapeOf(form: string): string {
  let shape = '';
  let last = '';
  let run = 0;
  for (const ch of form) {
    let c: string;
    if (ch >= '0' && ch <= '9') c = 'd';
    else if (ch.toLowerCase() !== ch) c = 'X';
    else if (ch.toUpperCase() !== ch) c = 'x';
    else c = ch;
    if (c === last) {
      run += 1;
      if (run >= 2) continue;
    } else {
      run = 0;
      last = c;
    }
    shape += c;
  }
  return shape;
}

function affixKey(template: number, s: string, n: number, fromEnd: boolean): number {
  if (s.length < n) return featureKey(template, MISSING);
  return featureKey(template, hashString(fromEnd ? s.slice(s.length - n) : s.slice(0, n)));
}

/**
 * Turns sentences (arrays of word forms) into hashed feature keys. Keeps a cache of per-form
 * features, bounded so a hostile text of endless distinct forms cannot grow memory.
 */
export class FeatureExtractor {
  private cache = new Map<string, FormInfo>();
  private readonly maxCache: number;
  /** The forms of the sentence last passed to fillSentence, for fillTagFeatures. */
  private infos: FormInfo[] = [];

  constructor(maxCache = 200_000) {
    this.maxCache = maxCache;
  }

  info(form: string): FormInfo {
    const cached = this.cache.get(form);
    if (cached !== undefined) return cached;
    let lower = form.toLowerCase();
    if (/\d/.test(lower)) lower = lower.replace(DIGIT_RE, '0');
    const lowerHash = hashString(lower);
    const shape = hashString(shapeOf(form));
    const features = new Uint32Array(STATIC_FEATURES);
    features[0] = featureKey(T.w0, lowerHash);
    features[1] = affixKey(T.suf1, lower, 1, true);
    features[2] = affixKey(T.suf2, lower, 2, true);
    features[3] = affixKey(T.suf3, lower, 3, true);
    features[4] = affixKey(T.suf4, lower, 4, true);
    features[5] = affixKey(T.suf5, lower, 5, true);
    features[6] = affixKey(T.pre1, lower, 1, false);
    features[7] = affixKey(T.pre2, lower, 2, false);
    features[8] = affixKey(T.pre3, lower, 3, false);
    features[9] = featureKey(T.shape0, shape);
    const info: FormInfo = {
      lower: lowerHash,
      suffix3: lower.length >= 3 ? hashString(lower.slice(lower.length - 3)) : lowerHash,
      shape,
      features,
    };
    if (this.cache.size >= this.maxCache) this.cache.clear();
    this.cache.set(form, info);
    return info;
  }

  /**
   * Fills `out` with the static and context features of every word: word i owns the slots
   * [i·FEATURES_PER_WORD, i·FEATURES_PER_WORD + STATIC_FEATURES + CONTEXT_FEATURES); the tag
   * slots after them are filled by {@link fillTagFeatures} during decoding.
   */
  fillSentence(forms: readonly string[], out: Uint32Array): void {
    const n = forms.length;
    const infos: FormInfo[] = new Array<FormInfo>(n);
    for (let i = 0; i < n; i += 1) infos[i] = this.info(forms[i] as string);
    this.infos = infos;
    for (let i = 0; i < n; i += 1) {
      const w = infos[i] as FormInfo;
      const m1 = i > 0 ? infos[i - 1] : undefined;
      const m2 = i > 1 ? infos[i - 2] : undefined;
      const p1 = i + 1 < n ? infos[i + 1] : undefined;
      const p2 = i + 2 < n ? infos[i + 2] : undefined;
      let o = i * FEATURES_PER_WORD;
      out.set(w.features, o);
      o += STATIC_FEATURES;
      out[o++] = featureKey(T.bias, 0);
      out[o++] = featureKey(T.wm1, m1 ? m1.lower : BEFORE);
      out[o++] = featureKey(T.wp1, p1 ? p1.lower : AFTER);
      out[o++] = featureKey(T.wm2, m2 ? m2.lower : BEFORE);
      out[o++] = featureKey(T.wp2, p2 ? p2.lower : AFTER);
      out[o++] = featureKey(T.sufm1, m1 ? m1.suffix3 : BEFORE);
      out[o++] = featureKey(T.sufp1, p1 ? p1.suffix3 : AFTER);
      out[o++] = featureKey(T.shapem1, m1 ? m1.shape : BEFORE);
      out[o++] = featureKey(T.shapep1, p1 ? p1.shape : AFTER);
      out[o++] = featureKey(T.w0wm1, w.lower, m1 ? m1.lower : BEFORE);
      out[o++] = featureKey(T.w0wp1, w.lower, p1 ? p1.lower : AFTER);
      out[o] = featureKey(T.firstShape, i === 0 ? 1 : 2, w.shape);
    }
  }

  /**
   * Writes the tag-history features of word i of the sentence last given to fillSentence
   * (previous tags p1, p2) into its slots.
   */
  fillTagFeatures(i: number, p1: number, p2: number, out: Uint32Array): void {
    const infos = this.infos;
    const w = infos[i] as FormInfo;
    const next = i + 1 < infos.length ? (infos[i + 1] as FormInfo).lower : AFTER;
    let o = i * FEATURES_PER_WORD + STATIC_FEATURES + CONTEXT_FEATURES;
    out[o++] = featureKey(T.t1, p1);
    out[o++] = featureKey(T.t12, p1, p2);
    out[o++] = featureKey(T.t1w0, p1, w.lower);
    out[o++] = featureKey(T.t1wp1, p1, next);
    out[o] = featureKey(T.t1suf3, p1, w.suffix3);
  }
}

/** The key of a feature's copy specific to one training domain (treebank). */
export function domainKey(key: number, domain: number): number {
  return featureKey(T.domain, key, domain);
}
