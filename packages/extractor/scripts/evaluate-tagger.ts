// Measures the shipped taggers on the held-out UD test files (AnCora test, EWT test): UPOS
// accuracy over syntactic words with the gold tokenisation, as UD evaluations report it.
//
//   npx tsx scripts/evaluate-tagger.ts
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTagger } from '../src/resources.ts';
import { parseConllu } from '../src/tagger/conllu.ts';
import { UPOS_TAGS } from '../src/tagger/features.ts';
import { dataDirectory } from './paths.ts';

export const HELD_OUT_FILES = { es: 'es_ancora-test-642d3bc3.conllu', en: 'en_ewt-test-2fcdab1f.conllu' } as const;

export interface TaggerScore {
  language: 'es' | 'en';
  words: number;
  accuracy: number;
  wordsPerSecond: number;
  confusions: Array<[string, number]>;
}

/** Accuracy of the shipped tagger on a held-out file, or null when the data is absent. */
export function evaluateTagger(language: 'es' | 'en', maxSentences = Infinity): TaggerScore | null {
  const path = join(dataDirectory(), 'ud', HELD_OUT_FILES[language]);
  if (!existsSync(path)) return null;
  const sentences = parseConllu(readFileSync(path, 'utf8')).slice(0, maxSentences);
  const tagger = loadTagger(language);
  let correct = 0;
  let words = 0;
  const confusions = new Map<string, number>();
  const started = performance.now();
  for (const s of sentences) {
    const predicted = tagger.tagIndices(s.forms);
    for (let i = 0; i < predicted.length; i += 1) {
      if (predicted[i] === s.tags[i]) correct += 1;
      else {
        const key = `${UPOS_TAGS[s.tags[i] as number]}→${UPOS_TAGS[predicted[i] as number]}`;
        confusions.set(key, (confusions.get(key) ?? 0) + 1);
      }
    }
    words += predicted.length;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    language,
    words,
    accuracy: correct / words,
    wordsPerSecond: words / seconds,
    confusions: [...confusions].sort((a, b) => b[1] - a[1]).slice(0, 10),
  };
}

if (process.argv[1]?.endsWith('evaluate-tagger.ts')) {
  for (const language of ['es', 'en'] as const) {
    try {
      const score = evaluateTagger(language);
      if (score === null) console.info(`${language}: sin datos de evaluación en ${dataDirectory()}`);
      else console.info(`${language}: ${(score.accuracy * 100).toFixed(2)} % de ${score.words} palabras (${Math.round(score.wordsPerSecond)} palabras/s); errores: ${score.confusions.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    } catch (error) {
      console.info(`${language}: ${(error as Error).message}`);
    }
  }
}
