import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync, strFromU8 } from 'fflate';
import { Lemmatizer } from './lemma/lemmatizer.ts';
import { decodeLemmatizerModel } from './lemma/lemmatizer-model.ts';
import { Tagger } from './tagger/tagger.ts';
import { TaggerModel } from './tagger/tagger-model.ts';

export type ResourceLanguage = 'es' | 'en';

let configuredDirectory: string | null = null;

/**
 * Where the model files live, resolved through the package name so that it works when the server
 * bundles this package; `LUDOTERM_EXTRACTOR_MODELS` or {@link setModelDirectory} override it.
 */
export function modelDirectory(): string {
  if (configuredDirectory !== null) return configuredDirectory;
  const fromEnvironment = process.env.LUDOTERM_EXTRACTOR_MODELS;
  if (fromEnvironment !== undefined && fromEnvironment !== '') return fromEnvironment;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@ludoterm/extractor/package.json')), 'models');
}

/** Points the extractor at another folder of model files (and forgets the loaded ones). */
export function setModelDirectory(directory: string | null): void {
  configuredDirectory = directory;
  taggers.clear();
  references.clear();
  lemmatizers.clear();
}

const taggers = new Map<ResourceLanguage, TaggerModel>();

/** The part-of-speech tagger of a language (the model file is read once per process). */
export function loadTagger(language: ResourceLanguage): Tagger {
  let model = taggers.get(language);
  if (model === undefined) {
    model = TaggerModel.fromBytes(readFileSync(join(modelDirectory(), `tagger-${language}.bin`)));
    taggers.set(language, model);
  }
  return new Tagger(model, { language, lexicon: loadReferenceFrequencies(language).frequencyOf });
}

/** General-language frequency of words: per million, 0 for a word outside the list. */
export interface ReferenceFrequencies {
  frequencyOf(lowerWord: string): number;
  /** The frequency of the rarest listed word: an upper bound for any unlisted word. */
  readonly floor: number;
  readonly size: number;
  /** Words by descending frequency (rank 0 is the most frequent). */
  readonly words: readonly string[];
}

const references = new Map<ResourceLanguage, ReferenceFrequencies>();

/** Parses the reference list format written by scripts/build-reference-frequencies.ts. */
export function parseReferenceFrequencies(text: string): ReferenceFrequencies {
  const table = new Map<string, number>();
  const words: string[] = [];
  let perMillion = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      perMillion = 10 ** (Number(line.slice(1)) / 100) * 1e6;
      continue;
    }
    if (!table.has(line)) {
      table.set(line, perMillion);
      words.push(line);
    }
  }
  const floor = perMillion;
  return {
    frequencyOf: (lowerWord) => table.get(lowerWord) ?? 0,
    floor,
    size: table.size,
    words,
  };
}

/** The reference frequencies of a language (derived from wordfreq, CC BY-SA 4.0). */
export function loadReferenceFrequencies(language: ResourceLanguage): ReferenceFrequencies {
  let reference = references.get(language);
  if (reference === undefined) {
    const bytes = readFileSync(join(modelDirectory(), `reference-${language}.txt.gz`));
    reference = parseReferenceFrequencies(strFromU8(gunzipSync(bytes)));
    references.set(language, reference);
  }
  return reference;
}

const lemmatizers = new Map<ResourceLanguage, Lemmatizer>();

/** The lemmatiser of a language (learnt from the UD treebanks; read once per process). */
export function loadLemmatizer(language: ResourceLanguage): Lemmatizer {
  let lemmatizer = lemmatizers.get(language);
  if (lemmatizer === undefined) {
    const model = decodeLemmatizerModel(readFileSync(join(modelDirectory(), `lemmatizer-${language}.json.gz`)));
    const reference = loadReferenceFrequencies(language);
    lemmatizer = new Lemmatizer(model, { frequencyOf: reference.frequencyOf });
    lemmatizers.set(language, lemmatizer);
  }
  return lemmatizer;
}
