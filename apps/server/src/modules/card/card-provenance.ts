import {
  EXTERNAL_ID_MAX,
  originalRecordSchema,
  type EntryInput,
  type OriginalRecord,
} from '@ludoterm/contract';
import { AppError } from '../../errors.ts';
import { cleanText } from './card-text.ts';

// Where an entry came from outside LudoTerm: the concept id it was imported with and who made it
// in its termbase. Set when the entry is created and never by an edit, so it is kept out of the
// card and its versions.

export interface Provenance {
  id_externo: string | null;
  /** `OriginalRecord` as stored: JSON, or null when the file said nothing. */
  registro_original: string | null;
}

const RECORD_KEYS = ['creado_por', 'creado_en', 'modificado_por', 'modificado_en'] as const;

/** The provenance an input gives, checked (readers' files are not schema-validated). */
export function provenanceOf(input: EntryInput): Provenance {
  const id = cleanText(input.id_externo) ?? null;
  if (id !== null && (id.length > EXTERNAL_ID_MAX || /[\r\n]/.test(id))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `El identificador del concepto (id_externo) debe ser una sola línea de hasta ${EXTERNAL_ID_MAX} caracteres.`,
    );
  }
  return { id_externo: id, registro_original: recordJson(input.registro_original) };
}

function recordJson(given: EntryInput['registro_original']): string | null {
  if (!given) return null;
  const record: Record<string, string | null> = {};
  for (const key of RECORD_KEYS) record[key] = cleanText(given[key]) ?? null;
  const parsed = originalRecordSchema.safeParse(record);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'El registro original (autores y fechas del archivo) tiene un valor demasiado largo: hasta 200 caracteres por autor y 100 por fecha.',
    );
  }
  return RECORD_KEYS.some((key) => record[key] !== null) ? JSON.stringify(record) : null;
}

export function originalRecordOf(stored: string | null): OriginalRecord | null {
  return stored === null ? null : (JSON.parse(stored) as OriginalRecord);
}
