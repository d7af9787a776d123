// Quality of the term extractor (issues 9 and 38):
// - ACTER English, with and without named entities, leave-one-domain-out over corp/equi/wind:
//   settings are chosen on two domains and measured on the third, beside the TermEval 2020 figures;
// - Spanish: es-science (the half of the paragraphs never used for training), es-medical (the 100
//   EudraCT announcements, 7 UMLS groups) and LudoTerm's own annotation of game-text samples;
//   English: en-coastal's test split (CoastTerm), a domain ACTER lacks;
// - each of them for the shipped ranker and for the ranker of 2026-11-22 (frozen below), in the
//   same run and on the same candidates;
// - tagger and lemmatiser accuracy on the held-out UD test files.
// Data are read from LUDOTERM_DATA_DIR (default ../shared/data); rows whose data are absent are
// skipped with a message.
import { analyseTerms, termhoodLogit, termKey, type RankedTerm, type TermEvidence } from '@ludoterm/extractor';
import { evaluateLemmatizer } from '../packages/extractor/scripts/evaluate-lemmatizer.ts';
import { evaluateTagger } from '../packages/extractor/scripts/evaluate-tagger.ts';
import { candidateNames, readEnCoastal, readEsMedical, readEsScience, readGameSample, type AnnotatedText } from '../packages/extractor/scripts/ranker-data.ts';
import { atLeast, type Bench, type BenchRow } from './lib/bench-types.ts';
import { ACTER_DOMAINS, dataDirectory, readActer, readFixture, score, type ActerCorpus, type Scores } from './lib/extractor-data.ts';

/** A ranker: log-odds of termhood from a candidate's evidence. */
interface Engine {
  name: string;
  logit(e: TermEvidence, language: 'es' | 'en'): number;
}

/** The logistic ranker shipped on 2026-11-22 (issue 9), kept to measure against in the same run. */
const PREVIOUS_WEIGHTS = {
  es: [-4.797, 0.471, 0.519, 0.343, 0.254, 0.421, 0.398, -0.201, 0.132, -0.872, -0.493, -0.193, 0.186, 0.994],
  en: [-4.626, 0.403, 0.537, 0.37, 0.287, 0.42, 0.348, -0.372, 0.095, -0.626, -0.816, -0.299, 0.069, 0.922],
} as const;

function previousVector(e: TermEvidence): number[] {
  return [
    1,
    Math.log1p(e.frequency),
    Math.log1p(Math.max(0, e.cValue)),
    e.specificityMean,
    e.specificityMin,
    e.specificityMax,
    e.category === 'NOUN_PHRASE' || e.contentWords > 1 ? 1 : 0,
    Math.min(4, e.contentWords - 1),
    e.category === 'PROPN' ? 1 : 0,
    e.category === 'ADJ' ? 1 : 0,
    e.category === 'VERB' ? 1 : 0,
    e.nestedShare,
    e.capitalisedShare,
    e.standaloneShare,
  ];
}

const ENGINES: readonly Engine[] = [
  { name: 'actual', logit: (e) => termhoodLogit(e) },
  {
    name: '2026-11-22',
    logit: (e, language) => previousVector(e).reduce((z, v, i) => z + v * (PREVIOUS_WEIGHTS[language][i] ?? 0), 0),
  },
];

interface Settings {
  minFreq: 1 | 2;
  /** Single-word categories left out of the list. */
  dropSingles: ReadonlyArray<'VERB' | 'ADJ'>;
  /**
   * Offsets added to the log-odds: per unit of mean specificity, for multi-word terms (a separate
   * threshold for one-word and multi-word terms), per unit of log frequency, for proper nouns
   * (whether the gold list counts named entities). Chosen only here, on two ACTER domains at a time.
   */
  specificity: number;
  multiword: number;
  frequency: number;
  properNoun: number;
}

const DEFAULT_SETTINGS: Settings = { minFreq: 1, dropSingles: [], specificity: 0, multiword: 0, frequency: 0, properNoun: 0 };

// A deliberately small grid: with more values per offset the choice fits the two training
// domains better and the held-out one worse.
function settingsGrid(): Settings[] {
  const grid: Settings[] = [];
  for (const minFreq of [1, 2] as const)
    for (const dropSingles of [[], ['VERB']] as const)
      for (const specificity of [0, 0.5])
        for (const multiword of [-1, -0.5, 0, 0.5])
          for (const frequency of [-0.3, 0, 0.3])
            for (const properNoun of [0, 1, 2, 3]) grid.push({ minFreq, dropSingles, specificity, multiword, frequency, properNoun });
  return grid;
}

function describe(s: Settings): string {
  const drop = s.dropSingles.length === 0 ? '' : `, sin ${s.dropSingles.join('+')} sueltos`;
  const offsets = (
    [
      ['esp', s.specificity],
      ['multi', s.multiword],
      ['frec', s.frequency],
      ['NP', s.properNoun],
    ] as const
  )
    .filter(([, v]) => v !== 0)
    .map(([n, v]) => `Δ${n} ${v > 0 ? '+' : ''}${v}`)
    .join(' ');
  return `frec≥${s.minFreq}${drop}${offsets === '' ? '' : `, ${offsets}`}`;
}

interface Scored {
  term: RankedTerm;
  /** Log-odds under each engine, computed once per term. */
  logits: number[];
  multi: number;
  logFrequency: number;
}

const analyses = new Map<string, Scored[]>();

/** Candidates of a text at frequency 1 (every other minimum frequency filters these). */
function rankedTerms(name: string, text: string, language: 'es' | 'en'): Scored[] {
  let ranked = analyses.get(name);
  if (ranked === undefined) {
    ranked = analyseTerms(text, { minFreq: 1, stopwordsMode: 'predeterminadas', language }).ranked.map((term) => ({
      term,
      logits: ENGINES.map((engine) => engine.logit(term.evidence, language)),
      multi: term.evidence.category === 'NOUN_PHRASE' || term.evidence.contentWords > 1 ? 1 : 0,
      logFrequency: Math.log1p(term.frequency),
    }));
    analyses.set(name, ranked);
  }
  return ranked;
}

type Matching = Pick<AnnotatedText, 'language' | 'match'>;
const ACTER_MATCHING: Matching = { language: 'en', match: 'surface' };

/**
 * The extractor's list for a text, best first: every surface form of each candidate, lower-cased
 * (ACTER lists singular and plural apart), or each candidate's key for our own annotations.
 */
function candidateList(terms: Scored[], engine: number, settings: Settings, matching: Matching = ACTER_MATCHING): string[] {
  const scored = terms
    .filter(({ term }) => term.frequency >= settings.minFreq && !(settings.dropSingles as readonly string[]).includes(term.category))
    .map((t) => ({
      term: t.term,
      score:
        (t.logits[engine] as number) +
        settings.specificity * t.term.evidence.specificityMean +
        settings.multiword * t.multi +
        settings.frequency * t.logFrequency +
        settings.properNoun * (t.term.category === 'PROPN' ? 1 : 0),
    }))
    .sort((a, b) => b.score - a.score || b.term.frequency - a.term.frequency || (a.term.key < b.term.key ? -1 : 1));
  const seen = new Set<string>();
  const list: string[] = [];
  for (const { term } of scored) {
    for (const name of candidateNames(term.forms, matching)) {
      if (!seen.has(name)) {
        seen.add(name);
        list.push(name);
      }
    }
  }
  return list;
}

interface Measured {
  cut: Scores;
  whole: Scores;
  listSize: number;
}

function measure(list: string[], gold: ReadonlySet<string>): Measured {
  return { cut: score(list.slice(0, gold.size), gold), whole: score(list, gold), listSize: list.length };
}

/** One line of the printed table. */
interface Line {
  set: string;
  engine: string;
  gold: number;
  /** Absent for a line of means. */
  m: Measured | null;
  f1: number;
  note: string;
}

function printTable(title: string, lines: Line[]): void {
  const f = (n: number) => n.toFixed(1).padStart(5);
  console.info(`\n  ${title}`);
  console.info(`  ${'conjunto'.padEnd(34)} ${'motor'.padEnd(10)} ${'oro'.padStart(5)} │ P@oro R@oro F1@oro │ ${'lista'.padStart(6)}     P     R    F1 │ ajustes`);
  for (const l of lines) {
    if (l.m === null) {
      console.info(`  ${l.set.padEnd(34)} ${l.engine.padEnd(10)} ${''.padStart(5)} │ ${''.padStart(11)}  ${f(l.f1)} │`);
      continue;
    }
    console.info(
      `  ${l.set.padEnd(34)} ${l.engine.padEnd(10)} ${String(l.gold).padStart(5)} │ ${f(l.m.cut.precision)} ${f(l.m.cut.recall)}  ${f(l.m.cut.f1)} │ ${String(l.m.listSize).padStart(6)} ${f(l.m.whole.precision)} ${f(l.m.whole.recall)} ${f(l.m.whole.f1)} │ ${l.note}`,
    );
  }
}

function acterRows(): BenchRow[] {
  const corpora = ACTER_DOMAINS.map((d) => readActer(d));
  if (corpora.some((c) => c === null)) {
    console.info(`  ACTER no está en ${dataDirectory()}/acter: se omite (define LUDOTERM_DATA_DIR).`);
    return [];
  }
  const all = corpora as ActerCorpus[];
  const rows: BenchRow[] = [];
  const lines: Line[] = [];
  for (const entities of [true, false]) {
    const goldOf = (c: ActerCorpus) => (entities ? c.gold : c.goldWithoutEntities);
    const tag = entities ? 'en+NE' : 'en−NE';
    for (let engine = 0; engine < ENGINES.length; engine += 1) {
      const engineName = (ENGINES[engine] as Engine).name;
      const heldOutF1: number[] = [];
      for (const heldOut of all) {
        const training = all.filter((c) => c !== heldOut);
        let best = DEFAULT_SETTINGS;
        let bestF1 = -1;
        for (const settings of settingsGrid()) {
          const mean =
            training.reduce((sum, c) => sum + score(candidateList(rankedTerms(c.domain, c.text, 'en'), engine, settings).slice(0, goldOf(c).size), goldOf(c)).f1, 0) /
            training.length;
          if (mean > bestF1) {
            bestF1 = mean;
            best = settings;
          }
        }
        const m = measure(candidateList(rankedTerms(heldOut.domain, heldOut.text, 'en'), engine, best), goldOf(heldOut));
        heldOutF1.push(m.cut.f1);
        lines.push({ set: `ACTER ${tag} ${heldOut.domain}`, engine: engineName, gold: goldOf(heldOut).size, m, f1: m.cut.f1, note: `${describe(best)} (F1 ${bestF1.toFixed(1)} en los otros dos)` });
        if (engine === 0) {
          rows.push(
            entities
              ? atLeast(`ACTER ${tag} ${heldOut.domain} (fuera): F1 al corte`, m.cut.f1, '%', 40)
              : { metric: `ACTER ${tag} ${heldOut.domain} (fuera): F1 al corte`, value: m.cut.f1, unit: '%' },
            { metric: `ACTER ${tag} ${heldOut.domain}: P / R de la lista entera (${m.listSize})`, value: m.whole.precision, unit: `% / ${m.whole.recall.toFixed(1)} %` },
          );
        }
      }
      const mean = heldOutF1.reduce((a, b) => a + b, 0) / heldOutF1.length;
      lines.push({ set: `ACTER ${tag} media`, engine: engineName, gold: 0, m: null, f1: mean, note: '' });
      const metric = `ACTER ${tag}: F1 media al corte, dejando un dominio fuera (motor ${engineName})`;
      rows.push(entities && engine === 0 ? atLeast(metric, mean, '%', 46.7) : { metric, value: mean, unit: '%' });
    }
  }
  printTable('ACTER inglés, dejando un dominio fuera (ajustes elegidos en los otros dos; P = R = F1 al corte del tamaño del oro)', lines);
  console.info('  referencias, TermEval 2020 en+NE, dominio htfl: mejor sistema (TALN-LS2N) F1 46.7, NYU Termolator F1 30.6');
  rows.push(
    { metric: 'referencia TermEval 2020 en+NE (htfl): mejor sistema (TALN-LS2N)', value: 46.7, unit: '% F1' },
    { metric: 'referencia TermEval 2020 en+NE (htfl): NYU Termolator', value: 30.6, unit: '% F1' },
  );
  return rows;
}

function spanishRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  const lines: Line[] = [];
  const sets: Array<{ data: AnnotatedText | null; note: string; target: boolean }> = [
    { data: readEsScience('test'), note: 'nunca entrenado', target: true },
    { data: readEsMedical(), note: 'solo evaluación (CC BY-NC-SA)', target: true },
    { data: readGameSample('b', 'es'), note: 'nunca entrenado', target: false },
    { data: readEnCoastal('test'), note: 'solo evaluación (CC BY-NC-SA)', target: false },
    { data: readGameSample('a', 'es'), note: 'entrena el clasificador', target: false },
    { data: readGameSample('a', 'en'), note: 'entrena el clasificador', target: false },
  ];
  for (const { data, note, target } of sets) {
    if (data === null) {
      console.info(`  falta un conjunto en ${dataDirectory()}: se omite.`);
      continue;
    }
    const terms = rankedTerms(data.name, data.text, data.language);
    const f1s: number[] = [];
    for (let engine = 0; engine < ENGINES.length; engine += 1) {
      const m = measure(candidateList(terms, engine, DEFAULT_SETTINGS, data), data.gold);
      f1s.push(m.cut.f1);
      lines.push({ set: data.name, engine: (ENGINES[engine] as Engine).name, gold: data.gold.size, m, f1: m.cut.f1, note });
    }
    const [now, before] = f1s as [number, number];
    rows.push({ metric: `${data.name}: F1 al corte (motor actual)`, value: now, unit: '%' });
    rows.push(
      target
        ? atLeast(`${data.name}: F1 al corte, actual − 2026-11-22 (${before.toFixed(1)})`, now - before, 'puntos', 10)
        : { metric: `${data.name}: F1 al corte, actual − 2026-11-22 (${before.toFixed(1)})`, value: now - before, unit: 'puntos' },
    );
  }
  printTable('Español, el juego y en-coastal: lista con frecuencia ≥ 1, sin ajustes', lines);

  // Recall of the game's item names in its whole Spanish text.
  const text = readFixture('games/spd-es.txt');
  const analysis = analyseTerms(text, { minFreq: 1, stopwordsMode: 'predeterminadas', language: 'es' });
  const extracted = new Set<string>();
  for (const term of analysis.ranked) for (const form of term.forms) extracted.add(termKey(form, 'es'));
  const names = readFixture('games/item-names.tsv')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[2] ?? '')
    // "%s de anti-entropía": the game fills %s with another name; the name proper is the rest.
    .map((name) => name.replace(/%\d?\$?s/g, ' ').replace(/^\s*(?:de|del|a|al)\s+/u, '').trim())
    .filter((name) => name !== '');
  const found = names.filter((name) => extracted.has(termKey(name, 'es'))).length;
  rows.push({ metric: `es: recuperación de los ${names.length} nombres de objetos (texto completo, frec≥1)`, value: (100 * found) / names.length, unit: '%' });
  return rows;
}

function taggerRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [language, target, name] of [
    ['es', 98, 'AnCora test'],
    ['en', 96, 'EWT test'],
  ] as const) {
    const result = evaluateTagger(language);
    if (result === null) {
      console.info(`  ${name} no está en ${dataDirectory()}/ud: se omite.`);
      continue;
    }
    rows.push(atLeast(`etiquetador ${language}: exactitud UPOS en ${name} (${result.words} palabras)`, 100 * result.accuracy, '%', target));
  }
  return rows;
}

/** Lemma accuracy on the same held-out files (case-insensitive), with gold and with predicted tags. */
function lemmaRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [language, name] of [
    ['es', 'Spanish (AnCora)'],
    ['en', 'English (EWT)'],
  ] as const) {
    const result = evaluateLemmatizer(language);
    if (result === null) {
      console.info(`  ${name} no está en ${dataDirectory()}/ud: se omite.`);
      continue;
    }
    const { gold, predicted } = result;
    rows.push(
      atLeast(`lematizador ${name}: exactitud, UPOS de referencia (${gold.words} palabras)`, (100 * gold.correct) / gold.words, '%', 97),
      { metric: `lematizador ${name}: exactitud, UPOS del etiquetador`, value: (100 * predicted.correct) / predicted.words, unit: '%' },
    );
  }
  return rows;
}

const bench: Bench = {
  name: 'extractor-calidad',
  async run() {
    return [...taggerRows(), ...lemmaRows(), ...spanishRows(), ...acterRows()];
  },
};

export default bench;
