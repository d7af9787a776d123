// How a candidate's occurrences are written: the surface form as in the text, and the headword
// a terminologist would enter (singular, masculine adjectives, infinitive verbs).
import type { Lemmatizer } from '../lemma/lemmatizer.ts';
import { singularOf } from '../lemma/singular.ts';
import { UPOS_TAGS } from '../tagger/features.ts';
import type { Word } from '../tokenize/tokenize.ts';
import { WordClass } from './patterns.ts';
import type { TermCategory } from './termhood.ts';

const PROPN = UPOS_TAGS.indexOf('PROPN');
const CAPITALISED_RE = /^\p{Lu}\p{Ll}*(?:[-'’]\p{L}\p{Ll}*)*$/u;

export function isCapitalisedWord(s: string): boolean {
  return s.length > 1 && CAPITALISED_RE.test(s);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function collapseSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** A printed piece of a span: one syntactic word, or a whole token of several ("del"). */
interface Piece {
  text: string;
  /** The syntactic word it prints, or -1 for a token of several words. */
  word: number;
  spaceBefore: boolean;
}

function piecesOf(
  words: readonly Word[],
  forms: readonly string[],
  tags: Uint8Array,
  i: number,
  j: number,
  text: string,
): Piece[] {
  const pieces: Piece[] = [];
  let previousEnd = -1;
  let printedToken = -1;
  for (let k = i; k <= j; k += 1) {
    const word = words[k] as Word;
    if (word.isPart && word.start === printedToken) continue;
    let piece = text.slice(word.start, word.end);
    let isWhole = true;
    let single = true;
    if (word.isPart) {
      // Parts of one token ("del" = de + el): the token is shown when the span holds all of
      // it, else the syntactic word ("dárselo" → "dar").
      let last = k;
      while (last + 1 < words.length && (words[last + 1] as Word).start === word.start) last += 1;
      const startsHere = k === 0 || (words[k - 1] as Word).start !== word.start;
      isWhole = startsHere && last <= j;
      if (isWhole) {
        printedToken = word.start;
        single = false;
      } else piece = forms[k] as string;
    }
    if (tags[k] !== PROPN && isCapitalisedWord(piece)) piece = lowerFirst(piece);
    pieces.push({
      text: piece,
      word: single ? k : -1,
      spaceBefore: pieces.length > 0 && (word.start > previousEnd || !isWhole),
    });
    previousEnd = word.end;
  }
  return pieces;
}

function joinPieces(pieces: readonly Piece[]): string {
  let out = '';
  for (const p of pieces) out += (p.spaceBefore ? ' ' : '') + p.text;
  return collapseSpaces(out);
}

/**
 * How a span is shown: as written, whitespace collapsed, lowering a capital that is there only
 * because the word starts a sentence or a title.
 */
export function displayForm(
  words: readonly Word[],
  forms: readonly string[],
  tags: Uint8Array,
  i: number,
  j: number,
  text: string,
): string {
  return joinPieces(piecesOf(words, forms, tags, i, j, text));
}

export interface HeadwordSpan {
  words: readonly Word[];
  forms: readonly string[];
  tags: Uint8Array;
  classes: Int8Array;
  text: string;
}

const isLowerCase = (s: string) => s === s.toLowerCase();
const NOMINAL = new Set<number>([WordClass.Noun, WordClass.Adjective, WordClass.Modifier]);
const SPANISH_APOCOPE: ReadonlyMap<string, string> = new Map([
  ['grande', 'gran'],
  ['primero', 'primer'],
  ['tercero', 'tercer'],
  ['bueno', 'buen'],
  ['malo', 'mal'],
]);

/**
 * The headword of a span: single nouns singular with their gender ("armas" → "arma"), Spanish
 * adjectives masculine singular, English verbs in the base form; in a multi-word term the head
 * noun singular and, in Spanish, the words agreeing with it before the first preposition brought
 * to the singular ("armas arrojadizas" → "arma arrojadiza", "pociones de salud" → "poción de
 * salud"). Proper nouns, capitalised words and Spanish verbs (infinitives already) stay as shown.
 */
export function headwordOf(
  span: HeadwordSpan,
  i: number,
  j: number,
  category: TermCategory,
  lemmatizer: Lemmatizer,
): string {
  const { words, forms, tags, classes, text } = span;
  const pieces = piecesOf(words, forms, tags, i, j, text);
  const language = lemmatizer.language;
  const canChange = (p: Piece) => p.word >= 0 && isLowerCase(p.text);
  if (category === 'PROPN' || (category === 'VERB' && language === 'es')) return joinPieces(pieces);
  if (i === j) {
    const p = pieces[0] as Piece;
    if (!canChange(p)) return joinPieces(pieces);
    if (category === 'NOUN') p.text = singularOf(p.text, 'NOUN', lemmatizer);
    else if (category === 'ADJ' && language === 'es') p.text = lemmatizer.lemma(p.text, 'ADJ');
    else if (category === 'VERB') p.text = lemmatizer.lemma(p.text, 'VERB');
    return joinPieces(pieces);
  }
  // The head's agreement domain ends at the first preposition ("de", "a", "of").
  let end = pieces.length;
  for (let p = 0; p < pieces.length; p += 1) {
    const w = (pieces[p] as Piece).word;
    const cls = w < 0 ? WordClass.Other : (classes[w] as number);
    if (w < 0 || cls === WordClass.Preposition || cls === WordClass.BarePreposition) {
      end = p;
      break;
    }
  }
  const isNoun = (p: Piece) => p.word >= 0 && classes[p.word] === WordClass.Noun;
  if (language === 'en') {
    // English: the last noun before "of" is the head ("health potions", "scrolls of mapping").
    for (let p = end - 1; p >= 0; p -= 1) {
      const piece = pieces[p] as Piece;
      if (!isNoun(piece)) continue;
      if (canChange(piece)) piece.text = singularOf(piece.text, 'NOUN', lemmatizer);
      break;
    }
    return joinPieces(pieces);
  }
  // Spanish: the first noun is the head; its modifiers follow its number, keeping their gender.
  let head = -1;
  for (let p = 0; p < end; p += 1) {
    if (isNoun(pieces[p] as Piece)) {
      head = p;
      break;
    }
  }
  if (head < 0) return joinPieces(pieces);
  const headPiece = pieces[head] as Piece;
  if (!canChange(headPiece) || singularOf(headPiece.text, 'NOUN', lemmatizer) === headPiece.text)
    return joinPieces(pieces);
  for (let p = 0; p < end; p += 1) {
    const piece = pieces[p] as Piece;
    if (!canChange(piece) || !NOMINAL.has(classes[piece.word] as number)) continue;
    piece.text = singularOf(
      piece.text,
      classes[piece.word] === WordClass.Noun ? 'NOUN' : 'ADJ',
      lemmatizer,
    );
    // Before the noun some adjectives shorten: "grandes hachas" → "gran hacha".
    if (p < head) piece.text = SPANISH_APOCOPE.get(piece.text) ?? piece.text;
  }
  return joinPieces(pieces);
}
