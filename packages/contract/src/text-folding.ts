/**
 * Printable ASCII without the backtick (which folding turns into an apostrophe), words
 * separated by single spaces: folding such a string is just lower-casing it.
 */
const PLAIN_ASCII = /^[\x21-\x5f\x61-\x7e]+(?: [\x21-\x5f\x61-\x7e]+)*$/;

/**
 * THE folding of LudoTerm, used for names, sort keys, the search columns and every search
 * query on both engines, and by the web app to highlight what a search matched: lower case,
 * accents removed, ligatures expanded (œ→oe, æ→ae, ß→ss), typographic apostrophes and hyphens
 * unified, runs of white space made one space, trimmed. Plain ASCII (most terms; bulk imports
 * fold hundreds of thousands of values) takes a fast path that is always equal to
 * `foldTextFully` (a property test checks it).
 */
export function foldText(value: string): string {
  return PLAIN_ASCII.test(value) ? value.toLowerCase() : foldTextFully(value);
}

/** The general path of `foldText`. */
export function foldTextFully(value: string): string {
  return (
    value
      // Before NFKD, which would turn the acute accent used as an apostrophe into a space.
      .replace(/[\u2018\u2019\u201B\u02BC\u2032`´]/g, "'")
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/ß/g, 'ss')
      .replace(/ø/g, 'o')
      .replace(/ł/g, 'l')
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
