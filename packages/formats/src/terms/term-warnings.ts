import { quoted } from '@ludoterm/contract';

// What an import reports, per entry, when it keeps a file's terms differently from how they
// were written; the server puts each message after the place it comes from.

/** A status `termStatusOf` does not know: the term is kept as admitido. */
export function unknownStatusWarning(status: string, term: string): string {
  return `el estado ${quoted(status)} del término ${quoted(term)} no es ninguno de los que LudoTerm conoce: se ha importado como admitido.`;
}

/** A term that repeats an earlier one of its language but for case: it is kept once. */
export function repeatedTermWarning(term: string, first: string): string {
  return `el término ${quoted(term)} repite ${quoted(first)} salvo en mayúsculas: se guarda una vez, como ${quoted(first)}.`;
}

/** A review state `reviewStateOf` does not know: the entry stays a draft. */
export function unknownReviewStateWarning(state: string): string {
  return `el estado de revisión ${quoted(state)} no es borrador, en revisión ni aprobado: la entrada queda en borrador.`;
}
