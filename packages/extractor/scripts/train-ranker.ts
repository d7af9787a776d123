// Trains the termhood ranker, one model for both languages (the features do not depend on the
// language): a logistic regression, then gradient-boosted trees fitted to what it gets wrong
// (trees alone gave jumpier rankings and did worse on en-coastal, the tuning set), and writes
// src/terms/ranker-weights.ts.
// Training data, all of it shippable: LudoTerm's own annotations of game-text samples
// (fixtures/games/sample-a-<lang>.txt + terms-a-<lang>.txt, GPL-3.0 text) and the even half of
// es-science (Apache-2.0). ACTER and es-medical (CC BY-NC-SA) are never read here.
//
//   npx tsx scripts/train-ranker.ts                 # train and write the model
//   npx tsx scripts/train-ranker.ts --logistic      # the logistic regression alone
//   npx tsx scripts/train-ranker.ts --dry-run       # train and report, write nothing
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseTerms } from '../src/terms/analyse-terms.ts';
import type { RankerModel } from '../src/terms/ranker-model.ts';
import { RANKER_FEATURES, featureVector } from '../src/terms/termhood.ts';
import { trainBoostedTrees, trainLogistic, type BoostingParameters, type TrainingRow } from './boosted-trees-trainer.ts';
import { packageDirectory } from './paths.ts';
import { candidateNames, readEsScience, readGameSample, type AnnotatedText } from './ranker-data.ts';

export const BOOSTING: BoostingParameters = { trees: 150, depth: 3, learningRate: 0.1, lambda: 1, minChildWeight: 5, bins: 32 };

/** The training sets, each with the weight its rows get in all (so a large set does not drown the others). */
export function trainingSets(): Array<{ data: AnnotatedText; share: number }> {
  const sets: Array<{ data: AnnotatedText | null; share: number }> = [
    { data: readGameSample('a', 'es'), share: 1 },
    { data: readGameSample('a', 'en'), share: 1 },
    { data: readEsScience('train'), share: 1 },
  ];
  return sets.filter((s): s is { data: AnnotatedText; share: number } => s.data !== null);
}

/** One row per candidate of each set (minimum frequency 1), labelled by the set's gold list. */
export function trainingRows(sets: Array<{ data: AnnotatedText; share: number }>, log = true): TrainingRow[] {
  const rows: TrainingRow[] = [];
  for (const { data, share } of sets) {
    const ranked = analyseTerms(data.text, { minFreq: 1, stopwordsMode: 'predeterminadas', language: data.language }).ranked;
    const weight = (share * 1000) / ranked.length;
    let positives = 0;
    for (const term of ranked) {
      const y = candidateNames(term.forms, data).some((name) => data.gold.has(name)) ? 1 : 0;
      positives += y;
      rows.push({ x: featureVector(term.evidence), y, weight });
    }
    if (log) console.info(`${data.name}: ${ranked.length} candidatos, ${positives} en el oro (${data.gold.size} términos anotados)`);
  }
  return rows;
}

function modelSource(model: RankerModel, sets: Array<{ data: AnnotatedText }>, kind: string): string {
  const trees = model.trees
    .map((t) => `    { feature: [${t.feature.join(', ')}], threshold: [${t.threshold.join(', ')}], leaf: [${t.leaf.join(', ')}] },`)
    .join('\n');
  return `// The termhood ranker over termhood.ts's featureVector: ${kind}.
// Written by scripts/train-ranker.ts from shippable data only:
${sets.map((s) => `//   ${s.data.name}`).join('\n')}
// No ACTER, es-medical or en-coastal data was used. Do not edit by hand: rerun the script.
import type { RankerModel } from './ranker-model.ts';

export const RANKER_MODEL: RankerModel = {
  features: [${model.features.map((f) => `'${f}'`).join(', ')}],
  bias: ${model.bias},
  linear: [${model.linear.join(', ')}],
  trees: [
${trees}
  ],
};
`;
}

if (process.argv[1]?.endsWith('train-ranker.ts')) {
  const logistic = process.argv.includes('--logistic');
  const sets = trainingSets();
  const rows = trainingRows(sets);
  const linear = trainLogistic(rows, RANKER_FEATURES);
  const model = logistic ? linear : trainBoostedTrees(rows, RANKER_FEATURES, BOOSTING, linear);
  console.info(RANKER_FEATURES.map((f, d) => `${f}=${model.linear[d]}`).join(' '));
  if (!process.argv.includes('--dry-run')) {
    const kind = logistic ? 'logistic regression' : `logistic regression + ${BOOSTING.trees} gradient-boosted trees of depth ${BOOSTING.depth}`;
    writeFileSync(join(packageDirectory(), 'src', 'terms', 'ranker-weights.ts'), modelSource(model, sets, kind));
    console.info('src/terms/ranker-weights.ts escrito');
  }
}
