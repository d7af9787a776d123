import {
  type EntryInput,
  type ReviewState,
  TERM_STATUSES,
  type TermInput,
  type TermStatus,
  termIdentity,
} from '@ludoterm/contract';
import { languagesOf, type GlossaryLanguages } from '../model.ts';
import { statusOf } from '../tbx/tbx-term-data.ts';
import { foldLabel } from '../text/languages.ts';
import { repeatedTermWarning, unknownReviewStateWarning, unknownStatusWarning } from './term-warnings.ts';

// The term list of a spreadsheet row: each language's terms come from its `termino.xx` columns
// (one term each, never split: terms may hold `;`) and its `otros_terminos.xx` cells (several, as
// MultiTerm and memoQ write synonyms), in column order; `estados.xx` cells give their statuses
// in that same order.

/** A value of a row and the mapping target it goes to. */
export interface TargetValue {
  target: string;
  value: string;
}

/** Whether a target feeds the term list or the review state rather than a card field. */
export function isTermListTarget(target: string): boolean {
  return (
    target.startsWith('termino.') ||
    target.startsWith('otros_terminos.') ||
    target.startsWith('estados.') ||
    target === 'estado_revision'
  );
}

/**
 * The terms of a cell: split on `|` when it has one (so `a; b |` is one term), else on `;`.
 * Blank pieces are dropped.
 */
export function splitTermCell(cell: string): string[] {
  const pieces = cell.split(cell.includes('|') ? '|' : ';');
  const out: string[] = [];
  for (const piece of pieces) {
    const term = piece.trim();
    if (term !== '') out.push(term);
  }
  return out;
}

/** The statuses of a cell, split on `|` or `;`, a blank one kept in its place (as `''`). */
function splitStatusCell(cell: string): string[] {
  return cell.split(/[|;]/).map((s) => s.trim());
}

/**
 * A status as files write it, in Spanish or English and any case (`Preferred`, `deprecated`,
 * `superseded`, `Prohibido`…); null for one LudoTerm does not know.
 */
export function termStatusOf(value: string): TermStatus | null {
  const folded = foldLabel(value);
  return TERM_STATUSES.find((s) => s === folded) ?? statusOf(value);
}

const REVIEW_WORDS: Record<string, ReviewState> = {
  borrador: 'borrador',
  draft: 'borrador',
  'en revision': 'en_revision',
  'in review': 'en_revision',
  review: 'en_revision',
  aprobado: 'aprobado',
  aprobada: 'aprobado',
  approved: 'aprobado',
};

/** A review state as files write it (`en_revision`, `En revisión`, `approved`…); null if unknown. */
export function reviewStateOf(value: string): ReviewState | null {
  return REVIEW_WORDS[foldLabel(value)] ?? null;
}

/**
 * The list without the terms that repeat an earlier one of their language (the same text, or
 * the same but for case, which the server would refuse); `avisos` names those that differed in case.
 */
export function withoutRepeatedTerms(list: readonly TermInput[], avisos: string[]): TermInput[] {
  const kept = new Map<string, string>();
  const out: TermInput[] = [];
  for (const term of list) {
    // A JSON file's term without text passes through, for the server's check to name it.
    if (typeof term.termino !== 'string') {
      out.push(term);
      continue;
    }
    const key = `${term.idioma}\u0000${termIdentity(term.termino)}`;
    const first = kept.get(key);
    if (first === undefined) {
      kept.set(key, term.termino);
      out.push(term);
    } else if (first !== term.termino) {
      avisos.push(repeatedTermWarning(term.termino, first));
    }
  }
  return out;
}

/**
 * Sets the row's terms on `entry`: each language's shown term in `termino`, and the whole
 * `terminos` list when some language has more than one preferred term to say (several terms,
 * or a status other than preferido). A term without a status is preferred when first in its
 * language, admitted otherwise; one with a status LudoTerm does not know is admitted, not
 * refused, and `avisos` says so, as it does of an unknown review state; a term repeated in its
 * language is kept once.
 */
export function applyRowTerms(
  entry: EntryInput,
  fields: readonly TargetValue[],
  langs: GlossaryLanguages,
  avisos: string[],
): void {
  const shownTerms = (entry.termino ??= {});
  const list: TermInput[] = [];
  let listed = false;
  for (const lang of languagesOf(langs)) {
    const texts: string[] = [];
    const statuses: string[] = [];
    for (const { target, value } of fields) {
      if (target === `termino.${lang}`) texts.push(value);
      else if (target === `otros_terminos.${lang}`) texts.push(...splitTermCell(value));
      else if (target === `estados.${lang}`) statuses.push(...splitStatusCell(value));
    }
    const written: TermInput[] = texts.map((termino, i) => {
      const given = statuses[i];
      let estado = given ? termStatusOf(given) : i === 0 ? 'preferido' : 'admitido';
      if (estado === null) {
        avisos.push(unknownStatusWarning(given!, termino));
        estado = 'admitido';
      }
      return { idioma: lang, termino, estado };
    });
    const own = withoutRepeatedTerms(written, avisos);
    shownTerms[lang] = (own.find((t) => t.estado === 'preferido') ?? own[0])?.termino ?? null;
    if (own.length > 1 || (own.length === 1 && own[0]!.estado !== 'preferido')) listed = true;
    list.push(...own);
  }
  if (listed) entry.terminos = list;
  const review = fields.find((f) => f.target === 'estado_revision');
  if (review) applyReviewState(entry, review.value, avisos);
}

/**
 * Sets the review state a file gives, in any of the ways `reviewStateOf` reads; one it does not
 * know leaves the entry a draft and `avisos` says so. The server decides whether the importer may
 * keep `aprobado`.
 */
export function applyReviewState(entry: EntryInput, value: string, avisos: string[]): void {
  const state = reviewStateOf(value);
  if (state) entry.estado_revision = state;
  else avisos.push(unknownReviewStateWarning(value));
}
