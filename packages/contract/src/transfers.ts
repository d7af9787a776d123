import { z } from 'zod';
import { LANGUAGES, type Language } from './languages.ts';

export const IMPORT_FORMATS = ['csv', 'xlsx', 'tsv', 'json', 'tmx', 'tbx'] as const;

/** The largest import file by default (the server's IMPORT_MAX_BYTES; spec: 10MB). */
export const IMPORT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** Where a detected column goes: a card field id (`termino.es`…), `notas` or `ignorar`. */
export const importMappingSchema = z.record(z.string(), z.string());
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** A mapping target that is not a card field: see `termImportTargets`. */
export interface ImportTarget {
  id: string;
  label: string;
}

/**
 * Mapping targets besides the card's fields, for files with several terms per language (as
 * MultiTerm and memoQ spreadsheets write them): a language's other terms, several in one cell
 * separated by `;` or `|`; the statuses of that language's terms, in the order of their columns;
 * and the entry's review state. Two columns mapped to the same `termino.xx` are two terms too.
 */
export function termImportTargets(origen: Language, meta: Language): ImportTarget[] {
  return [
    ...[origen, meta].flatMap((lang) => [
      { id: `otros_terminos.${lang}`, label: `Otros términos (${lang})` },
      { id: `estados.${lang}`, label: `Estados de los términos (${lang})` },
    ]),
    { id: 'estado_revision', label: 'Estado de revisión' },
  ];
}

/** Whether a mapping target gives terms (`termino.xx` or `otros_terminos.xx`): a mapping needs one. */
export function isTermTarget(target: string): boolean {
  return target.startsWith('termino.') || target.startsWith('otros_terminos.');
}

/** Text fields of the multipart body of `POST /glosarios/{ns}/importar` (the file is `archivo`). */
export const importFieldsSchema = z.object({
  formato: importFormatSchema,
  /** JSON of ImportMapping; sent only when non-empty. */
  mapping_json: z.string().max(100_000).optional(),
});

export const importHeadersAnswerSchema = z.object({
  cabeceras_detectadas: z.array(z.string()),
  /** The first rows, to help the user map the columns. */
  muestra: z.array(z.array(z.string())),
  /** A mapping guessed from the header names, for the client to pre-fill (additive to the spec). */
  sugerencia: importMappingSchema.optional(),
});
/**
 * An imported entry whose term pair another entry already has, kept because their concept ids
 * differ: the user decides whether they are one concept.
 */
export const possibleDuplicateSchema = z.object({
  /** Where it is in the file, in Spanish (`línea 12`, `entrada <termEntry> n.º 4 (id c7), línea 30`). */
  ubicacion: z.string(),
  entrada_id: z.number().int(),
  /** Its concept id in the file, and the terms it shares, keyed by language as `termino`. */
  id_externo: z.string(),
  termino: z.partialRecord(z.enum(LANGUAGES), z.string().nullable()),
  /** The entry it may repeat: one already in the glossary or imported earlier from the file. */
  duplica_id: z.number().int(),
  duplica_id_externo: z.string(),
  /**
   * Additive: `mismos_terminos`, the same term pair under another concept id; `mismo_identificador`,
   * a concept id the glossary already holds with other terms (perhaps a newer version of it).
   */
  motivo: z.enum(['mismos_terminos', 'mismo_identificador']),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

/** How many of an import's reports are listed; the rest are counted. */
export const IMPORT_REPORT_MAX = 200;

export const importDoneAnswerSchema = z.object({
  importados: z.number().int(),
  omitidos: z.number().int(),
  /** Additive to the seed: kept entries that may repeat another (first IMPORT_REPORT_MAX). */
  posibles_duplicados: z.array(possibleDuplicateSchema).optional(),
  /** Additive to the seed: what was read differently from the file, each naming its place. */
  avisos: z.array(z.string()).optional(),
});
export type ImportDoneAnswer = z.infer<typeof importDoneAnswerSchema>;
export const importAnswerSchema = z.union([importHeadersAnswerSchema, importDoneAnswerSchema]);
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

// In the order /exportar shows them, two to a row: TBX v2 and v3 (tbx twice) share one.
export const EXPORT_FORMATS = ['json', 'csv', 'tsv', 'tmx', 'tbx', 'xlsx', 'pdf'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: 'Formato de exportación desconocido: elige json, csv, tsv, tmx, tbx, xlsx o pdf.',
});
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const exportQuerySchema = z.object({
  formato: exportFormatSchema.default('json'),
  /** TBX only: 2 (TBX-Basic `martif`, default) or 3. */
  version: z.enum(['2', '3'], { error: 'La versión de TBX es 2 (TBX-Basic) o 3.' }).optional(),
});

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  tmx: 'application/x-tmx+xml; charset=utf-8',
  tbx: 'application/x-tbx+xml; charset=utf-8',
  pdf: 'application/pdf',
};
