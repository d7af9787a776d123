import { featureKey, hashString } from './hash.ts';
import { SPANISH_VERB_ENDINGS, wordClassSignature, type WordClassLookup } from './word-classes.ts';

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
export const TAG_INDEX: Readonly<Record<string, number>> = Object.assign(
  Object.create(null) as Record<string, number>,
  Object.fromEntries(UPOS_TAGS.map((t, i) => [t, i])),
);

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
  family: 29,
  familySuffix: 30,
  frequencyBin: 31,
  lookTag1: 32,
  lookTag2: 33,
  lookTags: 34,
  lookTagWord: 35,
  firstTag: 36,
  historyLook: 37,
  lookTagSuffix: 38,
  wordClass: 39,
  wordClassSuffix: 40,
  wordClassPrevious: 41,
  wordClassNext: 42,
  historyLookSuffix: 43,
  historyLookClass: 44,
} as const;

/** Features that depend only on the word form; computed once per distinct form. */
export const STATIC_FEATURES = 15;
/** Features that depend on the neighbouring words. */
export const CONTEXT_FEATURES = 14;
/** Features that depend on the tags already chosen to the left. */
export const TAG_FEATURES = 5;
export const FEATURES_PER_WORD = STATIC_FEATURES + CONTEXT_FEATURES + TAG_FEATURES;
/** Features of the second pass that read the first pass's tags (of this word and the next two). */
export const LOOKAHEAD_FEATURES = 9;
/** First-pass tag value past the end of the sentence. */
export const END_TAG = TAG_COUNT;

/** Hashes of one word form, shared by every feature that reads it. */
export interface FormInfo {
  lower: number;
  suffix3: number;
  shape: number;
  /** What the word-class dictionary says of the form ({@link wordClassSignature}); 0 without one. */
  wordClass: number;
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

/** Frequency per million of a lower-case word in a large general word list; 0 when absent. */
export type LexiconLookup = (lower: string) => number;
export type FeatureLanguage = 'es' | 'en';

/**
 * What a large word list says about a form's relatives (infinitive or -ing/-ed form, plural,
 * -mente/-ly adverb, other gender): it lets the tagger guess words the treebanks never had.
 */
export function familyFlags(lower: string, language: FeatureLanguage, lexicon: LexiconLookup): number {
  let flags = lexicon(lower) > 0 ? 8 : 0;
  if (language === 'es') {
    // "bloquea" → "bloque" + "ar" is in the word list, so "bloquea" belongs to a verb family.
    for (const ending of SPANISH_VERB_ENDINGS) {
      if (!lower.endsWith(ending) || lower.length - ending.length < 2) continue;
      const stem = lower.slice(0, lower.length - ending.length);
      if (lexicon(`${stem}ar`) > 0 || lexicon(`${stem}er`) > 0 || lexicon(`${stem}ir`) > 0) {
        flags |= 1;
        break;
      }
    }
    const last = lower.charAt(lower.length - 1);
    if (lexicon('aeiouáéíóú'.includes(last) ? `${lower}s` : `${lower}es`) > 0) flags |= 2;
    if (lexicon(`${lower.endsWith('o') ? `${lower.slice(0, -1)}a` : lower}mente`) > 0) flags |= 4;
    // Adjectives have both genders ("larga"/"largo"); most nouns do not ("espada"/"espado").
    const otherGender = /(?:a|as)$/.test(lower) ? lower.replace(/a(s?)$/, 'o$1') : /(?:o|os)$/.test(lower) ? lower.replace(/o(s?)$/, 'a$1') : '';
    if (otherGender !== '' && lexicon(otherGender) >= 0.5) flags |= 16;
  } else {
    const base = lower.endsWith('e') ? lower.slice(0, -1) : lower;
    if (lexicon(`${base}ing`) > 0 || lexicon(`${base}ed`) > 0 || lexicon(`${lower}ed`) > 0) flags |= 1;
    if (lexicon(`${lower}s`) > 0 || lexicon(`${lower}es`) > 0) flags |= 2;
    if (lexicon(`${lower}ly`) > 0 || lexicon(`${lower.endsWith('y') ? lower.slice(0, -1) + 'i' : lower}ly`) > 0) flags |= 4;
  }
  return flags;
}

/** Coarse frequency class of a word in the word list: 0 (very frequent) to 7, 8 when absent. */
function frequencyBin(lower: string, lexicon: LexiconLookup): number {
  const perMillion = lexicon(lower);
  if (perMillion <= 0) return 8;
  return Math.max(0, Math.min(7, Math.floor(4 - Math.log10(perMillion))));
}

export interface FeatureOptions {
  language: FeatureLanguage;
  /** The general word list the lexicon features read (the shipped reference frequencies). */
  lexicon: LexiconLookup;
  /** Parts of speech of dictionary lemmas (Spanish WordNet), when the model ships them. */
  wordClasses?: WordClassLookup | null;
  maxCache?: number;
}

/** Hashed feature keys of sentences; the per-form cache is bounded against hostile texts. */
export class FeatureExtractor {
  private cache = new Map<string, FormInfo>();
  private readonly maxCache: number;
  private readonly language: FeatureLanguage;
  private readonly lexicon: LexiconLookup;
  private readonly wordClasses: WordClassLookup | null;
  /** The forms of the sentence last passed to fillSentence, for fillTagFeatures. */
  private infos: FormInfo[] = [];

  constructor(options: FeatureOptions) {
    this.maxCache = options.maxCache ?? 200_000;
    this.language = options.language;
    this.lexicon = options.lexicon;
    this.wordClasses = options.wordClasses ?? null;
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
    const plain = form.toLowerCase();
    const flags = familyFlags(plain, this.language, this.lexicon);
    const suffix3 = lower.length >= 3 ? hashString(lower.slice(lower.length - 3)) : lowerHash;
    features[10] = featureKey(T.family, flags);
    features[11] = featureKey(T.familySuffix, flags, suffix3);
    features[12] = featureKey(T.frequencyBin, frequencyBin(plain, this.lexicon));
    const wordClass = this.wordClasses === null ? 0 : wordClassSignature(plain, this.wordClasses);
    features[13] = featureKey(T.wordClass, wordClass);
    features[14] = featureKey(T.wordClassSuffix, wordClass, suffix3);
    const info: FormInfo = {
      lower: lowerHash,
      suffix3,
      shape,
      wordClass,
      features,
    };
    if (this.cache.size >= this.maxCache) this.cache.clear();
    this.cache.set(form, info);
    return info;
  }

  /** Keys of a word on its own: its form features, the bias and its shape at the sentence start or not. */
  ownKeys(w: FormInfo, isFirst: boolean): number[] {
    return [...w.features, featureKey(T.bias, 0), featureKey(T.firstShape, isFirst ? 1 : 2, w.shape)];
  }

  /**
   * Keys a word adds to the word `offset` positions away from it (-1: it is the previous word,
   * 2: the word after next…); `null` for the sentence edge.
   */
  neighbourKeys(n: FormInfo | null, offset: -2 | -1 | 1 | 2): number[] {
    if (offset === -1) {
      return [
        featureKey(T.wm1, n ? n.lower : BEFORE),
        featureKey(T.sufm1, n ? n.suffix3 : BEFORE),
        featureKey(T.shapem1, n ? n.shape : BEFORE),
        featureKey(T.wordClassPrevious, n ? n.wordClass : BEFORE),
      ];
    }
    if (offset === 1) {
      return [
        featureKey(T.wp1, n ? n.lower : AFTER),
        featureKey(T.sufp1, n ? n.suffix3 : AFTER),
        featureKey(T.shapep1, n ? n.shape : AFTER),
        featureKey(T.wordClassNext, n ? n.wordClass : AFTER),
      ];
    }
    return offset === -2 ? [featureKey(T.wm2, n ? n.lower : BEFORE)] : [featureKey(T.wp2, n ? n.lower : AFTER)];
  }

  /** Keys of a word together with its neighbours (word bigrams). */
  pairKeys(w: FormInfo, previous: FormInfo | null, next: FormInfo | null): [number, number] {
    return [this.pairKeyBefore(w, previous), this.pairKeyAfter(w, next)];
  }

  /** The first pair key (word and previous word), without allocating. */
  pairKeyBefore(w: FormInfo, previous: FormInfo | null): number {
    return featureKey(T.w0wm1, w.lower, previous ? previous.lower : BEFORE);
  }

  /** The second pair key (word and next word), without allocating. */
  pairKeyAfter(w: FormInfo, next: FormInfo | null): number {
    return featureKey(T.w0wp1, w.lower, next ? next.lower : AFTER);
  }

  /** The keys of {@link historyWordKeys}, one at a time, without allocating. */
  historyWordKey(which: 0 | 1 | 2, p1: number, w: FormInfo, next: FormInfo | null): number {
    if (which === 0) return featureKey(T.t1w0, p1, w.lower);
    if (which === 1) return featureKey(T.t1wp1, p1, next ? next.lower : AFTER);
    return featureKey(T.t1suf3, p1, w.suffix3);
  }

  /** Keys of the two previous tags alone. */
  historyKeys(p1: number, p2: number): [number, number] {
    return [featureKey(T.t1, p1), featureKey(T.t12, p1, p2)];
  }

  /** Keys of the previous tag together with the word and the next word. */
  historyWordKeys(p1: number, w: FormInfo, next: FormInfo | null): [number, number, number] {
    return [this.historyWordKey(0, p1, w, next), this.historyWordKey(1, p1, w, next), this.historyWordKey(2, p1, w, next)];
  }

  /** Keys of the first pass's tags alone: this word's (f0) and the next two words' (r1, r2). */
  lookaheadTagKeys(f0: number, r1: number, r2: number): [number, number, number, number] {
    return [featureKey(T.firstTag, f0), featureKey(T.lookTag1, r1), featureKey(T.lookTag2, r2), featureKey(T.lookTags, r1, r2)];
  }

  /** Key of the previous tag (of this pass) with the first pass's tag of the next word. */
  historyLookKey(p1: number, r1: number): number {
    return featureKey(T.historyLook, p1, r1);
  }

  /** Keys of the previous tag and the first pass's next tag with this word's suffix (0) or word class (1). */
  historyLookWordKey(which: 0 | 1, p1: number, r1: number, w: FormInfo): number {
    return which === 0 ? featureKey(T.historyLookSuffix, p1 * 32 + r1, w.suffix3) : featureKey(T.historyLookClass, p1 * 32 + r1, w.wordClass);
  }

  /** Keys of the first pass's tag of the next word with this word (0) or its suffix (1). */
  lookWordKey(which: 0 | 1, r1: number, w: FormInfo): number {
    return which === 0 ? featureKey(T.lookTagWord, r1, w.lower) : featureKey(T.lookTagSuffix, r1, w.suffix3);
  }

  /**
   * Fills `out` with each word's tag-independent features, word i from slot i·stride; its tag
   * slots are filled by {@link fillTagFeatures} during decoding. `reversed`: the forms are a
   * sentence backwards (for a right-to-left pass), so its first word is the last one.
   */
  fillSentence(forms: readonly string[], out: Uint32Array, stride = FEATURES_PER_WORD, reversed = false): void {
    const n = forms.length;
    const infos: FormInfo[] = new Array<FormInfo>(n);
    for (let i = 0; i < n; i += 1) infos[i] = this.info(forms[i] as string);
    this.infos = infos;
    for (let i = 0; i < n; i += 1) {
      const w = infos[i] as FormInfo;
      const m1 = i > 0 ? (infos[i - 1] as FormInfo) : null;
      const m2 = i > 1 ? (infos[i - 2] as FormInfo) : null;
      const p1 = i + 1 < n ? (infos[i + 1] as FormInfo) : null;
      const p2 = i + 2 < n ? (infos[i + 2] as FormInfo) : null;
      const keys = [
        ...this.ownKeys(w, i === (reversed ? n - 1 : 0)),
        ...this.neighbourKeys(m1, -1),
        ...this.neighbourKeys(p1, 1),
        ...this.neighbourKeys(m2, -2),
        ...this.neighbourKeys(p2, 2),
        ...this.pairKeys(w, m1, p1),
      ];
      out.set(keys, i * stride);
    }
  }

  /**
   * Writes the tag-history features (previous tags p1, p2) of word i of the last sentence and,
   * given the first pass's tags, the look-ahead features after them (else zeros, no feature).
   */
  fillTagFeatures(i: number, p1: number, p2: number, out: Uint32Array, stride = FEATURES_PER_WORD, firstPass: Uint8Array | null = null): void {
    const infos = this.infos;
    const w = infos[i] as FormInfo;
    const next = i + 1 < infos.length ? (infos[i + 1] as FormInfo) : null;
    let at = i * stride + STATIC_FEATURES + CONTEXT_FEATURES;
    out[at++] = featureKey(T.t1, p1);
    out[at++] = featureKey(T.t12, p1, p2);
    out[at++] = this.historyWordKey(0, p1, w, next);
    out[at++] = this.historyWordKey(1, p1, w, next);
    out[at++] = this.historyWordKey(2, p1, w, next);
    if (stride === FEATURES_PER_WORD) return;
    if (firstPass === null) {
      out.fill(0, at, at + LOOKAHEAD_FEATURES);
      return;
    }
    const n = infos.length;
    const f0 = firstPass[i] as number;
    const r1 = i + 1 < n ? (firstPass[i + 1] as number) : END_TAG;
    const r2 = i + 2 < n ? (firstPass[i + 2] as number) : END_TAG;
    out[at++] = featureKey(T.firstTag, f0);
    out[at++] = featureKey(T.lookTag1, r1);
    out[at++] = featureKey(T.lookTag2, r2);
    out[at++] = featureKey(T.lookTags, r1, r2);
    out[at++] = this.historyLookKey(p1, r1);
    out[at++] = this.lookWordKey(0, r1, w);
    out[at++] = this.lookWordKey(1, r1, w);
    out[at++] = this.historyLookWordKey(0, p1, r1, w);
    out[at] = this.historyLookWordKey(1, p1, r1, w);
  }
}

/** The key of a feature's copy specific to one training domain (treebank). */
export function domainKey(key: number, domain: number): number {
  return featureKey(T.domain, key, domain);
}
