import type { Language } from '@ludoterm/contract';

/** Punctuation that may open a term without being its first letter: ¿¡«"'([… */
const LEADING_PUNCTUATION = /^[\s\p{P}\p{S}]+/u;

/** A term's dictionary section: first letter, upper-case, accents folded (Ñ apart in Spanish). */
export function sectionLetter(term: string | null | undefined, lang: Language): string {
  if (!term) return '#';
  const stripped = term.normalize('NFC').replace(LEADING_PUNCTUATION, '');
  const first = [...stripped][0];
  if (first === undefined) return '#';
  if (/\p{N}/u.test(first)) return '0–9';
  if (lang === 'es' && (first === 'ñ' || first === 'Ñ')) return 'Ñ';
  const folded = first.normalize('NFD').replace(/\p{M}+/gu, '').toUpperCase();
  if (folded === 'ß') return 'S';
  return /\p{L}/u.test(folded) ? folded : '#';
}
