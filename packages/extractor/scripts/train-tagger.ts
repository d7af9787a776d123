// Trains the part-of-speech taggers from the UD treebanks and writes models/tagger-<lang>.bin.
//
//   npm run train:tagger                 both languages
//   npm run train:tagger -- --lang es    one language
//   npm run train:tagger -- --lang es --tune-only   print the tuning curve, write nothing
//
// Reproducible: files in name order, a fixed seed for the sentence order of every epoch.
// The held-out evaluation files (AnCora test, EWT test) are never read here.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConllu } from '../src/tagger/conllu.ts';
import { PerceptronTrainer, createRandom, type TrainingSentence } from '../src/tagger/perceptron-trainer.ts';
import { Tagger } from '../src/tagger/tagger.ts';
import { TaggerModel, encodeModel, type SparseWeights, type TaggerModelHeader } from '../src/tagger/tagger-model.ts';
import { loadReferenceFrequencies } from '../src/resources.ts';
import type { FeatureOptions } from '../src/tagger/features.ts';
import { dataDirectory, packageDirectory } from './paths.ts';

type Language = 'es' | 'en';

const HELD_OUT = new Set(['es_ancora-test-642d3bc3.conllu', 'en_ewt-test-2fcdab1f.conllu']);
/** The treebank whose conventions the tagger follows (and whose dev file gives the tuning slice). */
const MAIN_TREEBANK: Record<Language, string> = { es: 'UD_Spanish-AnCora', en: 'UD_English-EWT' };
const MAX_MODEL_BYTES = 5 * 1024 * 1024;
const SEED = 20_260_522;

interface Arguments {
  languages: Language[];
  tuneOnly: boolean;
  maxEpochs: number;
  useDomains: boolean;
  minFeatureCount: number | null;
}

/**
 * Features seen fewer times than this are dropped before training. Spanish has a third of the
 * English data, so it keeps every feature (the tuning slice gained about 0.1 point); English
 * drops single occurrences to stay well under the 5 MB model budget.
 */
const MIN_FEATURE_COUNT: Record<Language, number> = { es: 1, en: 2 };

function parseArguments(argv: string[]): Arguments {
  const args: Arguments = { languages: ['es', 'en'], tuneOnly: false, maxEpochs: 10, useDomains: true, minFeatureCount: null };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--lang') args.languages = [argv[++i] as Language];
    else if (a === '--tune-only') args.tuneOnly = true;
    else if (a === '--max-epochs') args.maxEpochs = Number(argv[++i]);
    else if (a === '--no-domains') args.useDomains = false;
    else if (a === '--min-count') args.minFeatureCount = Number(argv[++i]);
    else throw new Error(`Argumento desconocido: ${a}`);
  }
  return args;
}

interface ManifestRow {
  file: string;
  lang: string;
  role: string;
  treebank: string;
  licence: string;
}

function readManifest(dir: string): ManifestRow[] {
  const [header, ...lines] = readFileSync(join(dir, 'ud', 'manifest.tsv'), 'utf8').trim().split('\n');
  const columns = (header ?? '').split('\t');
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split('\t');
    return {
      file: cells[at('file')] ?? '',
      lang: cells[at('lang')] ?? '',
      role: cells[at('role')] ?? '',
      treebank: cells[at('treebank')] ?? '',
      licence: cells[at('licence')] ?? '',
    };
  });
}

function accuracy(
  weights: SparseWeights,
  header: TaggerModelHeader,
  features: FeatureOptions,
  sentences: readonly TrainingSentence[],
  threshold = 0,
): number {
  const tagger = new Tagger(TaggerModel.fromWeights(weights, header, threshold), features);
  let correct = 0;
  let total = 0;
  for (const s of sentences) {
    const predicted = tagger.tagIndices(s.forms);
    for (let i = 0; i < predicted.length; i += 1) if (predicted[i] === s.tags[i]) correct += 1;
    total += predicted.length;
  }
  return correct / total;
}

function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

function train(
  sentences: TrainingSentence[],
  epochs: number,
  args: Arguments,
  minFeatureCount: number,
  features: FeatureOptions,
  onEpoch?: (epoch: number, trainer: PerceptronTrainer) => void,
) {
  const trainer = new PerceptronTrainer({ useDomains: args.useDomains, minFeatureCount }, features);
  trainer.admitFeatures(sentences);
  const random = createRandom(SEED);
  for (let epoch = 1; epoch <= epochs; epoch += 1) {
    const started = performance.now();
    const trainAccuracy = trainer.trainEpoch(sentences, shuffled(sentences.length, random));
    console.info(`  época ${epoch}: exactitud en entrenamiento ${(trainAccuracy * 100).toFixed(2)} % (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    onEpoch?.(epoch, trainer);
  }
  return trainer;
}

function trainLanguage(language: Language, args: Arguments): void {
  const dir = dataDirectory();
  const rows = readManifest(dir)
    .filter((r) => r.lang === language && r.role === 'train' && !HELD_OUT.has(r.file))
    .sort((a, b) => a.file.localeCompare(b.file));
  const treebanks = [...new Set(rows.map((r) => r.treebank))].sort();
  const main = MAIN_TREEBANK[language];
  // Domain numbers start at 1; the main treebank's number is the one used when tagging.
  const domainOf = (treebank: string) => treebanks.indexOf(treebank) + 1;
  const training: TrainingSentence[] = [];
  const tuning: TrainingSentence[] = [];
  for (const row of rows) {
    if (HELD_OUT.has(row.file)) throw new Error(`Archivo reservado para evaluación: ${row.file}`);
    const sentences = parseConllu(readFileSync(join(dir, 'ud', row.file), 'utf8'));
    const isTuningSource = row.treebank === main && row.file.includes('-dev-');
    sentences.forEach((s, i) => {
      const sentence = { ...s, domain: domainOf(row.treebank) };
      if (isTuningSource && i % 5 === 0) tuning.push(sentence);
      else training.push(sentence);
    });
    console.info(`${row.file}: ${sentences.length} oraciones (${row.licence})`);
  }
  const minFeatureCount = args.minFeatureCount ?? MIN_FEATURE_COUNT[language];
  // The lexicon features read the shipped reference list (models/reference-<lang>.txt.gz).
  const features: FeatureOptions = { language, lexicon: loadReferenceFrequencies(language).frequencyOf };
  const header: TaggerModelHeader = { useDomains: args.useDomains, inferenceDomain: domainOf(main) };
  console.info(`${language}: ${training.length} oraciones de entrenamiento, ${tuning.length} de ajuste (1 de cada 5 de ${main} dev)`);

  // Phase 1: hold the tuning slice out, pick the number of epochs and the pruning threshold.
  let bestEpoch = 1;
  let bestAccuracy = 0;
  let bestWeights: SparseWeights = new Map();
  const curve: Array<{ epoch: number; accuracy: number }> = [];
  train(training, args.maxEpochs, args, minFeatureCount, features, (epoch, trainer) => {
    const weights = trainer.averagedWeights();
    const value = accuracy(weights, header, features, tuning);
    curve.push({ epoch, accuracy: value });
    console.info(`  época ${epoch}: exactitud de ajuste ${(value * 100).toFixed(2)} % (${trainer.featureCount} rasgos)`);
    if (value > bestAccuracy) {
      bestAccuracy = value;
      bestEpoch = epoch;
      bestWeights = weights;
    }
  });
  const thresholds = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1];
  let threshold = 0;
  for (const candidate of thresholds) {
    const size = encodeModel(bestWeights, header, candidate).length;
    const value = accuracy(bestWeights, header, features, tuning, candidate);
    console.info(`  umbral ${candidate}: ${(size / 1024).toFixed(0)} KiB, exactitud de ajuste ${(value * 100).toFixed(2)} %`);
    // Prune only as far as costs nothing on the tuning slice: the weights pruned away are the
    // small ones, of rare features, which are the ones unknown-word-heavy texts (games) need.
    if (size <= MAX_MODEL_BYTES && value >= bestAccuracy) threshold = candidate;
  }
  console.info(`${language}: ${bestEpoch} épocas, umbral ${threshold}, exactitud de ajuste ${(bestAccuracy * 100).toFixed(2)} %`);
  if (args.tuneOnly) return;

  // Phase 2: retrain on everything (tuning slice included) with the chosen settings.
  const all = [...training, ...tuning];
  const trainer = train(all, bestEpoch, args, minFeatureCount, features);
  const model = encodeModel(trainer.averagedWeights(), header, threshold);
  if (model.length > MAX_MODEL_BYTES) throw new Error(`Modelo demasiado grande: ${model.length} bytes`);
  const modelPath = join(packageDirectory(), 'models', `tagger-${language}.bin`);
  writeFileSync(modelPath, model);
  const report = {
    language,
    files: rows.map((r) => ({ file: r.file, treebank: r.treebank, licence: r.licence })),
    sentences: all.length,
    words: all.reduce((sum, s) => sum + s.forms.length, 0),
    seed: SEED,
    useDomains: args.useDomains,
    minFeatureCount,
    epochs: bestEpoch,
    pruningThreshold: threshold,
    tuningAccuracy: Number(bestAccuracy.toFixed(5)),
    tuningCurve: curve.map((c) => ({ epoch: c.epoch, accuracy: Number(c.accuracy.toFixed(5)) })),
    modelBytes: model.length,
    features: TaggerModel.fromBytes(model).featureCount,
  };
  writeFileSync(join(packageDirectory(), 'models', `tagger-${language}.json`), JSON.stringify(report, null, 2) + '\n');
  console.info(`${language}: ${modelPath} (${(model.length / 1024).toFixed(0)} KiB, ${report.features} rasgos)`);
}

const args = parseArguments(process.argv.slice(2));
for (const language of args.languages) trainLanguage(language, args);
