import type { Insertable } from 'kysely';
import type { EntryTermsTable } from '../../db/schema.ts';
import { foldText } from '../../lib/text-folding.ts';
import { readFicha } from '../card/index.ts';

// The `entry_terms` rows of an entry: every term of a card that stores a term list, folded for
// search. A plain card stores no list (its terms are its `termino.xx`, already indexed as the
// entry's term columns), so it gets no rows and costs the write path one substring test.

export type EntryTermRow = Insertable<EntryTermsTable>;

/** How a stored card that holds a term list starts that list (a value's quotes are escaped). */
export const TERM_LIST_MARK = '"terminos":';

/** The rows of one entry's stored card (none for a plain card). */
export function entryTermRowsOf(entry: {
  id: number;
  glossary_id: number;
  ficha: string;
}): EntryTermRow[] {
  if (!entry.ficha.includes(TERM_LIST_MARK)) return [];
  const { card, terms } = readFicha(entry.ficha);
  const shown = new Set<string>();
  return terms.map((t, posicion) => {
    // `termino.xx` is the language's shown term: the first term equal to it is that one.
    const mostrado = !shown.has(t.idioma) && card[`termino.${t.idioma}`] === t.termino;
    if (mostrado) shown.add(t.idioma);
    return {
      entry_id: entry.id,
      posicion,
      glossary_id: entry.glossary_id,
      idioma: t.idioma,
      termino: t.termino,
      termino_plegado: foldText(t.termino),
      estado: t.estado,
      mostrado: mostrado ? 1 : 0,
    };
  });
}
