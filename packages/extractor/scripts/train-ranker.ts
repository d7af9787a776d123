// Trains the termhood rankers (logistic regressions over termhood.ts's features), one per
// language, on our own annotation of game-text samples (fixtures/games/sample-a-<lang>.txt +
// terms-a-<lang>.txt, GPL-3.0 text, annotation by LudoTerm) and writes src/terms/ranker-weights.ts.
// ACTER is never used here: its licence does not let us ship anything learnt from it.
//
//   npx tsx scripts/train-ranker.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { termKey } from '../src/lexicon/normalize.ts';
import { analyseTerms } from '../src/terms/analyse-terms.ts';
import { RANKER_FEATURES } from '../src/terms/ranker-weights.ts';
import { featureVector } from '../src/terms/termhood.ts';
import { packageDirectory } from './paths.ts';

const L2 = 0.01;
const ITERATIONS = 4000;
const LEARNING_RATE = 0.1;

export function readTermList(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const games = join(packageDirectory(), 'fixtures', 'games');
const zero = RANKER_FEATURES.map(() => 0);
const dims = RANKER_FEATURES.length;
const learnt: Record<'es' | 'en', { weights: number[]; candidates: number; positives: number; annotated: number }> = {
  es: { weights: [], candidates: 0, positives: 0, annotated: 0 },
  en: { weights: [], candidates: 0, positives: 0, annotated: 0 },
};

for (const language of ['es', 'en'] as const) {
  const text = readFileSync(join(games, `sample-a-${language}.txt`), 'utf8');
  const gold = new Set(readTermList(join(games, `terms-a-${language}.txt`)).map((t) => termKey(t, language)));
  const analysis = analyseTerms(text, { minFreq: 1, stopwordsMode: 'predeterminadas', language }, zero);
  const rows = analysis.ranked.map((term) => ({
    x: featureVector(term.evidence),
    y: term.forms.some((f) => gold.has(termKey(f, language))) ? 1 : 0,
  }));
  const positives = rows.filter((r) => r.y === 1).length;
  console.info(`${language}: ${rows.length} candidatos, ${positives} en la anotación (${gold.size} términos anotados)`);

  // Full-batch gradient descent on the L2-regularised log loss (the bias is not regularised).
  const w = new Array<number>(dims).fill(0);
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const gradient = new Array<number>(dims).fill(0);
    for (const { x, y } of rows) {
      let z = 0;
      for (let d = 0; d < dims; d += 1) z += (x[d] as number) * (w[d] as number);
      const error = 1 / (1 + Math.exp(-z)) - y;
      for (let d = 0; d < dims; d += 1) gradient[d] = (gradient[d] as number) + error * (x[d] as number);
    }
    for (let d = 0; d < dims; d += 1) {
      const penalty = d === 0 ? 0 : L2 * (w[d] as number);
      w[d] = (w[d] as number) - LEARNING_RATE * ((gradient[d] as number) / rows.length + penalty);
    }
  }
  const rounded = w.map((v) => Math.round(v * 1000) / 1000);
  console.info(RANKER_FEATURES.map((f, d) => `${f}=${rounded[d]}`).join(' '));
  learnt[language] = { weights: rounded, candidates: rows.length, positives, annotated: gold.size };
}

const source = `// Weights of the termhood ranker (logistic regression over termhood.ts's featureVector), one
// set per language. Written by scripts/train-ranker.ts from LudoTerm's own annotation of two
// Shattered Pixel Dungeon samples: fixtures/games/terms-a-es.txt over sample-a-es.txt
// (${learnt.es.candidates} candidates, ${learnt.es.positives} of them terms) and terms-a-en.txt over
// sample-a-en.txt (${learnt.en.candidates} candidates, ${learnt.en.positives} terms). No ACTER data was
// used. Do not edit by hand: rerun the script.

export const RANKER_FEATURES = [
${RANKER_FEATURES.map((f) => `  '${f}',`).join('\n')}
] as const;

export const RANKER_WEIGHTS: Readonly<Record<'es' | 'en', readonly number[]>> = {
  es: [${learnt.es.weights.join(', ')}],
  en: [${learnt.en.weights.join(', ')}],
};
`;
writeFileSync(join(packageDirectory(), 'src', 'terms', 'ranker-weights.ts'), source);
console.info('src/terms/ranker-weights.ts escrito');
