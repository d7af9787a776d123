/**
 * Folding used for names, search and duplicate checks: lower case, accents removed,
 * ligatures expanded (œ→oe, æ→ae, ß→ss), typographic apostrophes and hyphens unified.
 * The same function feeds both engines, so SQLite and PostgreSQL compare identical strings.
 */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/[\u2018\u2019\u201B\u02BC\u2032`´]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** URL-safe slug: folded, non-alphanumerics to '-', trimmed of dashes. */
export function slugify(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
