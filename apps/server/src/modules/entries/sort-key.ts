import type { Language } from '@ludoterm/contract';
import { foldText } from '../../lib/text-folding.ts';

/** Longest sort key kept: order beyond 200 characters is irrelevant and keys stay indexable. */
export const SORT_KEY_MAX = 200;

const ENYE = /ñ/gi;
/** A private-use character that survives foldText untouched. */
const ENYE_MARK = '\uE000';
const ENYE_MARK_RE = /\uE000/g;
/**
 * Spanish ñ is a letter of its own between n and o: 'n' followed by a character above every
 * letter and digit, so 'nz…' < 'ñ…' < 'o…'.
 */
const ENYE_KEY = 'n\u007f';

/**
 * The key that orders terms of `language` when compared byte by byte (SQLite BINARY,
 * PostgreSQL "C"), the same on both engines: case and accents are ignored (á = a, É = e,
 * ü = u, ç = c, œ = oe, ß = ss), leading punctuation is skipped (¡Hadouken! files under H),
 * and in Spanish ñ sorts after n. Ties are broken by id by the queries.
 */
export function sortKeyOf(term: string | null | undefined, language: Language): string {
  if (!term) return '';
  const composed = term.normalize('NFC');
  const protectedTerm = language === 'es' ? composed.replace(ENYE, ENYE_MARK) : composed;
  let key = foldText(protectedTerm).replace(/^[^\p{L}\p{N}\uE000]+/u, '');
  if (language === 'es') key = key.replace(ENYE_MARK_RE, ENYE_KEY);
  return Array.from(key).slice(0, SORT_KEY_MAX).join('');
}
