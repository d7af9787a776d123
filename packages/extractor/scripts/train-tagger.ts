// Trains the part-of-speech taggers from the UD treebanks and writes models/tagger-<lang>.bin.
//
//   npm run train:tagger                 both languages, one process each
//   npm run train:tagger -- --lang es    one language
//   npm run train:tagger -- --lang es --tune-only   print the tuning curve and errors, write nothing
//   --lookahead: also train the second, look-ahead pass (about three times the training time)
//   experiments: --right-to-left (first pass), --main-weight N, --no-word-classes, --no-domains, --min-count N
//
// Reproducible: files in name order, a fixed seed for the sentence order of every epoch.
// The held-out evaluation files (AnCora test, EWT test) are never read here.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConllu } from '../src/tagger/conllu.ts';
import { PerceptronTrainer, createRandom, sparseWeights, type AveragedSnapshot, type TrainingSentence } from '../src/tagger/perceptron-trainer.ts';
import { Tagger } from '../src/tagger/tagger.ts';
import { TaggerModel, encodeModel, type LookaheadPass, type SparseWeights, type TaggerModelHeader } from '../src/tagger/tagger-model.ts';
import { loadReferenceFrequencies } from '../src/resources.ts';
import { UPOS_TAGS, type FeatureOptions } from '../src/tagger/features.ts';
import { parseWordNetTab } from '../src/tagger/word-classes.ts';
import { readManifest } from './lemma-data.ts';
import { dataDirectory, packageDirectory } from './paths.ts';

type Language = 'es' | 'en';

const HELD_OUT = new Set(['es_ancora-test-642d3bc3.conllu', 'en_ewt-test-2fcdab1f.conllu']);
/** The treebank whose conventions the tagger follows (and whose dev file gives the tuning slice). */
const MAIN_TREEBANK: Record<Language, string> = { es: 'UD_Spanish-AnCora', en: 'UD_English-EWT' };
const MAX_MODEL_BYTES = 5 * 1024 * 1024;
const SEED = 20_260_522;
/** Folds of the jackknife that gives the look-ahead pass its training input. */
const FOLDS = 4;

interface Arguments {
  languages: Language[];
  tuneOnly: boolean;
  maxEpochs: number;
  useDomains: boolean;
  minFeatureCount: number | null;
  lookahead: boolean;
  wordClasses: boolean;
  rightToLeft: boolean;
  /** How many times each epoch reads a sentence of the main treebank (the others once). */
  mainWeight: number;
}

/** The arguments plus the number of the main treebank's domain. */
interface Settings extends Arguments {
  mainDomain: number;
}

/**
 * Features seen fewer times than this are dropped before training. Spanish has a third of the
 * English data, so it keeps every feature (the tuning slice gained about 0.1 point); English
 * drops single occurrences to stay well under the 5 MB model budget.
 */
const MIN_FEATURE_COUNT: Record<Language, number> = { es: 1, en: 2 };

function parseArguments(argv: string[]): Arguments {
  const args: Arguments = { languages: ['es', 'en'], tuneOnly: false, maxEpochs: 10, useDomains: true, minFeatureCount: null, lookahead: false, wordClasses: true, rightToLeft: false, mainWeight: 1 };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--lang') args.languages = [argv[++i] as Language];
    else if (a === '--tune-only') args.tuneOnly = true;
    else if (a === '--max-epochs') args.maxEpochs = Number(argv[++i]);
    else if (a === '--no-domains') args.useDomains = false;
    else if (a === '--lookahead') args.lookahead = true;
    else if (a === '--right-to-left') args.rightToLeft = true;
    else if (a === '--main-weight') args.mainWeight = Number(argv[++i]);
    else if (a === '--no-word-classes') args.wordClasses = false;
    else if (a === '--min-count') args.minFeatureCount = Number(argv[++i]);
    else throw new Error(`Argumento desconocido: ${a}`);
  }
  return args;
}

/** Share of words tagged as the gold tags say. */
function agreement(sentences: readonly TrainingSentence[], tagsOf: (s: TrainingSentence) => Uint8Array): number {
  let correct = 0;
  let total = 0;
  for (const s of sentences) {
    const predicted = tagsOf(s);
    for (let i = 0; i < predicted.length; i += 1) if (predicted[i] === s.tags[i]) correct += 1;
    total += predicted.length;
  }
  return correct / total;
}

/** Accuracy of a model as shipped (merged, pruned, quantised), with its look-ahead pass if any. */
function modelAccuracy(model: TaggerModel, features: FeatureOptions, sentences: readonly TrainingSentence[]): number {
  const tagger = new Tagger(model, features);
  return agreement(sentences, (s) => tagger.tagIndices(s.forms));
}

/** The commonest errors on the tuning slice (for error analysis with --tune-only). */
function printErrors(model: TaggerModel, features: FeatureOptions, sentences: readonly TrainingSentence[]): void {
  const tagger = new Tagger(model, features);
  const errors = new Map<string, number>();
  for (const s of sentences) {
    const predicted = tagger.tagIndices(s.forms);
    predicted.forEach((t, i) => {
      if (t === s.tags[i]) return;
      const key = `${s.forms[i]} ${UPOS_TAGS[s.tags[i] as number]}→${UPOS_TAGS[t]}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    });
  }
  const top = [...errors].sort((a, b) => b[1] - a[1]).slice(0, 80);
  console.info(`  errores de ajuste: ${top.map(([k, v]) => `${k} ${v}`).join('; ')}`);
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
  sentences: readonly TrainingSentence[],
  epochs: number,
  args: Settings,
  minFeatureCount: number,
  features: FeatureOptions,
  lookahead: boolean,
  onEpoch?: (epoch: number, trainer: PerceptronTrainer) => void,
) {
  const reversed = !lookahead && args.rightToLeft;
  const trainer = new PerceptronTrainer({ useDomains: args.useDomains, minFeatureCount, lookahead, reversed }, features);
  trainer.admitFeatures(sentences);
  const random = createRandom(SEED);
  // Each epoch reads the main treebank's sentences mainWeight times: its conventions are the target.
  const reads = sentences.flatMap((s, i) => (s.domain === args.mainDomain ? Array<number>(args.mainWeight).fill(i) : [i]));
  for (let epoch = 1; epoch <= epochs; epoch += 1) {
    const started = performance.now();
    const trainAccuracy = trainer.trainEpoch(sentences, shuffled(reads.length, random).map((k) => reads[k] as number));
    if (onEpoch !== undefined) {
      console.info(`  época ${epoch}: exactitud en entrenamiento ${(trainAccuracy * 100).toFixed(2)} % (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      onEpoch(epoch, trainer);
    }
  }
  return trainer;
}

/** The sentence as the first pass reads it: backwards when it tags right to left. */
function asFirstPassReads(s: TrainingSentence, args: Settings): TrainingSentence {
  return args.rightToLeft ? { ...s, forms: [...s.forms].reverse(), tags: s.tags.slice().reverse() } : s;
}

/**
 * First-pass tags of every training sentence from a model that never saw it (K-fold
 * jackknifing), so the look-ahead pass learns from first-pass errors as tagging will make them.
 */
function jackknife(
  sentences: readonly TrainingSentence[],
  epochs: number,
  args: Settings,
  minFeatureCount: number,
  features: FeatureOptions,
): Uint8Array[] {
  const result = new Array<Uint8Array>(sentences.length);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const started = performance.now();
    const rest = sentences.filter((_, i) => i % FOLDS !== fold).map((s) => asFirstPassReads(s, args));
    const trainer = train(rest, epochs, args, minFeatureCount, features, false);
    sentences.forEach((s, i) => {
      if (i % FOLDS !== fold) return;
      const tags = trainer.predict(asFirstPassReads(s, args));
      result[i] = args.rightToLeft ? tags.reverse() : tags;
    });
    console.info(`  pliegue ${fold + 1}/${FOLDS} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return result;
}

/** Trains with the tuning slice held out and keeps the epoch that tags it best. */
function tuneEpochs(
  label: string,
  training: readonly TrainingSentence[],
  tuning: readonly TrainingSentence[],
  args: Settings,
  minFeatureCount: number,
  features: FeatureOptions,
  lookahead: boolean,
) {
  let bestEpoch = 1;
  let bestAccuracy = 0;
  let best: AveragedSnapshot | null = null;
  const curve: Array<{ epoch: number; accuracy: number }> = [];
  train(training, args.maxEpochs, args, minFeatureCount, features, lookahead, (epoch, trainer) => {
    const value = agreement(tuning, (s) => trainer.predict(s));
    curve.push({ epoch, accuracy: value });
    console.info(`  ${label}, época ${epoch}: exactitud de ajuste ${(value * 100).toFixed(2)} % (${trainer.featureCount} rasgos)`);
    if (value > bestAccuracy) {
      bestAccuracy = value;
      bestEpoch = epoch;
      best = trainer.averagedSnapshot();
    }
  });
  const bestWeights: SparseWeights = best === null ? new Map() : sparseWeights(best);
  return { bestEpoch, bestAccuracy, bestWeights, curve };
}

const THRESHOLDS = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1];

/**
 * The largest pruning threshold that costs nothing on the tuning slice: the weights pruned away
 * are the small ones, of rare features, which are the ones unknown-word-heavy texts (games) need.
 */
function choosePruning(label: string, build: (threshold: number) => Uint8Array, features: FeatureOptions, tuning: readonly TrainingSentence[]): number {
  const accuracies = THRESHOLDS.map((candidate) => {
    const bytes = build(candidate);
    const value = modelAccuracy(TaggerModel.fromBytes(bytes), features, tuning);
    console.info(`  ${label}, umbral ${candidate}: ${(bytes.length / 1024).toFixed(0)} KiB, exactitud de ajuste ${(value * 100).toFixed(2)} %`);
    return { candidate, value, size: bytes.length };
  });
  const unpruned = accuracies[0]?.value ?? 0;
  let threshold = 0;
  for (const a of accuracies) if (a.size <= MAX_MODEL_BYTES && a.value >= unpruned) threshold = a.candidate;
  return threshold;
}

function trainLanguage(language: Language, options: Arguments): void {
  const started = performance.now();
  const dir = dataDirectory();
  const rows = readManifest(dir)
    .filter((r) => r.lang === language && r.role === 'train' && !HELD_OUT.has(r.file))
    .sort((a, b) => a.file.localeCompare(b.file));
  const treebanks = [...new Set(rows.map((r) => r.treebank))].sort();
  const main = MAIN_TREEBANK[language];
  // Domain numbers start at 1; the main treebank's number is the one used when tagging.
  const domainOf = (treebank: string) => treebanks.indexOf(treebank) + 1;
  const args: Settings = { ...options, mainDomain: domainOf(main) };
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
  // The lexicon features read the shipped reference list (models/reference-<lang>.txt.gz) and,
  // for Spanish, the parts of speech of Spanish WordNet's lemmas, which the model file carries.
  const wordClasses = language === 'es' && args.wordClasses ? parseWordNetTab(readFileSync(join(dir, 'wordnet-es', 'wn-data-spa.tab'), 'utf8')) : null;
  const features: FeatureOptions = {
    language,
    lexicon: loadReferenceFrequencies(language).frequencyOf,
    wordClasses: wordClasses === null ? null : (w) => wordClasses.get(w) ?? 0,
  };
  const header: TaggerModelHeader = { useDomains: args.useDomains, inferenceDomain: domainOf(main), rightToLeft: args.rightToLeft };
  console.info(`${language}: ${training.length} oraciones de entrenamiento, ${tuning.length} de ajuste (1 de cada 5 de ${main} dev)`);

  // Phase 1: hold the tuning slice out; pick the epochs and pruning of the first pass, then,
  // from jackknifed first-pass tags, those of the look-ahead pass.
  const backwards = (list: readonly TrainingSentence[]) => list.map((s) => asFirstPassReads(s, args));
  const first = tuneEpochs('1.ª pasada', backwards(training), backwards(tuning), args, minFeatureCount, features, false);
  const threshold1 = choosePruning('1.ª pasada', (t) => encodeModel(first.bestWeights, header, t, { wordClasses }), features, tuning);
  const firstModel = TaggerModel.fromBytes(encodeModel(first.bestWeights, header, threshold1, { wordClasses }));
  const firstTagger = new Tagger(firstModel, features);
  const jackknifed = args.lookahead ? jackknife(training, first.bestEpoch, args, minFeatureCount, features) : [];
  const stacked = training.map((s, i) => ({ ...s, firstPass: jackknifed[i] ?? new Uint8Array(0) }));
  // The tuning slice's first-pass tags come from the shipped-style first pass, which never saw it.
  const stackedTuning = args.lookahead ? tuning.map((s) => ({ ...s, firstPass: firstTagger.tagIndices(s.forms).slice() })) : [];
  const second = args.lookahead ? tuneEpochs('2.ª pasada', stacked, stackedTuning, args, minFeatureCount, features, true) : null;
  const threshold2 =
    second === null
      ? 0
      : choosePruning('2.ª pasada', (t) => encodeModel(first.bestWeights, header, threshold1, { lookahead: { weights: second.bestWeights, threshold: t }, wordClasses }),
          features, tuning);
  const summary = `1.ª pasada ${first.bestEpoch} épocas, umbral ${threshold1}, ${(first.bestAccuracy * 100).toFixed(2)} %` +
    (second === null ? '' : `; 2.ª pasada ${second.bestEpoch} épocas, umbral ${threshold2}, ${(second.bestAccuracy * 100).toFixed(2)} %`);
  console.info(`${language}: ${summary} de exactitud de ajuste`);
  if (args.tuneOnly) {
    const lookaheadPass = second === null ? null : { weights: second.bestWeights, threshold: threshold2 };
    printErrors(TaggerModel.fromBytes(encodeModel(first.bestWeights, header, threshold1, { lookahead: lookaheadPass, wordClasses })), features, tuning);
    return;
  }

  // Phase 2: retrain on everything (tuning slice included) with the chosen settings. Every
  // sentence's first-pass tags are already jackknifed: the tuning slice's by the phase-1 model.
  const all = [...training, ...tuning];
  const finalFirst = train(backwards(all), first.bestEpoch, args, minFeatureCount, features, false).averagedWeights();
  let lookahead: LookaheadPass | null = null;
  if (second !== null) {
    const stackedAll = [...stacked, ...stackedTuning];
    lookahead = { weights: train(stackedAll, second.bestEpoch, args, minFeatureCount, features, true).averagedWeights(), threshold: threshold2 };
  }
  const model = encodeModel(finalFirst, header, threshold1, { lookahead, wordClasses });
  if (model.length > MAX_MODEL_BYTES) throw new Error(`Modelo demasiado grande: ${model.length} bytes`);
  const modelPath = join(packageDirectory(), 'models', `tagger-${language}.bin`);
  writeFileSync(modelPath, model);
  const loaded = TaggerModel.fromBytes(model);
  const round = (x: number) => Number(x.toFixed(5));
  const report = {
    language,
    files: rows.map((r) => ({ file: r.file, treebank: r.treebank, licence: r.licence })),
    sentences: all.length,
    words: all.reduce((sum, s) => sum + s.forms.length, 0),
    seed: SEED,
    useDomains: args.useDomains,
    minFeatureCount,
    mainTreebankWeight: args.mainWeight,
    wordClasses: wordClasses === null ? null : { source: 'wordnet-es/wn-data-spa.tab', lemmas: wordClasses.size },
    firstPassDirection: args.rightToLeft ? 'right to left' : 'left to right',
    epochs: first.bestEpoch,
    pruningThreshold: threshold1,
    tuningAccuracy: round(first.bestAccuracy),
    tuningCurve: first.curve.map((c) => ({ epoch: c.epoch, accuracy: round(c.accuracy) })),
    lookahead:
      second === null
        ? null
        : {
            jackknifeFolds: FOLDS,
            epochs: second.bestEpoch,
            pruningThreshold: threshold2,
            tuningAccuracy: round(second.bestAccuracy),
            tuningCurve: second.curve.map((c) => ({ epoch: c.epoch, accuracy: round(c.accuracy) })),
            features: loaded.lookahead?.featureCount ?? 0,
          },
    modelBytes: model.length,
    features: loaded.featureCount,
  };
  writeFileSync(join(packageDirectory(), 'models', `tagger-${language}.json`), JSON.stringify(report, null, 2) + '\n');
  console.info(`${language}: ${modelPath} (${(model.length / 1024).toFixed(0)} KiB, ${report.features} rasgos; ${((performance.now() - started) / 60_000).toFixed(1)} min)`);
}

const argv = process.argv.slice(2);
const args = parseArguments(argv);
if (args.languages.length === 1) trainLanguage(args.languages[0] as Language, args);
else {
  // One process per language, so the two trainings use two cores; each is deterministic alone.
  const script = fileURLToPath(import.meta.url);
  const runs = args.languages.map(
    (language) =>
      new Promise<number>((done) => {
        const child = spawn(process.execPath, [...process.execArgv, script, ...argv, '--lang', language], { stdio: 'inherit' });
        child.on('exit', (code) => done(code ?? 1));
      }),
  );
  const codes = await Promise.all(runs);
  if (codes.some((code) => code !== 0)) process.exitCode = 1;
}
