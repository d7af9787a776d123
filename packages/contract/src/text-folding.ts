/**
 * Printable ASCII without the backtick (which folding turns into an apostrophe), words
 * separated by single spaces: folding such a string is just lower-casing it.
 */
const PLAIN_ASCII = /^[\x21-\x5f\x61-\x7e]+(?: [\x21-\x5f\x61-\x7e]+)*$/;

/**
 * THE folding of LudoTerm (names, sort keys, search columns and queries on both engines, the web
 * app's highlighting): lower case, accents removed, ligatures expanded, apostrophes and hyphens
 * unified, white space collapsed, trimmed. Plain ASCII takes a fast path that a property test
 * keeps equal to `foldTextFully`.
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
