// Measures the shipped lemmatisers on the held-out UD test files (AnCora test, EWT test): lemma
// accuracy over syntactic words with the gold tokenisation, given the gold UPOS tags and given
// the shipped tagger's tags. Lemmas are compared case-insensitively (see scoreLemmas).
//
//   npx tsx scripts/evaluate-lemmatizer.ts            figures
//   npx tsx scripts/evaluate-lemmatizer.ts --errors   and the most frequent errors
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConlluLemmas } from '../src/lemma/conllu-lemmas.ts';
import { loadLemmatizer, loadTagger } from '../src/resources.ts';
import { HELD_OUT_FILES, scoreLemmas, type Language, type LemmaScore } from './lemma-data.ts';
import { dataDirectory } from './paths.ts';

export interface LemmatizerEvaluation {
  language: Language;
  gold: LemmaScore;
  predicted: LemmaScore;
}

/** Lemma accuracy on the held-out file of a language, or null when the data is absent. */
export function evaluateLemmatizer(language: Language): LemmatizerEvaluation | null {
  const path = join(dataDirectory(), 'ud', HELD_OUT_FILES[language]);
  if (!existsSync(path)) return null;
  const sentences = parseConlluLemmas(readFileSync(path, 'utf8'));
  const lemmatizer = loadLemmatizer(language);
  const tagger = loadTagger(language);
  return {
    language,
    gold: scoreLemmas(lemmatizer, sentences),
    predicted: scoreLemmas(lemmatizer, sentences, (s) => tagger.tag(s.map((t) => t.form))),
  };
}

const percent = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(2)} %`;

if (process.argv[1]?.endsWith('evaluate-lemmatizer.ts')) {
  const showErrors = process.argv.includes('--errors');
  for (const language of ['es', 'en'] as const) {
    const result = evaluateLemmatizer(language);
    if (result === null) {
      console.info(`${language}: sin datos de evaluación en ${dataDirectory()}`);
      continue;
    }
    for (const [name, score] of [
      ['UPOS de referencia', result.gold],
      ['UPOS del etiquetador', result.predicted],
    ] as const) {
      console.info(
        `${language}, ${name}: ${percent(score.correct, score.words)} de ${score.words} palabras (mayúsculas exactas ${percent(score.correctExactCase, score.words)}; formas no vistas ${score.unseen}, acierto ${percent(score.unseenCorrect, score.unseen)})`,
      );
      if (showErrors) {
        const top = [...score.errors].sort((a, b) => b[1] - a[1]).slice(0, 40);
        for (const [error, count] of top) console.info(`    ${count} × ${error}`);
      }
    }
  }
}
