import { compiledLogit, type RankerModel } from './ranker-model.ts';
import { RANKER_MODEL } from './ranker-weights.ts';

export type TermCategory = 'NOUN' | 'PROPN' | 'ADJ' | 'VERB' | 'NOUN_PHRASE';

export interface TermEvidence {
  category: TermCategory;
  /** Occurrences in the text, all variants pooled. */
  frequency: number;
  /** Occurrences per million running words of the text. */
  frequencyPerMillion: number;
  /** Content words (nouns, adjectives, verbs) in the term, and all its words. */
  contentWords: number;
  words: number;
  /** C-value (Frantzi, Ananiadou & Mima 2000), with log2(words + 1) so single words count. */
  cValue: number;
  /** Share of the occurrences that sit inside a longer candidate. */
  nestedShare: number;
  /** Distinct longer candidates containing this one. */
  containedIn: number;
  /** Share of the term's shorter word spans that are candidates themselves. */
  containsShare: number;
  /** log10 of (frequency in the text + 1) / (general-language frequency + 1), per million; per content word. */
  specificityMean: number;
  specificityMin: number;
  specificityMax: number;
  /** Share of content words missing from the general-language list. */
  unknownShare: number;
  /** Mean letter-trigram surprise of the content words against general language (bits per letter). */
  technicality: number;
  /** Share of the occurrences written with a capital letter away from the start of a sentence. */
  capitalisedShare: number;
  /** Share of the occurrences that are a whole sentence on their own (titles, names, list items). */
  standaloneShare: number;
  /** Sections of the text (blocks of running words) it occurs in, over the most it could. */
  spread: number;
  /** Shape of the shown form: an acronym (two or more capitals), a digit, a hyphen; mean letters per word. */
  acronym: boolean;
  hasDigit: boolean;
  hasHyphen: boolean;
  meanWordLength: number;
  endsWithPeriod: boolean;
  /** Occurrences of the term over those of its most frequent content word: how much the words stick together. */
  cohesion: number;
  /**
   * Share of the repeated occurrences whose word before (after) differs from the first
   * occurrence's; -1 for a term seen once. A fragment ("modalities of EU") always has the same
   * neighbour ("participation").
   */
  previousVariety: number;
  nextVariety: number;
}

/**
 * C-value of a term of `words` content words seen `frequency` times, given the frequencies of
 * the longer candidates that contain it: nested terms only get credit for their independent uses.
 */
export function cValue(words: number, frequency: number, containingFrequencies: number, containingCount: number): number {
  const weight = Math.log2(words + 1);
  return containingCount === 0 ? weight * frequency : weight * (frequency - containingFrequencies / containingCount);
}

/** Names of the entries of {@link featureVector}, in order; the model file records the ones it was learnt on. */
export const RANKER_FEATURES = [
  'log_frequency',
  'log_frequency_per_million',
  'log_c_value',
  'specificity_mean',
  'specificity_min',
  'specificity_max',
  'multiword',
  'extra_words',
  'propn',
  'adj',
  'verb',
  'nested_share',
  'log_contained_in',
  'contains_share',
  'unknown_share',
  'technicality',
  'capitalised_share',
  'standalone_share',
  'spread',
  'acronym',
  'has_digit',
  'has_hyphen',
  'mean_word_length',
  'function_words',
  'ends_with_period',
  'previous_variety',
  'next_variety',
  'cohesion',
] as const;

if (RANKER_MODEL.features.join() !== RANKER_FEATURES.join()) {
  throw new Error('El modelo del clasificador de términos no corresponde a sus rasgos: vuelve a entrenarlo (scripts/train-ranker.ts).');
}

/** The ranker's input vector for a candidate (order given by RANKER_FEATURES). */
export function featureVector(e: TermEvidence): number[] {
  const isMulti = e.category === 'NOUN_PHRASE' || e.contentWords > 1 ? 1 : 0;
  return [
    Math.log1p(e.frequency),
    Math.log10(1 + e.frequencyPerMillion),
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
    Math.log1p(e.containedIn),
    e.containsShare,
    e.unknownShare,
    e.technicality,
    e.capitalisedShare,
    e.standaloneShare,
    e.spread,
    e.acronym ? 1 : 0,
    e.hasDigit ? 1 : 0,
    e.hasHyphen ? 1 : 0,
    e.meanWordLength,
    Math.min(4, e.words - e.contentWords),
    e.endsWithPeriod ? 1 : 0,
    e.previousVariety,
    e.nextVariety,
    e.cohesion,
  ];
}

/** Log-odds that a candidate is a term of its text. */
export function termhoodLogit(e: TermEvidence, model: RankerModel = RANKER_MODEL): number {
  return compiledLogit(model)(featureVector(e));
}

/** Termhood score in (0, 1): higher means more likely a term of this text. */
export function termhood(e: TermEvidence, model: RankerModel = RANKER_MODEL): number {
  return 1 / (1 + Math.exp(-termhoodLogit(e, model)));
}
