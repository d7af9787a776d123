import type { Language, Term } from '@ludoterm/contract';
import type { ExportEntry, GlossaryLanguages } from '../model.ts';

/** Between two terms (or two statuses) of one spreadsheet cell, as MultiTerm writes synonyms. */
export const TERM_CELL_SEPARATOR = ' | ';

/**
 * A language's terms for the formats that list them (CSV, TSV, PDF): the shown one
 * (`termino.xx`) first, then the others in the entry's order. `null` when the language holds
 * at most its one preferred term, which `termino.xx` already says: most entries, checked cheaply.
 */
export function languageTerms(entry: ExportEntry, lang: Language): Term[] | null {
  const list = entry.terminos;
  if (list === undefined) return null;
  let own: Term[] | null = null;
  for (const term of list) if (term.idioma === lang) (own ??= []).push(term);
  if (own === null || (own.length === 1 && own[0]!.estado === 'preferido')) return null;
  const shownText = entry.termino?.[lang];
  const shown = own.find((t) => t.termino === shownText) ?? own[0]!;
  return [shown, ...own.filter((t) => t !== shown)];
}

/** The other terms of a language and the statuses of all its terms, as two cells. */
export interface TermCells {
  otros: string | null;
  estados: string | null;
}

const EMPTY: TermCells = { otros: null, estados: null };

/**
 * The cells of `languageTerms`: the terms after the shown one, and every term's status in the
 * same order starting with the shown term's. A single other term holding `;` gets a closing
 * `|`, so that the reader, which splits such cells on `|` alone, keeps it whole.
 */
export function termCells(entry: ExportEntry, lang: Language): TermCells {
  const terms = languageTerms(entry, lang);
  if (terms === null) return EMPTY;
  const others = terms.slice(1).map((t) => t.termino);
  let otros = others.length > 0 ? others.join(TERM_CELL_SEPARATOR) : null;
  if (otros !== null && others.length === 1 && otros.includes(';') && !otros.includes('|')) otros += ' |';
  return { otros, estados: terms.map((t) => t.estado).join(TERM_CELL_SEPARATOR) };
}

/** Whether any of the two languages lists more than its preferred term. */
export function hasListedTerms(entry: ExportEntry, langs: GlossaryLanguages): boolean {
  return languageTerms(entry, langs.idioma_origen) !== null || languageTerms(entry, langs.idioma_meta) !== null;
}
