import { ExtractionError } from '../errors.ts';
import { detectLanguage } from '../language/detect-language.ts';
import { singularKey } from '../lexicon/normalize.ts';
import { loadReferenceFrequencies, loadTagger, type ReferenceFrequencies } from '../resources.ts';
import { StopwordSet, defaultStopwords } from '../stopwords/stopwords.ts';
import { TAG_COUNT, UPOS_TAGS } from '../tagger/features.ts';
import { iterateSentences, type Word } from '../tokenize/tokenize.ts';
import type { ExtractionLanguage, ExtractionOptions, ExtractionStats } from './extract-terms.ts';
import { AUTOMATA, DEAD, START, WordClass, canLeadTerm, classify, step } from './patterns.ts';
import { RANKER_WEIGHTS } from './ranker-weights.ts';
import { cValue, termhood, type TermCategory, type TermEvidence } from './termhood.ts';

/** A candidate after ranking, with what the ranker saw (for tools, the benchmark and training). */
export interface RankedTerm {
  /** Normalised key: singular, lower-case, accent-folded words. */
  key: string;
  /** Surface forms, most frequent first (the first is the one shown). */
  forms: string[];
  category: TermCategory;
  frequency: number;
  context: string;
  evidence: TermEvidence;
  score: number;
}

export interface TermAnalysis {
  language: ExtractionLanguage;
  /** Every candidate left after stopwords and the minimum frequency, best first. */
  ranked: RankedTerm[];
  stats: ExtractionStats;
}

/** Longest term, in syntactic words (Spanish "del" is two). */
const MAX_TERM_WORDS: Record<ExtractionLanguage, number> = { es: 6, en: 5 };
const MAX_CONTEXT_CHARS = 600;
/** Share of a word's occurrences that must agree before its other occurrences follow them. */
const CONSISTENCY_SHARE = 0.7;
const CONSISTENCY_MIN_COUNT = 3;

const TAG = {
  NOUN: UPOS_TAGS.indexOf('NOUN'),
  PROPN: UPOS_TAGS.indexOf('PROPN'),
  ADJ: UPOS_TAGS.indexOf('ADJ'),
  VERB: UPOS_TAGS.indexOf('VERB'),
};
const OPEN_CLASSES = new Set([TAG.NOUN, TAG.PROPN, TAG.ADJ, TAG.VERB]);
const SINGLE_CATEGORY: Readonly<Record<number, TermCategory>> = {
  [TAG.NOUN]: 'NOUN',
  [TAG.PROPN]: 'PROPN',
  [TAG.ADJ]: 'ADJ',
  [TAG.VERB]: 'VERB',
};
const CATEGORY_SLOT: Readonly<Record<TermCategory, number>> = { NOUN: 0, PROPN: 1, ADJ: 2, VERB: 3, NOUN_PHRASE: 4 };
const SLOT_CATEGORY: readonly TermCategory[] = ['NOUN', 'PROPN', 'ADJ', 'VERB', 'NOUN_PHRASE'];

const LETTER_RE = /\p{L}/u;
const SPANISH_INFINITIVE_RE = /(?:ar|er|ir|ír)(?:se|me|te|nos|os|lo|la|los|las|le|les){0,2}$/;
const WORDLIKE_RE = /[\p{L}\p{N}]/u;
const CAPITALISED_RE = /^\p{Lu}\p{Ll}*(?:[-'’]\p{L}\p{Ll}*)*$/u;

/** What the extraction knows about one lower-case word form of the text. */
interface LowerInfo {
  lower: string;
  hasLetter: boolean;
  isWordLike: boolean;
  isStopword: boolean;
  /** Singular key, computed when the form is first seen as a noun or adjective. */
  singular: string | null;
  isSingularStopword: boolean;
  /** How often the tagger gave each tag to this form, and in all. */
  votes: Int32Array;
  total: number;
  /** The tag every occurrence takes (see consistentTag), or -1. */
  consistentTag: number;
  /** Occurrences as a noun, proper noun, adjective or verb. */
  contentCount: number;
  /** Pattern class of the form under each tag (-1 until first needed). */
  classes: Int8Array;
}

interface SurfaceForm {
  display: string;
  count: number;
}

interface Entry {
  key: string;
  order: number;
  words: number;
  contentWords: number;
  /** Keys and lower-case forms of the content words of the first occurrence. */
  contentKeys: string[];
  contentLowers: string[];
  frequency: number;
  capitalised: number;
  /** Occurrences that make up their whole sentence (a title, a list item, a name on its own line). */
  standalone: number;
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

/** {@link extractTerms} without the cut to `maxCandidates`; `weights` replace the shipped ones. */
export function analyseTerms(text: string, options: ExtractionOptions, weights?: readonly number[]): TermAnalysis {
  validate(options);
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ExtractionError('TEXTO_VACIO', 'El texto está vacío: no hay nada que analizar.');
  }
  const language = resolveLanguage(text, options.language);
  const rankerWeights = weights ?? RANKER_WEIGHTS[language];
  const reference = loadReferenceFrequencies(language);
  const tagger = loadTagger(language);
  const automaton = AUTOMATA[language];
  const maxWords = MAX_TERM_WORDS[language];
  const stopwords = new StopwordSet(
    options.stopwordsMode === 'personalizadas' ? (options.customStopwords ?? []) : defaultStopwords(language),
  );

  const entries = new Map<string, Entry>();
  let totalOccurrences = 0;
  let runningWords = 0;

  // Everything about a word form is computed once per distinct form.
  const lowerInfos = new Map<string, LowerInfo>();
  const formInfos = new Map<string, LowerInfo>();
  const infoOf = (form: string): LowerInfo => {
    let info = formInfos.get(form);
    if (info === undefined) {
      const lower = form.toLowerCase();
      info = lowerInfos.get(lower);
      if (info === undefined) {
        info = {
          lower,
          hasLetter: LETTER_RE.test(lower),
          isWordLike: WORDLIKE_RE.test(lower),
          isStopword: stopwords.has(lower),
          singular: null,
          isSingularStopword: false,
          votes: new Int32Array(TAG_COUNT),
          total: 0,
          consistentTag: -1,
          contentCount: 0,
          classes: new Int8Array(TAG_COUNT).fill(-1),
        };
        lowerInfos.set(lower, info);
      }
      formInfos.set(form, info);
    }
    return info;
  };
  const capitalisedForms = new Map<string, boolean>();
  const isCapitalisedForm = (form: string): boolean => {
    let capitalised = capitalisedForms.get(form);
    if (capitalised === undefined) {
      capitalised = isCapitalisedWord(form);
      capitalisedForms.set(form, capitalised);
    }
    return capitalised;
  };
  const keyOf = (info: LowerInfo, cls: number): string => {
    if (cls !== WordClass.Noun && cls !== WordClass.Adjective && cls !== WordClass.Modifier) return info.lower;
    if (language === 'en' && cls !== WordClass.Noun) return info.lower;
    if (info.singular === null) {
      info.singular = singularKey(info.lower, language);
      info.isSingularStopword = info.singular !== info.lower && stopwords.has(info.singular);
    }
    return info.singular;
  };

  // Pass 1: tokenise and tag every sentence, counting each form's tags over the document. Tokens
  // are kept in typed arrays for pass 2, not as objects, so that long documents stay small.
  const store = new TokenStore();
  const formIds = new Map<string, number>();
  const formList: string[] = [];
  const formInfoList: LowerInfo[] = [];
  for (const sentence of iterateSentences(text, language, reference.frequencyOf)) {
    const words = sentence.words;
    const n = words.length;
    const forms = new Array<string>(n);
    const infos = new Array<LowerInfo>(n);
    const ids = new Int32Array(n);
    let lastStart = -1;
    for (let i = 0; i < n; i += 1) {
      const word = words[i] as Word;
      forms[i] = word.form;
      let id = formIds.get(word.form);
      if (id === undefined) {
        id = formList.length;
        formIds.set(word.form, id);
        formList.push(word.form);
        formInfoList.push(infoOf(word.form));
      }
      ids[i] = id;
      const info = formInfoList[id] as LowerInfo;
      infos[i] = info;
      // Running words are surface tokens: "del" counts once.
      if (word.start !== lastStart && info.isWordLike) runningWords += 1;
      lastStart = word.start;
    }
    const tags = tagger.tagIndices(forms);
    if (language === 'es') repairSpanishNominals(tags);
    for (let i = 0; i < n; i += 1) {
      const info = infos[i] as LowerInfo;
      const tag = tags[i] as number;
      info.votes[tag] = (info.votes[tag] as number) + 1;
      info.total += 1;
    }
    store.addSentence(sentence.start, sentence.end, words, ids, tags);
  }
  for (const info of lowerInfos.values()) info.consistentTag = consistentTag(info);

  // Pass 2: candidates, by the patterns, on the document-consistent tags.
  for (let s = 0; s < store.sentenceCount; s += 1) {
    const base = store.firstToken(s);
    const n = store.firstToken(s + 1) - base;
    const sentence = { start: store.sentenceStart(s), end: store.sentenceEnd(s) };
    const words = new Array<Word>(n);
    const forms = new Array<string>(n);
    const infos = new Array<LowerInfo>(n);
    for (let i = 0; i < n; i += 1) {
      const id = store.formId(base + i);
      const form = formList[id] as string;
      forms[i] = form;
      infos[i] = formInfoList[id] as LowerInfo;
      words[i] = { form, start: store.start(base + i), end: store.end(base + i), isPart: store.isPart(base + i) };
    }
    const tags = store.tags(base, n);
    const classes = new Int8Array(n);
    const keys = new Array<string>(n);
    const content = new Uint8Array(n);
    const stops = new Uint8Array(n);
    let firstWord = -1;
    let lastWord = 0;
    for (let i = 0; i < n; i += 1) {
      const info = infos[i] as LowerInfo;
      if (info.consistentTag >= 0) tags[i] = info.consistentTag;
      const tag = tags[i] as number;
      let cls = info.classes[tag] as number;
      if (cls < 0) {
        cls = info.hasLetter ? classify(UPOS_TAGS[tag] as string, info.lower, language) : WordClass.Other;
        info.classes[tag] = cls;
      }
      classes[i] = cls;
      const key = keyOf(info, cls);
      keys[i] = key;
      const isContent = info.hasLetter && SINGLE_CATEGORY[tag] !== undefined;
      content[i] = isContent ? 1 : 0;
      stops[i] = info.isStopword || (key !== info.lower && info.isSingularStopword) ? 1 : 0;
      if (isContent) info.contentCount += 1;
      if (info.isWordLike) {
        if (firstWord < 0) firstWord = i;
        lastWord = i;
      }
    }
    const isGoodContext = n >= 4 && n <= 60 && sentence.end - sentence.start <= MAX_CONTEXT_CHARS;

    // `edge` is the last word whose stopword status counts (the verb, not its clitics).
    const record = (i: number, j: number, key: string, category: TermCategory, edge = j): void => {
      totalOccurrences += 1;
      let entry = entries.get(key);
      if (entry === undefined) {
        const contentKeys: string[] = [];
        const contentLowers: string[] = [];
        for (let k = i; k <= j; k += 1) {
          if (content[k] === 1) {
            contentKeys.push(keys[k] as string);
            contentLowers.push((infos[k] as LowerInfo).lower);
          }
        }
        entry = {
          key,
          order: entries.size,
          words: edge - i + 1,
          contentWords: Math.max(1, contentKeys.length),
          contentKeys,
          contentLowers,
          frequency: 0,
          capitalised: 0,
          standalone: 0,
          categoryVotes: new Int32Array(5),
          forms: new Map(),
          hasStopwordEdge: false,
          contextStart: sentence.start,
          contextEnd: sentence.end,
          contextIsGood: isGoodContext,
          nestedFrequency: 0,
          nestedCount: 0,
        };
        entries.set(key, entry);
      } else if (!entry.contextIsGood && isGoodContext) {
        entry.contextStart = sentence.start;
        entry.contextEnd = sentence.end;
        entry.contextIsGood = true;
      }
      entry.frequency += 1;
      const slot = CATEGORY_SLOT[category];
      entry.categoryVotes[slot] = (entry.categoryVotes[slot] as number) + 1;
      if (stops[i] === 1 || stops[edge] === 1) entry.hasStopwordEdge = true;
      const first = words[i] as Word;
      const last = words[j] as Word;
      if (i > firstWord && isCapitalisedForm(first.form)) entry.capitalised += 1;
      if (i <= firstWord && j >= lastWord) entry.standalone += 1;
      const raw =
        i === j && !first.isPart ? first.form : first.isPart || last.isPart ? forms.slice(i, j + 1).join(' ') : text.slice(first.start, last.end);
      const form = entry.forms.get(raw);
      if (form === undefined) entry.forms.set(raw, { display: displayForm(words, forms, tags, i, j, text), count: 1 });
      else form.count += 1;
    };

    for (let i = 0; i < n; i += 1) {
      const single = SINGLE_CATEGORY[tags[i] as number];
      if (single === 'VERB' && content[i] === 1) {
        // Verbs are terms in their citation form only (abilities and actions: "rajar",
        // "escabullirse"); a Spanish infinitive keeps its clitics, as the user wrote it.
        if (language === 'es' && SPANISH_INFINITIVE_RE.test((infos[i] as LowerInfo).lower)) {
          const word = words[i] as Word;
          let last = i;
          while (word.isPart && last + 1 < n && (words[last + 1] as Word).start === word.start) last += 1;
          const key = last === i ? (keys[i] as string) : text.slice(word.start, word.end).toLowerCase();
          record(i, last, key, single, i);
        } else if (language === 'en') record(i, i, keys[i] as string, single);
      } else if (single !== undefined && content[i] === 1) record(i, i, keys[i] as string, single);
      const cls = classes[i] as WordClass;
      if (cls !== WordClass.Noun && cls !== WordClass.ProperNoun && cls !== WordClass.Adjective && cls !== WordClass.Modifier) continue;
      if (cls === WordClass.Adjective && !canLeadTerm((infos[i] as LowerInfo).lower, language)) continue;
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

  // Frequency of each content word (by key) in the text, for the specificity scores.
  const wordCounts = new Map<string, number>();
  for (const info of lowerInfos.values()) {
    if (info.contentCount === 0) continue;
    const key = info.singular ?? info.lower;
    wordCounts.set(key, (wordCounts.get(key) ?? 0) + info.contentCount);
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
  const scored = filtered.map((entry) => {
    const evidence = evidenceOf(entry, wordCounts, runningWords, reference);
    return { entry, evidence, score: termhood(evidence, rankerWeights) };
  });
  scored.sort((a, b) => b.score - a.score || b.entry.frequency - a.entry.frequency || a.entry.order - b.entry.order);

  const ranked = scored.map(({ entry, evidence, score }): RankedTerm => {
    // Merge forms that display alike ("Poción" at a sentence start and "poción").
    const byDisplay = new Map<string, number>();
    for (const f of entry.forms.values()) byDisplay.set(f.display, (byDisplay.get(f.display) ?? 0) + f.count);
    const forms = [...byDisplay].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([d]) => d);
    return {
      key: entry.key,
      forms,
      category: evidence.category,
      frequency: entry.frequency,
      context: collapseSpaces(text.slice(entry.contextStart, entry.contextEnd)).slice(0, MAX_CONTEXT_CHARS),
      evidence,
      score,
    };
  });

  return {
    language,
    ranked,
    stats: {
      total_terminos: totalOccurrences,
      terminos_unicos: entries.size,
      terminos_filtrados: filtered.length,
      modo_stopwords: options.stopwordsMode,
      idioma: language,
      palabras: runningWords,
    },
  };
}

/** Growable typed arrays holding every token of the text between the two passes. */
class TokenStore {
  private formIds = new Int32Array(1 << 16);
  private starts = new Int32Array(1 << 16);
  private ends = new Int32Array(1 << 16);
  private parts = new Uint8Array(1 << 16);
  private tagBuffer = new Uint8Array(1 << 16);
  private tokens = 0;
  private sentenceOffsets: number[] = [0];
  private sentenceBounds: number[] = [];

  get sentenceCount(): number {
    return this.sentenceBounds.length / 2;
  }

  addSentence(start: number, end: number, words: readonly Word[], ids: Int32Array, tags: Uint8Array): void {
    const n = words.length;
    if (this.tokens + n > this.formIds.length) this.grow(this.tokens + n);
    for (let i = 0; i < n; i += 1) {
      const word = words[i] as Word;
      const t = this.tokens + i;
      this.formIds[t] = ids[i] as number;
      this.starts[t] = word.start;
      this.ends[t] = word.end;
      this.parts[t] = word.isPart ? 1 : 0;
    }
    this.tagBuffer.set(tags, this.tokens);
    this.tokens += n;
    this.sentenceOffsets.push(this.tokens);
    this.sentenceBounds.push(start, end);
  }

  private grow(minimum: number): void {
    const size = Math.max(this.formIds.length * 2, minimum);
    const growInt = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a.subarray(0, this.tokens));
      return b;
    };
    const growByte = (a: Uint8Array) => {
      const b = new Uint8Array(size);
      b.set(a.subarray(0, this.tokens));
      return b;
    };
    this.formIds = growInt(this.formIds);
    this.starts = growInt(this.starts);
    this.ends = growInt(this.ends);
    this.parts = growByte(this.parts);
    this.tagBuffer = growByte(this.tagBuffer);
  }

  firstToken(sentence: number): number {
    return this.sentenceOffsets[sentence] as number;
  }
  sentenceStart(sentence: number): number {
    return this.sentenceBounds[2 * sentence] as number;
  }
  sentenceEnd(sentence: number): number {
    return this.sentenceBounds[2 * sentence + 1] as number;
  }
  formId(token: number): number {
    return this.formIds[token] as number;
  }
  start(token: number): number {
    return this.starts[token] as number;
  }
  end(token: number): number {
    return this.ends[token] as number;
  }
  isPart(token: number): boolean {
    return this.parts[token] === 1;
  }
  /** The tags of a sentence's tokens (a view: pass 2 rewrites them in place). */
  tags(first: number, count: number): Uint8Array {
    return this.tagBuffer.subarray(first, first + count);
  }
}

/**
 * One tag per form and document where its occurrences agree enough: the tagger guesses unknown
 * words by their endings, so a lone "dardo" may look like a verb where "los dardos" settle it.
 */
function consistentTag(info: LowerInfo): number {
  if (info.total < CONSISTENCY_MIN_COUNT) return -1;
  const votes = info.votes;
  let best = 0;
  for (let t = 1; t < TAG_COUNT; t += 1) if ((votes[t] as number) > (votes[best] as number)) best = t;
  const count = votes[best] as number;
  return OPEN_CLASSES.has(best) && count < info.total && count >= CONSISTENCY_SHARE * info.total ? best : -1;
}

const DET = UPOS_TAGS.indexOf('DET');

/**
 * Spanish: an adjective right after an article or determiner and not followed by a noun is used
 * as a noun ("una espada larga", "la espada."), so it is retagged as one.
 */
function repairSpanishNominals(tags: Uint8Array): void {
  for (let i = 1; i < tags.length; i += 1) {
    if (tags[i] !== TAG.ADJ || tags[i - 1] !== DET) continue;
    const next = i + 1 < tags.length ? (tags[i + 1] as number) : -1;
    if (next !== TAG.NOUN && next !== TAG.PROPN) tags[i] = TAG.NOUN;
  }
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
  let min = 0;
  let max = 0;
  const perMillion = 1e6 / Math.max(1, runningWords);
  for (let k = 0; k < entry.contentKeys.length; k += 1) {
    const count = wordCounts.get(entry.contentKeys[k] as string) ?? entry.frequency;
    const general = reference.frequencyOf(entry.contentLowers[k] as string);
    const s = Math.log10((count * perMillion + 1) / (general + 1));
    sum += s;
    if (k === 0 || s < min) min = s;
    if (k === 0 || s > max) max = s;
  }
  return {
    category: categoryOf(entry),
    frequency: entry.frequency,
    contentWords: entry.contentWords,
    cValue: cValue(entry.contentWords, entry.frequency, entry.nestedFrequency, entry.nestedCount),
    nestedShare: entry.nestedCount === 0 ? 0 : Math.min(1, entry.nestedFrequency / entry.frequency),
    specificityMean: sum / Math.max(1, entry.contentKeys.length),
    specificityMin: min,
    specificityMax: max,
    capitalisedShare: entry.capitalised / entry.frequency,
    standaloneShare: entry.standalone / entry.frequency,
  };
}

function isCapitalisedWord(s: string): boolean {
  return s.length > 1 && CAPITALISED_RE.test(s);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function collapseSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * How a span is shown: as written, whitespace collapsed, lowering a capital that is there only
 * because the word starts a sentence or a title.
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
