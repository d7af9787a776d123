import { RANKER_FEATURES, RANKER_WEIGHTS } from './ranker-weights.ts';

export type TermCategory = 'NOUN' | 'PROPN' | 'ADJ' | 'VERB' | 'NOUN_PHRASE';

export interface TermEvidence {
  category: TermCategory;
  /** Occurrences in the text. */
  frequency: number;
  /** Content words (nouns, adjectives, verbs) in the term. */
  contentWords: number;
  /** C-value (Frantzi, Ananiadou & Mima 2000), with log2(words + 1) so single words count. */
  cValue: number;
  /** Share of the occurrences that sit inside a longer candidate. */
  nestedShare: number;
  /** log10 of (frequency in the text + 1) / (general-language frequency + 1), per million; per content word. */
  specificityMean: number;
  specificityMin: number;
  specificityMax: number;
  /** Share of the occurrences written with a capital letter away from the start of a sentence. */
  capitalisedShare: number;
  /** Share of the occurrences that are a whole sentence on their own (titles, names, list items). */
  standaloneShare: number;
}

/**
 * C-value of a term of `words` content words seen `frequency` times, given the frequencies of
 * the longer candidates that contain it: nested terms only get credit for their independent uses.
 */
export function cValue(words: number, frequency: number, containingFrequencies: number, containingCount: number): number {
  const weight = Math.log2(words + 1);
  return containingCount === 0 ? weight * frequency : weight * (frequency - containingFrequencies / containingCount);
}

/** The ranker's input vector for a candidate (order given by RANKER_FEATURES). */
export function featureVector(e: TermEvidence): number[] {
  const isMulti = e.category === 'NOUN_PHRASE' || e.contentWords > 1 ? 1 : 0;
  return [
    1,
    Math.log1p(e.frequency),
    Math.log1p(Math.max(0, e.cValue)),
    e.specificityMean,
    e.specificityMin,
    e.specificityMax,
    isMulti,
    Math.min(4, e.contentWords - 1),
    e.category === 'PROPN' ? 1 : 0,
    e.category === 'ADJ' ? 1 : 0,
    e.category === 'VERB' ? 1 : 0,
    e.nestedShare,
    e.capitalisedShare,
    e.standaloneShare,
  ];
}

if (RANKER_FEATURES.length !== featureVector({
  category: 'NOUN',
  frequency: 1,
  contentWords: 1,
  cValue: 1,
  nestedShare: 0,
  specificityMean: 0,
  specificityMin: 0,
  specificityMax: 0,
  capitalisedShare: 0,
  standaloneShare: 0,
}).length) {
  throw new Error('Los pesos del clasificador no corresponden a sus rasgos.');
}

/** Logistic-regression termhood score in (0, 1): higher means more likely a term of this text. */
export function termhood(e: TermEvidence, weights: readonly number[] = RANKER_WEIGHTS.es): number {
  const x = featureVector(e);
  let z = 0;
  for (let i = 0; i < x.length; i += 1) z += (x[i] as number) * (weights[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}
