// Trains the lemmatisers from the UD treebanks' lemma column and writes
// models/lemmatizer-<lang>.json.gz (the model) and models/lemmatizer-<lang>.report.json.
//
//   npm run train:lemmatizer                  both languages
//   npm run train:lemmatizer -- --lang es     one language
//   npm run train:lemmatizer -- --tune-only   print the tuning grid, write nothing
//
// Reproducible: files in name order, no randomness. The settings are chosen on every fifth
// sentence of the main treebank's dev file, held out; the model is then learnt from everything.
// The held-out evaluation files (AnCora test, EWT test) are never read here.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConlluLemmas, type LemmaToken } from '../src/lemma/conllu-lemmas.ts';
import { trainLemmatizer, type WeightedSentence } from '../src/lemma/lemma-trainer.ts';
import { Lemmatizer } from '../src/lemma/lemmatizer.ts';
import {
  decodeLemmatizerModel,
  encodeLemmatizerModel,
  type LemmatizerSettings,
} from '../src/lemma/lemmatizer-model.ts';
import { loadReferenceFrequencies } from '../src/resources.ts';
import {
  HELD_OUT_FILES,
  MAIN_TREEBANK,
  scoreLemmas,
  trainingRows,
  type Language,
} from './lemma-data.ts';
import { dataDirectory, packageDirectory } from './paths.ts';

const MAX_MODEL_BYTES = 4 * 1024 * 1024;
/** How many times a main-treebank occurrence counts against one of another treebank. */
const MAIN_WEIGHTS = [1, 4];
const GRID: LemmatizerSettings[] = [];
for (const maxSuffix of [4, 5, 6, 7])
  for (const minSuffixCount of [1, 2, 3])
    for (const candidateShare of [0.1, 0.25, 0.5, 1])
      GRID.push({ maxSuffix, minSuffixCount, candidateShare });

function parseArguments(argv: string[]): { languages: Language[]; tuneOnly: boolean } {
  const args = { languages: ['es', 'en'] as Language[], tuneOnly: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--lang') args.languages = [argv[++i] as Language];
    else if (a === '--tune-only') args.tuneOnly = true;
    else throw new Error(`Argumento desconocido: ${a}`);
  }
  return args;
}

function trainLanguage(language: Language, tuneOnly: boolean): void {
  const started = performance.now();
  const dir = dataDirectory();
  const rows = trainingRows(dir, language);
  const { frequencyOf } = loadReferenceFrequencies(language);
  const training: Array<{ tokens: LemmaToken[]; main: boolean }> = [];
  const tuning: LemmaToken[][] = [];
  for (const row of rows) {
    if (Object.values(HELD_OUT_FILES).includes(row.file))
      throw new Error(`Archivo reservado para evaluación: ${row.file}`);
    const sentences = parseConlluLemmas(readFileSync(join(dir, 'ud', row.file), 'utf8'));
    const main = row.treebank === MAIN_TREEBANK[language];
    const isTuningSource = main && row.file.includes('-dev-');
    sentences.forEach((tokens, i) => {
      if (isTuningSource && i % 5 === 0) tuning.push(tokens);
      else training.push({ tokens, main });
    });
    console.info(`${row.file}: ${sentences.length} oraciones (${row.licence})`);
  }
  const weighted = (weight: number): WeightedSentence[] =>
    training.map((s) => ({ tokens: s.tokens, weight: s.main ? weight : 1 }));

  let best = { settings: GRID[0] as LemmatizerSettings, mainWeight: 1, accuracy: -1 };
  for (const mainWeight of MAIN_WEIGHTS) {
    const data = weighted(mainWeight);
    for (const settings of GRID) {
      const lemmatizer = new Lemmatizer(trainLemmatizer(language, data, settings), { frequencyOf });
      const score = scoreLemmas(lemmatizer, tuning);
      const accuracy = score.correct / score.words;
      if (tuneOnly) {
        console.info(
          `  peso ${mainWeight}, sufijo ≤ ${settings.maxSuffix}, mín. ${settings.minSuffixCount}, cuota ${settings.candidateShare}: ${(100 * accuracy).toFixed(2)} % (no vistas ${((100 * score.unseenCorrect) / Math.max(1, score.unseen)).toFixed(1)} % de ${score.unseen})`,
        );
      }
      if (accuracy > best.accuracy) best = { settings, mainWeight, accuracy };
    }
  }
  const { settings, mainWeight } = best;
  console.info(
    `${language}: peso ${mainWeight}, ${JSON.stringify(settings)}, exactitud de ajuste ${(100 * best.accuracy).toFixed(2)} %`,
  );
  if (tuneOnly) return;

  const all: WeightedSentence[] = [
    ...weighted(mainWeight),
    ...tuning.map((tokens) => ({ tokens, weight: mainWeight })),
  ];
  const bytes = encodeLemmatizerModel(trainLemmatizer(language, all, settings));
  if (bytes.length > MAX_MODEL_BYTES)
    throw new Error(`Modelo demasiado grande: ${bytes.length} bytes`);
  const model = decodeLemmatizerModel(bytes);
  const modelPath = join(packageDirectory(), 'models', `lemmatizer-${language}.json.gz`);
  writeFileSync(modelPath, bytes);
  let entries = 0;
  for (const table of model.lexicon.values()) entries += table.size;
  const report = {
    language,
    files: rows.map((r) => ({ file: r.file, treebank: r.treebank, licence: r.licence })),
    sentences: all.length,
    words: all.reduce((sum, s) => sum + s.tokens.length, 0),
    mainTreebank: MAIN_TREEBANK[language],
    mainWeight,
    settings,
    tuningAccuracy: Number(best.accuracy.toFixed(5)),
    lexiconEntries: entries,
    modelBytes: bytes.length,
  };
  writeFileSync(
    join(packageDirectory(), 'models', `lemmatizer-${language}.report.json`),
    JSON.stringify(report, null, 2) + '\n',
  );
  console.info(
    `${language}: ${modelPath} (${(bytes.length / 1024).toFixed(0)} KiB, ${entries} entradas, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

const args = parseArguments(process.argv.slice(2));
for (const language of args.languages) trainLanguage(language, args.tuneOnly);
