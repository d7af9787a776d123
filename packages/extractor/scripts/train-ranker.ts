// Trains the termhood ranker (a logistic regression over termhood.ts's features) on our own
// annotation of a Spanish game-text sample (fixtures/games/sample-a-es.txt + terms-a-es.txt,
// GPL-3.0 text, annotation by LudoTerm) and writes src/terms/ranker-weights.ts.
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
const text = readFileSync(join(games, 'sample-a-es.txt'), 'utf8');
const gold = new Set(readTermList(join(games, 'terms-a-es.txt')).map((t) => termKey(t, 'es')));
const zero = RANKER_FEATURES.map(() => 0);
const analysis = analyseTerms(text, { minFreq: 1, stopwordsMode: 'predeterminadas', language: 'es' }, zero);
const rows = analysis.ranked.map((term) => ({
  x: featureVector(term.evidence),
  y: term.forms.some((f) => gold.has(termKey(f, 'es'))) ? 1 : 0,
}));
const positives = rows.filter((r) => r.y === 1).length;
console.info(`${rows.length} candidatos, ${positives} en la anotación (${gold.size} términos anotados)`);

// Full-batch gradient descent on the L2-regularised log loss (the bias is not regularised).
const dims = RANKER_FEATURES.length;
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

const source = `// Weights of the termhood ranker (logistic regression over termhood.ts's featureVector).
// Written by scripts/train-ranker.ts from LudoTerm's own annotation of a Spanish game-text sample
// (fixtures/games/terms-a-es.txt over sample-a-es.txt: ${rows.length} candidates, ${positives} terms).
// No ACTER data was used. Do not edit by hand: rerun the script.

export const RANKER_FEATURES = [
${RANKER_FEATURES.map((f) => `  '${f}',`).join('\n')}
] as const;

export const RANKER_WEIGHTS: readonly number[] = [${rounded.join(', ')}];
`;
writeFileSync(join(packageDirectory(), 'src', 'terms', 'ranker-weights.ts'), source);
console.info('src/terms/ranker-weights.ts escrito');
