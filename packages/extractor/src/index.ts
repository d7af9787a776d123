// @ludoterm/extractor: pure term extraction (no HTTP, no SQL). The server calls these from a
// worker thread: textFromFile for an upload, then extractTerms on the text.

export { ExtractionError, isExtractionError, type ExtractionErrorCode } from './errors.ts';
export { textFromFile, ACCEPTED_EXTENSIONS, DEFAULT_FILE_LIMITS, type FileLimits } from './text/text-from-file.ts';
export { detectLanguage, type LanguageGuess } from './language/detect-language.ts';
export { analyseTerms, type RankedTerm, type TermAnalysis } from './terms/analyse-terms.ts';
export {
  extractTerms,
  type Candidate,
  type ExtractionLanguage,
  type ExtractionOptions,
  type ExtractionResult,
  type ExtractionStats,
  type StopwordsMode,
} from './terms/extract-terms.ts';
export { RANKER_FEATURES, featureVector, termhood, termhoodLogit, type TermCategory, type TermEvidence } from './terms/termhood.ts';
export { modelLogit, type RankerModel, type RankerTree } from './terms/ranker-model.ts';
export { RANKER_MODEL } from './terms/ranker-weights.ts';
export { termKey } from './lexicon/normalize.ts';
export { parseStopwords, defaultStopwords } from './stopwords/stopwords.ts';
export { splitSentences, tokenize, type Sentence, type Word } from './tokenize/tokenize.ts';
export {
  loadReferenceFrequencies,
  loadTagger,
  setModelDirectory,
  modelDirectory,
} from './resources.ts';
export { UPOS_TAGS, type Upos } from './tagger/features.ts';

/** Spanish labels of the categories, as stored when a candidate is added to a glossary. */
export const CATEGORY_LABELS_ES = {
  NOUN: 'sustantivo',
  PROPN: 'nombre propio',
  ADJ: 'adjetivo',
  VERB: 'verbo',
  NOUN_PHRASE: 'sintagma nominal',
} as const;
