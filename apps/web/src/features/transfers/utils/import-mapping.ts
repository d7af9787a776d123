import {
  type CardField,
  type ImportMapping,
  isTermTarget,
  type Language,
  termImportTargets,
} from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';

/** The mapping values that are not card fields of their own. */
export const IGNORE = 'ignorar';
export const NOTES = 'notas';

export interface MappingOption {
  value: string;
  label: string;
}

/**
 * What a detected column can go to (spec: ignore, redirect to notes, a card field, the term
 * in each language): Ignorar, Redirigir a notas, the two terms, each language's other terms
 * and their statuses and the review state (for files with several terms per language), then
 * every other card field.
 */
export function mappingOptions(campos: readonly CardField[]): MappingOption[] {
  const terms = campos.filter((c) => c.id.startsWith('termino.'));
  const others = campos.filter((c) => !c.id.startsWith('termino.') && c.id !== NOTES);
  const [origen, meta] = terms.map((c) => c.id.slice('termino.'.length) as Language);
  const termTargets = origen && meta ? termImportTargets(origen, meta) : [];
  return [
    { value: IGNORE, label: es.import.ignore },
    { value: NOTES, label: es.import.toNotes },
    ...[...terms, ...termTargets, ...others].map((c) => ({ value: c.id, label: c.label })),
  ];
}

/**
 * The mapping the table starts from: the server's suggestion (guessed from header names such
 * as `es`, `Spanish`, `término`, `definition`) where it names one of `options`, else Ignorar.
 */
export function initialMapping(
  headers: readonly string[],
  suggestion: ImportMapping | undefined,
  options: readonly MappingOption[],
): ImportMapping {
  const allowed = new Set(options.map((o) => o.value));
  return Object.fromEntries(
    headers.map((header) => {
      const suggested = suggestion?.[header];
      return [header, suggested && allowed.has(suggested) ? suggested : IGNORE];
    }),
  );
}

/** The first non-empty value of each column in the sample rows ('' when all are empty). */
export function sampleValues(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  return headers.map(
    (_, column) => rows.map((row) => row[column] ?? '').find((v) => v.trim() !== '') ?? '',
  );
}

/** Whether some column feeds a term (or other terms): the server refuses a mapping without one. */
export function mapsATerm(mapping: ImportMapping): boolean {
  return Object.values(mapping).some(isTermTarget);
}
