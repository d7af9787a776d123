import { ExtractionError } from '../errors.ts';
import { detectLanguage } from '../language/detect-language.ts';
import { singularKey } from '../lexicon/normalize.ts';
import { loadReferenceFrequencies, loadTagger, type ReferenceFrequencies } from '../resources.ts';
import { StopwordSet, defaultStopwords } from '../stopwords/stopwords.ts';
import { UPOS_TAGS } from '../tagger/features.ts';
import { hashString } from '../tagger/hash.ts';
import { iterateSentences, type Sentence, type Word } from '../tokenize/tokenize.ts';
import { AUTOMATA, DEAD, START, WordClass, classify, step } from './patterns.ts';
import { cValue, termhood, type TermCategory, type TermEvidence } from './termhood.ts';

export type ExtractionLanguage = 'es' | 'en';
export type StopwordsMode = 'predeterminadas' | 'personalizadas';

/** Options of {@link extractTerms}. */
export interface ExtractionOptions {
  /** Minimum frequency of a candidate, 1–10. */
  minFreq: number;
  /** `predeterminadas`: the built-in list; `personalizadas`: `customStopwords` replaces it. */
  stopwordsMode: StopwordsMode;
  customStopwords?: readonly string[];
  /** The text's language; detected when absent. */
  language?: ExtractionLanguage;
  /** Most candidates returned (default 500); statistics always count them all. */
  maxCandidates?: number;
}

/** A candidate term, in the shape of the API's extractor rows. */
export interface Candidate {
  id: string;
  termino: { es: string | null; en: string | null };
  categoria: TermCategory;
  definicion: string | null;
  /** A sentence of the text in which the term occurs. */
  contexto: string;
  notas: string | null;
  frecuencia: number;
  /** The other surface forms counted with this one (plural, other spellings). */
  variante: string[];
  /** Termhood, higher is better (0–1). */
  puntuacion: number;
}

/** Statistics as CONTRACT.md defines them, plus the language and the number of words. */
export interface ExtractionStats {
  /** Candidate occurrences (every pattern match, before stopwords and minimum frequency). */
  total_terminos: number;
  /** Distinct candidates among those occurrences. */
  terminos_unicos: number;
  /** Distinct candidates left after the stopwords and the minimum frequency. */
  terminos_filtrados: number;
  modo_stopwords: StopwordsMode;
  idioma: ExtractionLanguage;
  /** Running words of the text (tokens with a letter or digit). */
  palabras: number;
}

export interface ExtractionResult {
  entradas: Candidate[];
  estadisticas: ExtractionStats;
}

/** Longest term, in syntactic words (Spanish "del" is two). */
const MAX_TERM_WORDS: Record<ExtractionLanguage, number> = { es: 6, en: 5 };
const DEFAULT_MAX_CANDIDATES = 500;
const MAX_VARIANTS = 10;
const MAX_CONTEXT_CHARS = 600;

const TAG = {
  NOUN: UPOS_TAGS.indexOf('NOUN'),
  PROPN: UPOS_TAGS.indexOf('PROPN'),
  ADJ: UPOS_TAGS.indexOf('ADJ'),
  VERB: UPOS_TAGS.indexOf('VERB'),
};
const SINGLE_CATEGORY: Readonly<Record<number, TermCategory>> = {
  [TAG.NOUN]: 'NOUN',
  [TAG.PROPN]: 'PROPN',
  [TAG.ADJ]: 'ADJ',
  [TAG.VERB]: 'VERB',
};
const CATEGORY_SLOT: Readonly<Record<TermCategory, number>> = { NOUN: 0, PROPN: 1, ADJ: 2, VERB: 3, NOUN_PHRASE: 4 };
const SLOT_CATEGORY: readonly TermCategory[] = ['NOUN', 'PROPN', 'ADJ', 'VERB', 'NOUN_PHRASE'];

interface SurfaceForm {
  display: string;
  count: number;
}

interface Entry {
  key: string;
  order: number;
  words: number;
  contentWords: number;
  /** Lower-case content words of the first occurrence (for the reference frequencies). */
  contentKeys: string[];
  contentLowers: string[];
  frequency: number;
  capitalised: number;
  categoryVotes: Int32Array;
  forms: Map<string, SurfaceForm>;
  hasStopwordEdge: boolean;
  contextStart: number;
  contextEnd: number;
  contextIsGood: boolean;
  nestedFrequency: number;
  nestedCount: number;
}

function validate(options: ExtractionOptions): void {
  const { minFreq, stopwordsMode } = options;
  if (!Number.isInteger(minFreq) || minFreq < 1 || minFreq > 10) {
    throw new ExtractionError('OPCIONES_NO_VALIDAS', 'La frecuencia mínima debe ser un número entero entre 1 y 10.');
  }
  if (stopwordsMode !== 'predeterminadas' && stopwordsMode !== 'personalizadas') {
    throw new ExtractionError('OPCIONES_NO_VALIDAS', 'El modo de stopwords debe ser «predeterminadas» o «personalizadas».');
  }
  if (options.maxCandidates !== undefined && !(options.maxCandidates >= 0)) {
    throw new ExtractionError('OPCIONES_NO_VALIDAS', 'El número máximo de candidatos no es válido.');
  }
}

function resolveLanguage(text: string, language: unknown): ExtractionLanguage {
  if (language !== undefined && language !== null) {
    if (language === 'es' || language === 'en') return language;
    throw new ExtractionError(
      'IDIOMA_NO_ADMITIDO',
      `El idioma «${String(language)}» no está admitido: el extractor solo procesa textos en español o en inglés.`,
    );
  }
  const guess = detectLanguage(text);
  if (guess.language === null) {
    throw new ExtractionError(
      'IDIOMA_NO_ADMITIDO',
      'No se reconoce el idioma del texto: el extractor solo procesa textos en español o en inglés. Si el texto está en uno de ellos, indica el idioma.',
    );
  }
  return guess.language;
}

const LETTER_RE = /\p{L}/u;
const CAPITALISED_RE = /^\p{Lu}\p{Ll}*(?:[-'’]\p{L}\p{Ll}*)*$/u;

function isCapitalisedWord(s: string): boolean {
  return CAPITALISED_RE.test(s) && s.length > 1;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function collapseSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Counts words of running text: tokens with a letter or a digit. */
function countWords(sentence: Sentence): number {
  let count = 0;
  let lastStart = -1;
  for (const word of sentence.words) {
    if (word.start === lastStart) continue;
    lastStart = word.start;
    const c = word.form.charCodeAt(0);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && LETTER_RE.test(word.form))) count += 1;
    else if (/[\p{L}\p{N}]/u.test(word.form)) count += 1;
  }
  return count;
}

/**
 * Extracts candidate terms from a text: tokenises and tags it with our own models, matches
 * part-of-speech patterns, counts singular and plural together, drops stopwords (which trim a
 * term's edges but never split it) and ranks by termhood. Deterministic for a given input.
 */
export function extractTerms(text: string, options: ExtractionOptions): ExtractionResult {
  validate(options);
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ExtractionError('TEXTO_VACIO', 'El texto está vacío: no hay nada que analizar.');
  }
  const language = resolveLanguage(text, options.language);
  const reference = loadReferenceFrequencies(language);
  const tagger = loadTagger(language);
  const automaton = AUTOMATA[language];
  const maxWords = MAX_TERM_WORDS[language];
  const stopwords = new StopwordSet(
    options.stopwordsMode === 'personalizadas' ? (options.customStopwords ?? []) : defaultStopwords(language),
  );

  const entries = new Map<string, Entry>();
  const wordCounts = new Map<string, number>();
  const keyCache = new Map<string, string>();
  const stopCache = new Map<string, boolean>();
  let totalOccurrences = 0;
  let runningWords = 0;

  const keyOf = (lower: string, cls: number): string => {
    if (cls !== WordClass.Noun && cls !== WordClass.Adjective && cls !== WordClass.Modifier) return lower;
    if (language === 'en' && cls !== WordClass.Noun) return lower;
    let key = keyCache.get(lower);
    if (key === undefined) {
      key = singularKey(lower, language);
      keyCache.set(lower, key);
    }
    return key;
  };
  const isStopword = (lower: string): boolean => {
    let stop = stopCache.get(lower);
    if (stop === undefined) {
      stop = stopwords.has(lower);
      stopCache.set(lower, stop);
    }
    return stop;
  };

  for (const sentence of iterateSentences(text, language, reference.frequencyOf)) {
    const words = sentence.words;
    const n = words.length;
    runningWords += countWords(sentence);
    const forms = words.map((w) => w.form);
    const tags = tagger.tagIndices(forms);
    const lowers = forms.map((f) => f.toLowerCase());
    const classes = new Int8Array(n);
    const keys: string[] = new Array<string>(n);
    const content = new Uint8Array(n);
    const stops = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) {
      const lower = lowers[i] as string;
      const tag = tags[i] as number;
      const cls = classify(UPOS_TAGS[tag] as string, lower, language);
      classes[i] = cls;
      const key = keyOf(lower, cls);
      keys[i] = key;
      const isContent = SINGLE_CATEGORY[tag] !== undefined && LETTER_RE.test(lower);
      content[i] = isContent ? 1 : 0;
      stops[i] = isStopword(lower) || (key !== lower && isStopword(key)) ? 1 : 0;
      if (isContent) wordCounts.set(key, (wordCounts.get(key) ?? 0) + 1);
    }

    const record = (i: number, j: number, key: string, category: TermCategory) => {
      totalOccurrences += 1;
      let entry = entries.get(key);
      if (entry === undefined) {
        const contentKeys: string[] = [];
        const contentLowers: string[] = [];
        for (let k = i; k <= j; k += 1) {
          if (content[k] === 1) {
            contentKeys.push(keys[k] as string);
            contentLowers.push(lowers[k] as string);
          }
        }
        entry = {
          key,
          order: entries.size,
          words: j - i + 1,
          contentWords: Math.max(1, contentKeys.length),
          contentKeys,
          contentLowers,
          frequency: 0,
          capitalised: 0,
          categoryVotes: new Int32Array(5),
          forms: new Map(),
          hasStopwordEdge: false,
          contextStart: sentence.start,
          contextEnd: sentence.end,
          contextIsGood: false,
          nestedFrequency: 0,
          nestedCount: 0,
        };
        entries.set(key, entry);
      }
      entry.frequency += 1;
      const slot = CATEGORY_SLOT[category];
      entry.categoryVotes[slot] = (entry.categoryVotes[slot] as number) + 1;
      if (stops[i] === 1 || stops[j] === 1) entry.hasStopwordEdge = true;
      const first = words[i] as Word;
      const last = words[j] as Word;
      if (i > 0 && isCapitalisedWord(first.form)) entry.capitalised += 1;
      const raw = first.isPart || last.isPart ? forms.slice(i, j + 1).join(' ') : text.slice(first.start, last.end);
      const form = entry.forms.get(raw);
      if (form === undefined) entry.forms.set(raw, { display: displayForm(words, forms, tags, i, j, text), count: 1 });
      else form.count += 1;
      if (!entry.contextIsGood) {
        const good = n >= 4 && n <= 60 && sentence.end - sentence.start <= MAX_CONTEXT_CHARS;
        if (good || entry.frequency === 1) {
          entry.contextStart = sentence.start;
          entry.contextEnd = sentence.end;
          entry.contextIsGood = good;
        }
      }
    };

    for (let i = 0; i < n; i += 1) {
      const tag = tags[i] as number;
      const single = SINGLE_CATEGORY[tag];
      if (single !== undefined && content[i] === 1) record(i, i, keys[i] as string, single);
      const cls = classes[i] as WordClass;
      if (cls !== WordClass.Noun && cls !== WordClass.ProperNoun && cls !== WordClass.Adjective && cls !== WordClass.Modifier) continue;
      let state = step(automaton, START, cls);
      let key = keys[i] as string;
      let allProper = cls === WordClass.ProperNoun;
      for (let j = i + 1; j < n && j < i + maxWords && state !== DEAD; j += 1) {
        const next = classes[j] as WordClass;
        state = step(automaton, state, next);
        if (state === DEAD) break;
        key += ` ${keys[j] as string}`;
        if (next !== WordClass.ProperNoun) allProper = false;
        if (automaton.accepting[state] === 1) record(i, j, key, allProper ? 'PROPN' : 'NOUN_PHRASE');
      }
    }
  }

  // Nested candidates: every shorter candidate inside a longer one (C-value's T_a).
  const usable = [...entries.values()].filter((e) => !e.hasStopwordEdge);
  for (const entry of usable) {
    if (entry.words < 2) continue;
    const parts = entry.key.split(' ');
    for (let length = 1; length < parts.length; length += 1) {
      for (let from = 0; from + length <= parts.length; from += 1) {
        const inner = entries.get(parts.slice(from, from + length).join(' '));
        if (inner === undefined || inner.hasStopwordEdge) continue;
        inner.nestedFrequency += entry.frequency;
        inner.nestedCount += 1;
      }
    }
  }

  const filtered = usable.filter((e) => e.frequency >= options.minFreq);
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const scored = filtered.map((entry) => ({ entry, score: termhood(evidenceOf(entry, wordCounts, runningWords, reference)) }));
  scored.sort((a, b) => b.score - a.score || b.entry.frequency - a.entry.frequency || a.entry.order - b.entry.order);

  const usedIds = new Set<string>();
  const entradas = scored.slice(0, maxCandidates).map(({ entry, score }) => {
    const forms = [...entry.forms.values()];
    // Merge forms that display alike ("Poción" at a sentence start and "poción").
    const byDisplay = new Map<string, number>();
    for (const f of forms) byDisplay.set(f.display, (byDisplay.get(f.display) ?? 0) + f.count);
    const ranked = [...byDisplay].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const display = (ranked[0] as [string, number])[0];
    let id = `t${hashString(entry.key).toString(36)}`;
    while (usedIds.has(id)) id += 'x';
    usedIds.add(id);
    const candidate: Candidate = {
      id,
      termino: language === 'es' ? { es: display, en: null } : { es: null, en: display },
      categoria: categoryOf(entry),
      definicion: null,
      contexto: collapseSpaces(text.slice(entry.contextStart, entry.contextEnd)).slice(0, MAX_CONTEXT_CHARS),
      notas: null,
      frecuencia: entry.frequency,
      variante: ranked.slice(1, 1 + MAX_VARIANTS).map(([d]) => d),
      puntuacion: Math.round(score * 10_000) / 10_000,
    };
    return candidate;
  });

  return {
    entradas,
    estadisticas: {
      total_terminos: totalOccurrences,
      terminos_unicos: entries.size,
      terminos_filtrados: filtered.length,
      modo_stopwords: options.stopwordsMode,
      idioma: language,
      palabras: runningWords,
    },
  };
}

function categoryOf(entry: Entry): TermCategory {
  const votes = entry.categoryVotes;
  if (entry.words > 1) return (votes[1] as number) > (votes[4] as number) ? 'PROPN' : 'NOUN_PHRASE';
  let best = 0;
  for (let s = 1; s < 4; s += 1) if ((votes[s] as number) > (votes[best] as number)) best = s;
  return SLOT_CATEGORY[best] as TermCategory;
}

function evidenceOf(entry: Entry, wordCounts: Map<string, number>, runningWords: number, reference: ReferenceFrequencies): TermEvidence {
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const perMillion = 1e6 / Math.max(1, runningWords);
  for (let k = 0; k < entry.contentKeys.length; k += 1) {
    const count = wordCounts.get(entry.contentKeys[k] as string) ?? entry.frequency;
    const general = reference.frequencyOf(entry.contentLowers[k] as string);
    const s = Math.log10((count * perMillion + 1) / (general + 1));
    sum += s;
    if (s < min) min = s;
    if (s > max) max = s;
  }
  const k = Math.max(1, entry.contentKeys.length);
  if (entry.contentKeys.length === 0) {
    min = 0;
    max = 0;
  }
  return {
    category: categoryOf(entry),
    frequency: entry.frequency,
    contentWords: entry.contentWords,
    cValue: cValue(entry.contentWords, entry.frequency, entry.nestedFrequency, entry.nestedCount),
    nestedShare: entry.nestedCount === 0 ? 0 : Math.min(1, entry.nestedFrequency / entry.frequency),
    specificityMean: sum / k,
    specificityMin: min,
    specificityMax: max,
    capitalisedShare: entry.capitalised / entry.frequency,
  };
}

/**
 * How a span is shown: the text as written, whitespace collapsed, with the capital of a word
 * that is capitalised only because it starts a sentence or a title lowered (proper nouns and
 * acronyms keep theirs).
 */
function displayForm(words: readonly Word[], forms: readonly string[], tags: Uint8Array, i: number, j: number, text: string): string {
  let out = '';
  let previousEnd = -1;
  let printedToken = -1;
  for (let k = i; k <= j; k += 1) {
    const word = words[k] as Word;
    if (word.isPart && word.start === printedToken) continue;
    let piece = text.slice(word.start, word.end);
    let isWhole = true;
    if (word.isPart) {
      // Parts of one token ("del" = de + el): the token is shown when the span holds all of
      // it, else the syntactic word ("dárselo" → "dar").
      let last = k;
      while (last + 1 < words.length && (words[last + 1] as Word).start === word.start) last += 1;
      const startsHere = k === 0 || (words[k - 1] as Word).start !== word.start;
      isWhole = startsHere && last <= j;
      if (isWhole) printedToken = word.start;
      else piece = forms[k] as string;
    }
    if (tags[k] !== TAG.PROPN && isCapitalisedWord(piece)) piece = lowerFirst(piece);
    if (out !== '' && (word.start > previousEnd || !isWhole)) out += ' ';
    out += piece;
    previousEnd = word.end;
  }
  return collapseSpaces(out);
}
