import type { CardField, Entry, EntryInput } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { ApiError } from '@/lib/api-client.ts';
import { fieldValue, formKey, inputOf } from './entry-fields.ts';

/** A row of the conflict: one card field (or the private comments) and both of its values. */
export interface ConflictRow {
  id: string;
  label: string;
  mine: string;
  theirs: string;
  /** Who changed it since the edit opened; unknown without the opened entry. */
  changedBy: 'them' | 'you' | 'both' | null;
}

const PRIVATE = 'comentarios_privados';
/** The whole term list, compared as one row when the edit sent it. */
const TERMS = 'terminos';

/** A term list as one line: «es: espada (preferido) · en: sword (preferido)». */
function termsText(terms: EntryInput['terminos']): string {
  return (terms ?? [])
    .map((t) => `${t.idioma}: ${t.termino} (${t.estado ?? 'admitido'})`)
    .join(' · ');
}

/** The entry as it is now, when a save answered 409 because someone else saved first. */
export function conflictOf(error: unknown): Entry | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const entrada = error.body?.['entrada'];
  return entrada && typeof entrada === 'object' ? (entrada as Entry) : null;
}

function valueOf(entry: EntryInput | Entry, id: string): string {
  if (id === PRIVATE) return entry.comentarios_privados ?? '';
  if (id === TERMS) return termsText(entry.terminos);
  return fieldValue(entry as Pick<Entry, 'termino'>, id) ?? '';
}

/** The fields whose values differ between the user's edit and the saved entry, in card order. */
export function conflictRows(
  fields: readonly CardField[],
  mine: EntryInput,
  theirs: Entry,
  base?: Entry,
): ConflictRow[] {
  const rows = fields.map((f) => ({ id: f.id, label: f.label }));
  if (PRIVATE in mine) rows.push({ id: PRIVATE, label: es.entries.conflict.privateComments });
  if (mine.terminos) rows.push({ id: TERMS, label: es.entries.conflict.terms });
  return rows
    .map((r): ConflictRow => {
      const row = { ...r, mine: valueOf(mine, r.id), theirs: valueOf(theirs, r.id) };
      if (!base) return { ...row, changedBy: null };
      const opened = valueOf(base, r.id);
      const changedBy = row.mine === opened ? 'them' : row.theirs === opened ? 'you' : 'both';
      return { ...row, changedBy };
    })
    .filter((r) => r.mine !== r.theirs);
}

/** Fields only the other person changed: their value is kept unless the user says otherwise. */
export function theirsByDefault(rows: readonly ConflictRow[]): Set<string> {
  return new Set(rows.filter((r) => r.changedBy === 'them').map((r) => r.id));
}

/** The edit to save: the user's values, except the fields in `keepTheirs`. */
export function mergedInput(
  fields: readonly CardField[],
  mine: EntryInput,
  theirs: Entry,
  keepTheirs: ReadonlySet<string>,
): EntryInput {
  const values: Record<string, string> = {};
  for (const id of [...fields.map((f) => f.id), PRIVATE]) {
    values[id === PRIVATE ? PRIVATE : formKey(id)] = valueOf(
      keepTheirs.has(id) ? theirs : mine,
      id,
    );
  }
  const merged = inputOf(values, fields, { withPrivateComments: PRIVATE in mine });
  // Keeping theirs means sending no list: the server keeps the saved one.
  if (mine.terminos && !keepTheirs.has(TERMS)) merged.terminos = mine.terminos;
  return merged;
}
