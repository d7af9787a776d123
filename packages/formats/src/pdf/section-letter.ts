import { LANGUAGE_NAMES, foldText, type Language } from '@ludoterm/contract';

/** What may open a term without being its first letter (¿¡«"'([…), as the sort key skips it. */
const LEADING_NON_ALPHANUMERIC = /^[^\p{L}\p{N}]+/u;
/** A Spanish term whose first letter is ñ, whatever comes before it. */
const SPANISH_ENYE_FIRST = /^[^\p{L}\p{N}]*ñ/iu;

/**
 * A term's dictionary section: its first letter or digit folded as the server's sort key folds
 * it (accents off, Œ as O, ß as S), upper-case, with Ñ apart in Spanish, so that entries in
 * sort order never come back to a section already left.
 */
export function sectionLetter(term: string | null | undefined, lang: Language): string {
  if (!term) return '#';
  const composed = term.normalize('NFC');
  if (lang === 'es' && SPANISH_ENYE_FIRST.test(composed)) return 'Ñ';
  const first = foldText(composed).replace(LEADING_NON_ALPHANUMERIC, '').codePointAt(0);
  if (first === undefined) return '#';
  const letter = String.fromCodePoint(first);
  return /\p{N}/u.test(letter) ? '0–9' : letter.toUpperCase();
}

/**
 * The heading an entry goes under: its base term's section, or, without a base term, the one
 * final section of such entries (the server sorts them after all the others).
 */
export function sectionHeading(base: string | null | undefined, lang: Language): string {
  return base ? sectionLetter(base, lang) : `Sin término en ${LANGUAGE_NAMES[lang].toLowerCase()}`;
}
