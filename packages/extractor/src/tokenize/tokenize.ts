import { ABBREVIATIONS } from './abbreviations.ts';

export type TokenizerLanguage = 'es' | 'en';

/**
 * A syntactic word as Universal Dependencies counts them (Spanish "del" is "de" + "el"); `start`
 * and `end` are the offsets of its surface token, shared by the parts of a split token.
 */
export interface Word {
  form: string;
  start: number;
  end: number;
  /** True when the word is one part of a split surface token (del, al, dárselo, don't). */
  isPart: boolean;
}

export interface Sentence {
  /** Offsets of the sentence in the text: `text.slice(start, end)` is the sentence. */
  start: number;
  end: number;
  words: Word[];
}

/** Sentences longer than this are cut, so hostile input without punctuation stays linear. */
export const MAX_SENTENCE_WORDS = 250;

// One pass over the text with one sticky-free global expression. Order matters: URLs and
// e-mail addresses first, then dotted acronyms (U.S., EE.UU.), numbers (with a sign only when
// it starts the token, as in "+3"), words with inner hyphens and apostrophes, runs of dots or
// dashes, and any other single character.
const TOKEN_RE = new RegExp(
  [
    String.raw`(?:https?:\/\/|www\.)[^\s<>"«»]*[^\s<>"«».,;:!?)\]]`,
    String.raw`[\p{L}\p{N}._%+\-]+@[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)+`,
    String.raw`(?:\p{Lu}{1,2}\.){2,}|(?:\p{Ll}\.){2,}`,
    String.raw`(?<![\p{L}\p{N}])[+±]?\p{N}+(?:[.,:/\-]\p{N}+)*(?![\p{L}\p{N}])`,
    String.raw`[\p{L}\p{M}\p{N}_]+(?:['’\-‐][\p{L}\p{M}\p{N}_]+)*`,
    String.raw`\.{2,}|-{2,}`,
    String.raw`\S`,
  ].join('|'),
  'gu',
);

const TERMINAL = new Set(['.', '!', '?', '…', '...', '....', '.....', '!!', '??']);
/** Abbreviations that often close a sentence too: dotted acronyms (EE.UU., U.S.) and "etc.". */
const MAY_END_SENTENCE = /^(?:(?:\p{L}{1,2}\.){2,}|etc\.)$/iu;
const CLOSING = new Set(['"', '”', '»', ')', ']', '’', "'", '}']);
const OPENING_START = /^[¿¡«"“‘'([—–•*\p{Lu}\p{N}-]/u;
const LOWER_START = /^\p{Ll}/u;
const ENDS_WITH_LETTER_OR_COMMA = /[\p{L},-]$/u;

const EN_CLITIC_RE = /^(.*?\p{L})(n['’]t|['’](?:s|m|re|ve|ll|d))$/iu;
// A Map, not an object literal: user text must never reach Object.prototype ("constructor").
const EN_SPLIT_WHOLE: ReadonlyMap<string, readonly [string, string]> = new Map([
  ['cannot', ['can', 'not']],
  ['gonna', ['gon', 'na']],
  ['wanna', ['wan', 'na']],
  ['gotta', ['got', 'ta']],
]);

// Spanish enclitic pronouns, longest first; a verb form can carry up to two ("dárselo").
const ES_CLITICS = ['nos', 'les', 'los', 'las', 'me', 'te', 'se', 'lo', 'la', 'le', 'os'];
// Two clitics come in this order (se, then te/os, then me/nos, then the third person: "dárselo",
// "decírtelo"); "poderosos" is not "poder" + "os" + "os".
const ES_CLITIC_RANK: ReadonlyMap<string, number> = new Map([
  ['se', 0], ['te', 1], ['os', 1], ['me', 2], ['nos', 2], ['lo', 3], ['la', 3], ['le', 3], ['los', 3], ['las', 3], ['les', 3],
]);
// Where the clitics put the written accent: the stressed last syllable of an infinitive ("dárselo"),
// the -ando/-iendo of a gerund ("haciéndolo").
const ES_STRESSED_VERB_END = /(?:[áéí]r|ándo|iéndo|yéndo)$/;
const ES_SHORT_INFINITIVES = new Set(['dar', 'ver', 'ir', 'ser', 'oir', 'reir', 'freir']);
const ES_VERB_BASE = /(?:[aei]r|ando|iendo|yendo)$/;
const ACCENTS: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' };

function stripAccents(s: string): string {
  return s.replace(/[áéíóú]/g, (c) => ACCENTS[c] ?? c);
}

/** Frequency per million of a lower-case word in general language; 0 when unknown. */
export type FrequencyLookup = (lower: string) => number;

/**
 * Splits an infinitive or gerund with enclitic pronouns ("dárselo" → "dar", "se", "lo"), or an
 * imperative with one ("compártelo" → "comparte", "lo"), as UD AnCora does; null otherwise. Without `frequencyOf` only a written accent proves the clitics;
 * with it the bare verb must be clearly more frequent, so "suerte" stays whole, "hacerlo" splits.
 */
export function splitSpanishEnclitics(lower: string, frequencyOf?: FrequencyLookup): string[] | null {
  if (lower.length < 5 || lower !== lower.toLowerCase()) return null;
  let rest = lower;
  const clitics: string[] = [];
  let imperative: string[] | null = null;
  for (let round = 0; round < 2; round += 1) {
    const next = clitics[0];
    const clitic = ES_CLITICS.find(
      (c) =>
        rest.endsWith(c) &&
        rest.length - c.length >= 2 &&
        (next === undefined || (ES_CLITIC_RANK.get(c) as number) < (ES_CLITIC_RANK.get(next) as number)),
    );
    if (clitic === undefined) return imperative;
    clitics.unshift(clitic);
    rest = rest.slice(0, rest.length - clitic.length);
    const plain = stripAccents(rest);
    const isVerbShape = (ES_VERB_BASE.test(plain) && plain.length >= 4) || ES_SHORT_INFINITIVES.has(plain);
    if (!isVerbShape) {
      if (round === 0 && frequencyOf !== undefined && isImperative(lower, rest, plain, clitic, frequencyOf)) imperative = [plain, clitic];
      continue;
    }
    // oír, reír, freír keep their accent; every other infinitive or gerund has none of its own.
    const verb = /[oe]ír$/.test(rest) ? rest : plain;
    const accented = verb === plain && rest !== plain;
    // An accent elsewhere belongs to another word: "géneros", "cántaros".
    if (accented && !ES_STRESSED_VERB_END.test(rest)) return null;
    if (frequencyOf === undefined) return accented || clitics.length === 2 ? [verb, ...clitics] : null;
    const verbFrequency = frequencyOf(verb);
    // "dárselo" is "dar" + "se" + "lo"; "compártelo" is rather "comparte" + "lo" than "compar" + …
    if (imperative !== null && frequencyOf(imperative[0] as string) > verbFrequency) return imperative;
    if (verbFrequency > 0 && (accented || (verbFrequency > 3 * frequencyOf(lower) && !isPluralInRos(lower, clitics, frequencyOf))))
      return [verb, ...clitics];
    return imperative;
  }
  return imperative;
}

/**
 * Whether a form with a written accent is a tú/usted imperative and one clitic ("compártelo" is
 * "comparte" + "lo"): the unaccented imperative is frequent, the whole form is not, and an
 * infinitive of it is listed ("compartir"; "cuenta" from "contar"), which "plátanos" or "óleos"
 * do not pass.
 */
function isImperative(lower: string, rest: string, plain: string, clitic: string, frequencyOf: FrequencyLookup): boolean {
  if (rest === plain || clitic === 'os') return false;
  const frequency = frequencyOf(plain);
  if (frequency < 1 || frequency <= 3 * frequencyOf(lower)) return false;
  const stem = /^(.{2,}?)(?:a|e|an|en)$/.exec(plain)?.[1];
  if (stem === undefined) return false;
  // The stem vowel of "cuenta", "quiere", "juega", "pide" is o, e, u, e in the infinitive.
  const stems = new Set([stem, stem.replace(/ue(?=[^aeiou]*$)/, 'o'), stem.replace(/ue(?=[^aeiou]*$)/, 'u'), stem.replace(/ie(?=[^aeiou]*$)/, 'e'), stem.replace(/i(?=[^aeiou]*$)/, 'e')]);
  return [...stems].some((s) => ['ar', 'er', 'ir'].some((ending) => frequencyOf(s + ending) >= 1));
}

/**
 * Whether an infinitive with "os" is rather the plural of a word in -ro ("primeros", "terceros"):
 * its singular is listed more often than it, where "deciro" or "vero" is no word or a rare one.
 */
function isPluralInRos(lower: string, clitics: readonly string[], frequencyOf: FrequencyLookup): boolean {
  return clitics.length === 1 && clitics[0] === 'os' && frequencyOf(lower.slice(0, -1)) > frequencyOf(lower);
}

interface RawToken {
  text: string;
  start: number;
  end: number;
  /** Whitespace before the token contained a line break (1) or a blank line (2). */
  breakBefore: 0 | 1 | 2;
}

const LOWER_WORD = /^\p{Ll}+$/u;
const TITLE_WORD = /^\p{Lu}\p{Ll}+$/u;

/** The parts of a split token, the first one capitalised as the token was ("Compártelo" → "Comparte", "lo"). */
function enclitics(
  text: string,
  startsSentence: boolean,
  frequencyOf?: FrequencyLookup,
  encliticCache?: Map<string, string[] | null>,
): string[] | null {
  if (text.length < 5) return null;
  // A capital is read as the sentence's, not a name's, only where a sentence starts: a
  // «Darla» in mid-sentence stays whole.
  const titled = startsSentence && TITLE_WORD.test(text);
  if (!titled && !LOWER_WORD.test(text)) return null;
  const lower = titled ? text.toLowerCase() : text;
  let parts = encliticCache?.get(lower);
  if (parts === undefined) {
    parts = splitSpanishEnclitics(lower, frequencyOf);
    encliticCache?.set(lower, parts);
  }
  if (parts === null || !titled) return parts;
  const [first = '', ...others] = parts;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...others];
}

function pushWords(
  words: Word[],
  token: RawToken,
  language: TokenizerLanguage,
  startsSentence: boolean,
  frequencyOf?: FrequencyLookup,
  encliticCache?: Map<string, string[] | null>,
): void {
  const { text, start, end } = token;
  if (language === 'es') {
    const lower = text.toLowerCase();
    if (lower === 'del' || lower === 'al') {
      const first = text.slice(0, text.length - 1);
      const article = text === text.toUpperCase() && text.length > 1 ? 'EL' : 'el';
      words.push({ form: first, start, end, isPart: true }, { form: article, start, end, isPart: true });
      return;
    }
    const parts = enclitics(text, startsSentence, frequencyOf, encliticCache);
    if (parts !== null) {
      for (const part of parts) words.push({ form: part, start, end, isPart: true });
      return;
    }
    words.push({ form: text, start, end, isPart: false });
    return;
  }
  const whole = EN_SPLIT_WHOLE.get(text.toLowerCase());
  if (whole !== undefined) {
    const cut = whole[0].length;
    words.push({ form: text.slice(0, cut), start, end, isPart: true }, { form: text.slice(cut), start, end, isPart: true });
    return;
  }
  if (text.length >= 3 && (text.includes("'") || text.includes('’'))) {
    // UD EWT: don't → do + n't, can't → ca + n't, John's → John + 's.
    const match = EN_CLITIC_RE.exec(text);
    if (match !== null && match[1] !== undefined && match[2] !== undefined) {
      words.push({ form: match[1], start, end, isPart: true }, { form: match[2], start, end, isPart: true });
      return;
    }
  }
  words.push({ form: text, start, end, isPart: false });
}

/** Splits text into sentences one at a time, so the caller can tag and forget each one. */
export function* iterateSentences(
  text: string,
  language: TokenizerLanguage,
  frequencyOf?: FrequencyLookup,
): Generator<Sentence> {
  const abbreviations = ABBREVIATIONS[language];
  const re = new RegExp(TOKEN_RE.source, TOKEN_RE.flags);
  // Enclitic splits per lower-case form, for this text only (bounded by its distinct words).
  const encliticCache = language === 'es' ? new Map<string, string[] | null>() : undefined;
  let words: Word[] = [];
  let sentenceStart = -1;
  let sentenceEnd = 0;
  let previous: RawToken | null = null;
  let pendingEnd = false; // last token closed a sentence unless what follows is lower case
  let lastIndex = 0;

  const flush = (): Sentence | null => {
    if (words.length === 0) return null;
    const sentence: Sentence = { start: sentenceStart, end: sentenceEnd, words };
    words = [];
    sentenceStart = -1;
    pendingEnd = false;
    return sentence;
  };

  for (let match = re.exec(text); match !== null; match = re.exec(text)) {
    let tokenText = match[0];
    const start = match.index;
    let end = start + tokenText.length;
    // Whitespace between the previous token and this one decides paragraph breaks.
    let breakBefore: 0 | 1 | 2 = 0;
    if (start > lastIndex) {
      const gap = text.slice(lastIndex, start);
      const first = gap.indexOf('\n');
      if (first >= 0) breakBefore = gap.indexOf('\n', first + 1) >= 0 ? 2 : 1;
    }
    // A word followed by a period is an abbreviation when listed, or when it is one capital
    // letter (an initial, "J. R. R. Tolkien").
    if (text.charCodeAt(end) === 46 /* . */ && text.charCodeAt(end + 1) !== 46) {
      const lower = tokenText.toLowerCase();
      if (abbreviations.has(lower) || (tokenText.length === 1 && tokenText !== lower && /\p{Lu}/u.test(tokenText))) {
        tokenText += '.';
        end += 1;
        re.lastIndex = end;
      }
    }
    // AnCora keeps "25%" whole; EWT splits the sign off (the number pattern already stops there).
    if (language === 'es' && text.charCodeAt(end) === 37 /* % */ && /\p{N}$/u.test(tokenText)) {
      tokenText += '%';
      end += 1;
      re.lastIndex = end;
    }
    lastIndex = end;
    const token: RawToken = { text: tokenText, start, end, breakBefore };

    if (words.length > 0 && previous !== null) {
      let boundary = false;
      if (breakBefore === 2) boundary = true;
      else if (breakBefore === 1) {
        // A single line break ends a sentence unless it wraps running text (a letter or comma
        // before it, a lower-case letter after it).
        boundary = !(ENDS_WITH_LETTER_OR_COMMA.test(previous.text) && LOWER_START.test(tokenText));
      } else if (pendingEnd && !CLOSING.has(tokenText)) {
        boundary = OPENING_START.test(tokenText);
        pendingEnd = false;
      }
      if (!boundary && words.length >= MAX_SENTENCE_WORDS) boundary = true;
      if (boundary) {
        const sentence = flush();
        if (sentence !== null) yield sentence;
      }
    }
    if (sentenceStart < 0) sentenceStart = start;
    sentenceEnd = end;
    pushWords(words, token, language, !words.some((word) => isWordLike(word.form)), frequencyOf, encliticCache);
    if (TERMINAL.has(tokenText) || (tokenText.charCodeAt(tokenText.length - 1) === 46 && MAY_END_SENTENCE.test(tokenText))) pendingEnd = true;
    else if (!CLOSING.has(tokenText)) pendingEnd = false;
    previous = token;
  }
  const last = flush();
  if (last !== null) yield last;
}

export function splitSentences(text: string, language: TokenizerLanguage, frequencyOf?: FrequencyLookup): Sentence[] {
  return [...iterateSentences(text, language, frequencyOf)];
}

/** The syntactic word forms of a text, in order (handy for tests and tools). */
export function tokenize(text: string, language: TokenizerLanguage, frequencyOf?: FrequencyLookup): string[] {
  const forms: string[] = [];
  for (const sentence of iterateSentences(text, language, frequencyOf)) for (const word of sentence.words) forms.push(word.form);
  return forms;
}

const WORDLIKE = /[\p{L}\p{N}]/u;

/** True when a token counts as a word of running text (letters or digits), not punctuation. */
export function isWordLike(form: string): boolean {
  return WORDLIKE.test(form);
}
