import { ExtractionError } from '../errors.ts';
import { detectLanguage } from '../language/detect-language.ts';
import { singularOf } from '../lemma/singular.ts';
import { foldAccents } from '../lexicon/normalize.ts';
import { loadLemmatizer, loadReferenceFrequencies, loadTagger, type ReferenceFrequencies } from '../resources.ts';
import { StopwordSet, defaultStopwords } from '../stopwords/stopwords.ts';
import { TAG_COUNT, UPOS_TAGS } from '../tagger/features.ts';
import { iterateSentences, type Word } from '../tokenize/tokenize.ts';
import type { ExtractionLanguage, ExtractionOptions, ExtractionStats } from './extract-terms.ts';
import { AUTOMATA, DEAD, START, WordClass, canLeadTerm, classify, step } from './patterns.ts';
import type { RankerModel } from './ranker-model.ts';
import { repairSpanishTags } from './spanish-tag-repairs.ts';
import { collapseSpaces, displayForm, headwordOf, isCapitalisedWord, type HeadwordSpan } from './surface-forms.ts';
import { technicalityFor, type Technicality } from './technicality.ts';
import { cValue, termhoodLogit, type TermCategory, type TermEvidence } from './termhood.ts';

/** A candidate after ranking, with what the ranker saw (for tools, the benchmark and training). */
export interface RankedTerm {
  /** Normalised key: lemma-based (singular nouns, masculine singular Spanish adjectives), lower-case, accent-folded words. */
  key: string;
  /** The term as a terminologist enters it: singular, masculine adjectives, infinitive verbs. */
  headword: string;
  /** Surface forms as written in the text, most frequent first (the headword may be one). */
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
/** Running tokens per section of the text, for a candidate's spread over the text. */
const SPREAD_BLOCK_TOKENS = 1000;

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
/** A Spanish verb's citation form: the infinitive, with "se" for a pronominal verb. */
const SPANISH_CITATION_VERB_RE = /(?:ar|er|ir|ír)(?:se)?$/;
const WORDLIKE_RE = /[\p{L}\p{N}]/u;

/** What the extraction knows about one lower-case word form of the text. */
interface LowerInfo {
  lower: string;
  hasLetter: boolean;
  isWordLike: boolean;
  isStopword: boolean;
  /** Key of the form's first use as a noun or adjective (for the word counts). */
  singular: string | null;
  /** Keys as a noun, as a Spanish adjective or participle, as an English verb (computed when first needed). */
  nounKey: string | null;
  adjectiveKey: string | null;
  verbKey: string | null;
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
  headword: string;
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
  /** Shorter candidates found among the term's word spans. */
  containsCount: number;
  /** Sections of the text the term occurs in, and the last one seen. */
  blocks: number;
  lastBlock: number;
  /** The word before (after) the first occurrence, and how many later occurrences have another. */
  previousForm: string;
  previousChanges: number;
  nextForm: string;
  nextChanges: number;
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
export function analyseTerms(text: string, options: ExtractionOptions, model?: RankerModel): TermAnalysis {
  validate(options);
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ExtractionError('TEXTO_VACIO', 'El texto está vacío: no hay nada que analizar.');
  }
  const language = resolveLanguage(text, options.language);
  const reference = loadReferenceFrequencies(language);
  const tagger = loadTagger(language);
  const lemmatizer = loadLemmatizer(language);
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
          nounKey: null,
          adjectiveKey: null,
          verbKey: null,
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
  // Keys follow the lemma, so that every inflection of a term shares one: nouns singular with
  // their gender ("armas" → "arma"), Spanish adjectives and participles masculine singular.
  const keyOf = (info: LowerInfo, cls: number): string => {
    let key: string;
    if (cls === WordClass.Noun) key = info.nounKey ??= foldAccents(singularOf(info.lower, 'NOUN', lemmatizer));
    else if (language === 'es' && (cls === WordClass.Adjective || cls === WordClass.Modifier)) {
      key = info.adjectiveKey ??= foldAccents(lemmatizer.lemma(info.lower, 'ADJ'));
    } else return info.lower;
    if (info.singular === null) {
      info.singular = key;
      info.isSingularStopword = key !== info.lower && stopwords.has(key);
    }
    return key;
  };
  /** English verbs are counted under their base form ("attacked", "attacks" → "attack"). */
  const verbKeyOf = (info: LowerInfo): string => (info.verbKey ??= lemmatizer.lemma(info.lower, 'VERB'));

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
    if (language === 'es') repairSpanishTags(words, tags);
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
    const block = Math.floor(base / SPREAD_BLOCK_TOKENS);
    const span: HeadwordSpan = { words, forms, tags, classes, text };
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
          containsCount: 0,
          blocks: 0,
          lastBlock: -1,
          previousForm: i > 0 ? (infos[i - 1] as LowerInfo).lower : '',
          previousChanges: 0,
          nextForm: j + 1 < n ? (infos[j + 1] as LowerInfo).lower : '',
          nextChanges: 0,
        };
        entries.set(key, entry);
      } else if (!entry.contextIsGood && isGoodContext) {
        entry.contextStart = sentence.start;
        entry.contextEnd = sentence.end;
        entry.contextIsGood = true;
      }
      if (entry.frequency > 0) {
        if ((i > 0 ? (infos[i - 1] as LowerInfo).lower : '') !== entry.previousForm) entry.previousChanges += 1;
        if ((j + 1 < n ? (infos[j + 1] as LowerInfo).lower : '') !== entry.nextForm) entry.nextChanges += 1;
      }
      entry.frequency += 1;
      if (entry.lastBlock !== block) {
        entry.blocks += 1;
        entry.lastBlock = block;
      }
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
      if (form === undefined) {
        entry.forms.set(raw, { display: displayForm(words, forms, tags, i, j, text), headword: headwordOf(span, i, j, category, lemmatizer), count: 1 });
      } else form.count += 1;
    };

    for (let i = 0; i < n; i += 1) {
      const single = SINGLE_CATEGORY[tags[i] as number];
      if (single === 'VERB' && content[i] === 1) {
        // Verbs are terms in their citation form only (abilities and actions: "rajar",
        // "escabullirse"). Of the pronouns the tokeniser split off a Spanish infinitive, a lone
        // "se" stays ("cubrirse"); objects go ("atacarlo" → "atacar", "dárselo" → "dar").
        if (language === 'es' && SPANISH_CITATION_VERB_RE.test((infos[i] as LowerInfo).lower)) {
          const word = words[i] as Word;
          const partOfWord = (k: number) => k < n && (words[k] as Word).start === word.start;
          if (word.isPart && partOfWord(i + 1) && (infos[i + 1] as LowerInfo).lower === 'se' && !partOfWord(i + 2))
            record(i, i + 1, text.slice(word.start, word.end).toLowerCase(), single, i);
          else record(i, i, keys[i] as string, single);
        } else if (language === 'en') record(i, i, verbKeyOf(infos[i] as LowerInfo), single);
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
        entry.containsCount += 1;
      }
    }
  }

  const filtered = usable.filter((e) => e.frequency >= options.minFreq);
  const context: EvidenceContext = {
    wordCounts,
    runningWords,
    blockCount: Math.max(1, Math.ceil(store.tokenCount / SPREAD_BLOCK_TOKENS)),
    reference,
    technicality: technicalityFor(reference),
  };
  const scored = filtered.map((entry) => {
    const evidence = evidenceOf(entry, context);
    return { entry, evidence, score: 1 / (1 + Math.exp(-termhoodLogit(evidence, model))) };
  });
  scored.sort((a, b) => b.score - a.score || b.entry.frequency - a.entry.frequency || a.entry.order - b.entry.order);

  // Candidates whose headwords coincide (a word tagged as a noun here and as an adjective there)
  // are shown once: the best-ranked one takes the others' surface forms and occurrences.
  const ranked: RankedTerm[] = [];
  const byHeadword = new Map<string, { term: RankedTerm; displays: Map<string, number> }>();
  for (const { entry, evidence, score } of scored) {
    const headword = headwordOfEntry(entry);
    const earlier = byHeadword.get(headword.toLowerCase());
    // Forms that display alike ("Poción" at a sentence start and "poción") are one.
    const displays = earlier?.displays ?? new Map<string, number>();
    for (const f of entry.forms.values()) displays.set(f.display, (displays.get(f.display) ?? 0) + f.count);
    const forms = [...displays].sort(byCountThenText).map(([d]) => d);
    if (earlier !== undefined) {
      earlier.term.forms = forms;
      earlier.term.frequency += entry.frequency;
      continue;
    }
    const term: RankedTerm = {
      key: entry.key,
      headword,
      forms,
      category: evidence.category,
      frequency: entry.frequency,
      context: collapseSpaces(text.slice(entry.contextStart, entry.contextEnd)).slice(0, MAX_CONTEXT_CHARS),
      evidence,
      score,
    };
    ranked.push(term);
    byHeadword.set(headword.toLowerCase(), { term, displays });
  }

  return {
    language,
    ranked,
    stats: {
      total_terminos: totalOccurrences,
      terminos_unicos: entries.size,
      terminos_filtrados: ranked.length,
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

  get tokenCount(): number {
    return this.tokens;
  }

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

function categoryOf(entry: Entry): TermCategory {
  const votes = entry.categoryVotes;
  if (entry.words > 1) return (votes[1] as number) > (votes[4] as number) ? 'PROPN' : 'NOUN_PHRASE';
  let best = 0;
  for (let s = 1; s < 4; s += 1) if ((votes[s] as number) > (votes[best] as number)) best = s;
  return SLOT_CATEGORY[best] as TermCategory;
}

interface EvidenceContext {
  /** Occurrences of each content word (by key) in the text. */
  wordCounts: Map<string, number>;
  runningWords: number;
  blockCount: number;
  reference: ReferenceFrequencies;
  technicality: Technicality;
}

const ACRONYM_RE = /^(?:\p{Lu}[\p{Lu}\p{N}&.-]*\p{Lu}[\p{Lu}\p{N}]*s?|\p{Lu}\p{N}+)$/u;
const DIGIT_RE = /\p{N}/u;

function evidenceOf(entry: Entry, context: EvidenceContext): TermEvidence {
  let sum = 0;
  let min = 0;
  let max = 0;
  let unknown = 0;
  let technicality = 0;
  let mostFrequentWord = entry.frequency;
  const perMillion = 1e6 / Math.max(1, context.runningWords);
  for (let k = 0; k < entry.contentKeys.length; k += 1) {
    const lower = entry.contentLowers[k] as string;
    const count = context.wordCounts.get(entry.contentKeys[k] as string) ?? entry.frequency;
    if (count > mostFrequentWord) mostFrequentWord = count;
    const general = context.reference.frequencyOf(lower);
    const s = Math.log10((count * perMillion + 1) / (general + 1));
    sum += s;
    if (k === 0 || s < min) min = s;
    if (k === 0 || s > max) max = s;
    if (general === 0) unknown += 1;
    technicality += context.technicality.of(lower);
  }
  const contentKeys = Math.max(1, entry.contentKeys.length);
  // The shape is read on the most frequent surface form.
  let shown = '';
  let shownCount = 0;
  for (const [raw, form] of entry.forms) {
    if (form.count > shownCount) {
      shown = raw;
      shownCount = form.count;
    }
  }
  const words = shown.split(/\s+/u);
  let letters = 0;
  let acronym = false;
  for (const w of words) {
    letters += w.length;
    if (ACRONYM_RE.test(w)) acronym = true;
  }
  const spans = (entry.words * (entry.words + 1)) / 2 - 1;
  const repeats = entry.frequency - 1;
  return {
    category: categoryOf(entry),
    frequency: entry.frequency,
    frequencyPerMillion: entry.frequency * perMillion,
    contentWords: entry.contentWords,
    words: entry.words,
    cValue: cValue(entry.contentWords, entry.frequency, entry.nestedFrequency, entry.nestedCount),
    nestedShare: entry.nestedCount === 0 ? 0 : Math.min(1, entry.nestedFrequency / entry.frequency),
    containedIn: entry.nestedCount,
    containsShare: spans <= 0 ? 0 : Math.min(1, entry.containsCount / spans),
    specificityMean: sum / contentKeys,
    specificityMin: min,
    specificityMax: max,
    unknownShare: unknown / contentKeys,
    technicality: technicality / contentKeys,
    capitalisedShare: entry.capitalised / entry.frequency,
    standaloneShare: entry.standalone / entry.frequency,
    spread: entry.blocks / Math.min(entry.frequency, context.blockCount),
    acronym,
    hasDigit: DIGIT_RE.test(shown),
    hasHyphen: shown.includes('-'),
    meanWordLength: letters / Math.max(1, words.length),
    endsWithPeriod: shown.endsWith('.'),
    cohesion: Math.min(1, entry.frequency / mostFrequentWord),
    previousVariety: repeats === 0 ? -1 : entry.previousChanges / repeats,
    nextVariety: repeats === 0 ? -1 : entry.nextChanges / repeats,
  };
}

/** The headword most of an entry's occurrences lead to. */
function headwordOfEntry(entry: Entry): string {
  const counts = new Map<string, number>();
  for (const f of entry.forms.values()) counts.set(f.headword, (counts.get(f.headword) ?? 0) + f.count);
  return ([...counts].sort(byCountThenText)[0] as [string, number])[0];
}

function byCountThenText(a: [string, number], b: [string, number]): number {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}
