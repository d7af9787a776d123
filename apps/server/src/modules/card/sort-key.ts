import type { Language } from '@ludoterm/contract';
import { foldText } from '../../lib/text-folding.ts';

/** Longest sort key kept: order beyond 200 characters is irrelevant and keys stay indexable. */
export const SORT_KEY_MAX = 200;

const ENYE = /ñ/gi;
/** A private-use character that survives foldText untouched. */
const ENYE_MARK = '\uE000';
const ENYE_MARK_RE = /\uE000/g;
/** Spanish ñ is a letter between n and o: 'n' then a character above every letter and digit. */
const ENYE_KEY = 'n\u007f';
/** Anything that makes the Spanish key differ from the plain folded one. */
const NEEDS_ENYE = /[ñÑ\uE000]|\u0303/;
const LEADING_PUNCTUATION = /^[^\p{L}\p{N}]+/u;
function finishKey(key: string): string {
  const first = key.charCodeAt(0);
  const startsPlain = (first >= 0x61 && first <= 0x7a) || (first >= 0x30 && first <= 0x39);
  const trimmed = startsPlain ? key : key.replace(LEADING_PUNCTUATION, '');
  return trimmed.length <= SORT_KEY_MAX
    ? trimmed
    : Array.from(trimmed).slice(0, SORT_KEY_MAX).join('');
}

/**
 * The byte-comparable key that orders terms of `language` on both engines: case, accents and
 * leading punctuation ignored (¡Hadouken! files under H), and in Spanish ñ after n.
 */
export function sortKeyOf(term: string | null | undefined, language: Language): string {
  if (!term) return '';
  if (language !== 'es' || !NEEDS_ENYE.test(term)) return finishKey(foldText(term));
  const protectedTerm = term.normalize('NFC').replace(ENYE, ENYE_MARK);
  return finishKey(foldText(protectedTerm).replace(ENYE_MARK_RE, ENYE_KEY));
}

/** sortKeyOf when the term's foldText is already known (the write path folds it anyway). */
export function sortKeyFromFolded(term: string, folded: string, language: Language): string {
  if (language === 'es' && NEEDS_ENYE.test(term)) return sortKeyOf(term, language);
  return finishKey(folded);
}

/**
 * Opens the sort key of an entry without a base-language term: above the letter or digit every
 * other key starts with, so these sort last on both engines and in compareCodePoints alike.
 */
export const NO_BASE_TERM_PREFIX = '\u{10FFFF}';

/** One of a card's two terms (undefined when the card has none) with its foldText. */
export interface CardTerm {
  term: string | undefined;
  folded: string;
  language: Language;
}

/** An entry's sort key: its base term's, or its target term's behind NO_BASE_TERM_PREFIX. */
export function entrySortKey(base: CardTerm, target: CardTerm): string {
  if (base.term) return sortKeyFromFolded(base.term, base.folded, base.language);
  const targetKey = target.term
    ? sortKeyFromFolded(target.term, target.folded, target.language)
    : '';
  return NO_BASE_TERM_PREFIX + targetKey;
}
