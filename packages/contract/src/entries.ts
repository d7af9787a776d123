import { z } from 'zod';
import {
  freeText,
  idSchema,
  isoDateSchema,
  lineText,
  paginationQuerySchema,
  textIn,
  textOut,
} from './common.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { REVIEW_STATES, TERM_STATUSES, termSchema, termsListInSchema } from './terms.ts';

/** `termino` keyed by the glossary's two language codes (`{es, en}` for es→en). */
export const termsOutSchema = z.partialRecord(z.enum(LANGUAGES), z.string().nullable());
export const termsInSchema = z.partialRecord(
  z.enum(LANGUAGES),
  freeText(z.string().max(20_000)).nullable(),
);

/** Per-language fields (contexts, the target's definition), for every language a glossary may have. */
function perLanguage<P extends string, T extends z.ZodType>(prefix: P, schema: T) {
  return Object.fromEntries(LANGUAGES.map((lang) => [`${prefix}${lang}`, schema])) as Record<
    `${P}${Language}`,
    T
  >;
}

const contextOut = {
  ...perLanguage('contexto_', textOut.optional()),
  ...perLanguage('fuente_contexto_', textOut.optional()),
};
const contextIn = {
  ...perLanguage('contexto_', textIn),
  ...perLanguage('fuente_contexto_', textIn),
};

/** Where a copied entry came from. */
export const entryOriginSchema = z.object({
  glosario: z.string(),
  entrada_id: z.number().int(),
  version: z.number().int(),
});

/**
 * Who created and last changed a concept in the termbase it was imported from, and when
 * (TBX transacGrp), shown beside who imported it; dates as the file wrote them.
 */
export const originalRecordSchema = z.object({
  creado_por: z.string().max(200).nullable(),
  creado_en: z.string().max(100).nullable(),
  modificado_por: z.string().max(200).nullable(),
  modificado_en: z.string().max(100).nullable(),
});
export type OriginalRecord = z.infer<typeof originalRecordSchema>;

/** The concept id an entry was imported with (TBX `id`, LudoTerm JSON `id_externo`). */
export const EXTERNAL_ID_MAX = 200;

/** A DocuTerm entry as the API answers it. Fields with no value are `null`, never absent. */
export const entrySchema = z.object({
  id: z.number().int(),
  /** Each language's preferred term (or its first term); the whole list is `terminos`. */
  termino: termsOutSchema,
  /** Every term of the entry, each language's in order, with its status, type and grammar. */
  terminos: z.array(termSchema),
  /** Each change of it is a version, so the history shows who approved what and when. */
  estado_revision: z.enum(REVIEW_STATES),
  /** The concept id it was imported with; entries with different ids are never merged. */
  id_externo: textOut,
  registro_original: originalRecordSchema.nullable(),
  subindice: textOut,
  categoria: textOut,
  area: textOut,
  mecanismo: textOut,
  definicion: textOut,
  /** The target language's definition (`definicion_en` in es→en); `definicion` is the base's. */
  ...perLanguage('definicion_', textOut.optional()),
  fuente: textOut,
  ...contextOut,
  relaciones: textOut,
  variante: textOut,
  cuestiones_traductologicas: textOut,
  notas: textOut,
  /** Visible only to the entry's author and the glossary's owner; null for anyone else. */
  comentarios_privados: textOut,
  /**
   * Whether the caller is the entry's author or the glossary's owner, and so sees and writes
   * `comentarios_privados`: null there means "none written" only when this is true.
   */
  puede_ver_comentarios_privados: z.boolean(),
  /** The creator's display name or e-mail; set by the server, never changed by a PUT. */
  autor: z.string(),
  fecha_creacion: isoDateSchema,
  created_at: isoDateSchema,
  updated_at: isoDateSchema,
  origen: entryOriginSchema.nullable(),
  /**
   * The current version's number (1 for a new entry; its ETag is `W/"v{version}"`). A PUT that
   * sends it back (in the body or as `If-Match`) is refused with 409 if the entry changed since.
   */
  version: z.number().int(),
  /** Only in the answer to a write: what the server adjusted (a second preferred term…). */
  avisos: z.array(z.string()).optional(),
});
export type Entry = z.infer<typeof entrySchema>;

/**
 * An entry as written (POST or PUT). Server-set and unknown fields are ignored, so the object
 * a GET answered can be sent back as it is.
 */
export const entryInputSchema = z.object({
  /**
   * Writing `termino.es` replaces the preferred Spanish term (or adds it) and keeps the others;
   * `terminos` replaces the whole list. Both may come: a `termino.xx` that differs from the
   * list's preferred term of `xx` then replaces it.
   */
  termino: termsInSchema.optional(),
  terminos: termsListInSchema.optional(),
  /** `aprobado` only by the glossary's owner or a revisor (403 otherwise). */
  estado_revision: z.enum(REVIEW_STATES).optional(),
  /** Set when the entry is created (POST, import); a PUT leaves both as they are. */
  id_externo: lineText(z.string().max(EXTERNAL_ID_MAX)).nullable().optional(),
  registro_original: originalRecordSchema.nullable().optional(),
  subindice: textIn,
  categoria: textIn,
  area: textIn,
  mecanismo: textIn,
  definicion: textIn,
  ...perLanguage('definicion_', textIn),
  fuente: textIn,
  ...contextIn,
  relaciones: textIn,
  variante: textIn,
  cuestiones_traductologicas: textIn,
  notas: textIn,
  comentarios_privados: textIn,
  /**
   * PUT only: the version the edit started from. When the entry has moved on, the PUT answers 409
   * instead of silently undoing the other change; without it, the last write wins.
   */
  version: z.number().int().positive().optional(),
});
export type EntryInput = z.infer<typeof entryInputSchema>;

/** `PUT …/entradas/{id}`: `If-Match` with the entry's ETag (`W/"v3"` or `"3"`) works like `version`. */
export const updateEntryHeadersSchema = z.looseObject({
  'if-match': z.string().max(1000).optional(),
});

export const listEntriesQuerySchema = paginationQuerySchema.extend({
  /** Search within the glossary: both terms and subindice, case- and accent-insensitive. */
  q: lineText(z.string().max(200)).optional(),
  /** Order by the base-language term, in that language's collation. */
  orden: z.enum(['asc', 'desc']).optional(),
  /** Only entries in this review state. */
  estado_revision: z.enum(REVIEW_STATES).optional(),
  /** Only entries holding a term of this status (plain cards hold preferred terms only). */
  estado_termino: z.enum(TERM_STATUSES).optional(),
});
export type ListEntriesQuery = z.infer<typeof listEntriesQuerySchema>;

export const historyItemSchema = entrySchema
  .omit({ origen: true, avisos: true, id_externo: true, registro_original: true })
  .extend({
    /** 1 for the initial version; grows by one on each write. */
    version: z.number().int(),
    fecha_version: isoDateSchema,
  });
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** Oldest first: index 0 is 'Versión inicial', the last item is the current version. */
export const historyAnswerSchema = z.object({ historial: z.array(historyItemSchema) });

export const restoreVersionInputSchema = z.object({
  version_index: z.number().int().min(0),
  /**
   * The entry's version when the history was opened: when the entry has moved on since, the
   * restore answers 409 as a PUT does. `If-Match` works the same; without either, it restores.
   */
  version: z.number().int().positive().optional(),
});

export const bulkDeleteInputSchema = z.object({ ids: z.array(idSchema).min(1).max(10_000) });
export const bulkDeleteAnswerSchema = z.object({ eliminadas: z.number().int() });

export const updateEntryAnswerSchema = z.object({ entrada: entrySchema });
