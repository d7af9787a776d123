import { z } from 'zod';

export const IMPORT_FORMATS = ['csv', 'tsv', 'json', 'tmx', 'tbx'] as const;

/** The largest import file by default (the server's IMPORT_MAX_BYTES; spec: 10MB). */
export const IMPORT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** Where a detected column goes: a card field id (`termino.es`…), `notas` or `ignorar`. */
export const importMappingSchema = z.record(z.string(), z.string());
export type ImportMapping = z.infer<typeof importMappingSchema>;

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
export const importDoneAnswerSchema = z.object({
  importados: z.number().int(),
  omitidos: z.number().int(),
});
export const importAnswerSchema = z.union([importHeadersAnswerSchema, importDoneAnswerSchema]);
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

export const EXPORT_FORMATS = ['json', 'csv', 'tsv', 'tmx', 'tbx', 'pdf'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: 'Formato de exportación desconocido: elige json, csv, tsv, tmx, tbx o pdf.',
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
  tmx: 'application/x-tmx+xml; charset=utf-8',
  tbx: 'application/x-tbx+xml; charset=utf-8',
  pdf: 'application/pdf',
};
