export type TermColumn = 'origen' | 'meta' | 'subindice';

export const TERM_COLUMNS: Record<
  TermColumn,
  'termino_origen_plegado' | 'termino_meta_plegado' | 'subindice_plegado'
> = {
  origen: 'termino_origen_plegado',
  meta: 'termino_meta_plegado',
  subindice: 'subindice_plegado',
};

/** Queries shorter than this match by prefix only (a trigram needs three characters). */
export const MIN_SUBSTRING_LENGTH = 3;

export function isShortQuery(query: string): boolean {
  return Array.from(query).length < MIN_SUBSTRING_LENGTH;
}

/** Which term columns a `termino.xx` field means in a glossary with these languages. */
export function termColumnOf(
  campo: string,
  glossary: { idioma_origen: string; idioma_meta: string },
): TermColumn | null {
  if (campo === 'subindice') return 'subindice';
  if (!campo.startsWith('termino.')) return null;
  const lang = campo.slice('termino.'.length);
  if (lang === glossary.idioma_origen) return 'origen';
  if (lang === glossary.idioma_meta) return 'meta';
  return null;
}

/** Characters after which a word starts, for the word-prefix tier. */
export const WORD_SEPARATORS = [' ', '-', "'", '(', '/', '"'] as const;

/** The highest code point: `x >= q and x < q + PREFIX_END` is "x starts with q", byte-wise. */
export const PREFIX_END = '\u{10FFFF}';

/** An FTS5 phrase whose every character is literal (quotes doubled). */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A LIKE pattern piece whose every character is literal (escape character: backslash). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
