import { z } from 'zod';
import {
  CARD_TEXT_FIELDS,
  cardFieldLabel,
  contextFieldId,
  contextSourceFieldId,
  definitionFieldId,
  termFieldId,
} from './card.ts';
import { lineText } from './common.ts';
import { entrySchema } from './entries.ts';
import { LANGUAGES, languageSchema, type Language } from './languages.ts';
import { REVIEW_STATES, TERM_STATUSES, termSchema } from './terms.ts';

/** Query parameter names that can never be card field ids. */
export const RESERVED_SEARCH_PARAMS = [
  'termino',
  'subindice_like',
  'glosarios',
  'pagina',
  'por_pagina',
  'estado_termino',
  'estado_revision',
] as const;

export const SEARCH_PAGE_SIZE = 50;
/** Largest `por_pagina` of `GET /buscar`. */
export const SEARCH_PAGE_SIZE_MAX = 200;
/**
 * A search counts and pages through at most this many results, the best first; when more match,
 * `X-Total-Count-Capped: true` says so, and a narrower query finds the rest.
 */
export const SEARCH_RESULT_LIMIT = 1000;
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';

/**
 * `GET /buscar`: quick (`termino`, `subindice_like`) or advanced (one card field id = value).
 * `glosarios` optionally narrows to a comma-separated list of nombre_seguro.
 */
export const searchQuerySchema = z
  .object({
    termino: lineText(z.string().max(200)).optional(),
    subindice_like: lineText(z.string().max(200)).optional(),
    glosarios: lineText(z.string().max(10_000)).optional(),
    pagina: z.coerce.number().int().min(1).optional(),
    por_pagina: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).optional(),
    /** Only entries holding a term of this status (plain cards hold preferred terms only). */
    estado_termino: z.enum(TERM_STATUSES).optional(),
    /** Only entries in this review state. */
    estado_revision: z.enum(REVIEW_STATES).optional(),
  })
  .catchall(lineText(z.string().max(200)));

/** A search result is read-only: it carries no `version` to edit against. */
export const searchResultSchema = entrySchema.omit({ version: true, avisos: true }).extend({
  glosario: z.string(),
  nombre_seguro: z.string(),
  idioma_origen: languageSchema,
  idioma_meta: languageSchema,
  /** The card field id whose value matched (for highlighting). */
  campo_coincidente: z.string().nullable(),
  /**
   * The term that matched when it is not the one `termino` shows (a synonym in `terminos`);
   * absent otherwise. `campo_coincidente` is then its language's `termino.xx`.
   */
  termino_coincidente: termSchema.pick({ idioma: true, termino: true, estado: true }).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchFieldSchema = z.object({ id: z.string(), label: z.string() });
export type SearchField = z.infer<typeof searchFieldSchema>;

/**
 * Every card field id advanced search knows, in card order, per-language fields in LANGUAGES
 * order. Private comments are not a card field, so never searchable.
 */
export const SEARCHABLE_FIELD_IDS: readonly string[] = [
  ...LANGUAGES.map(termFieldId),
  ...CARD_TEXT_FIELDS.slice(0, CARD_TEXT_FIELDS.indexOf('fuente')),
  ...LANGUAGES.map(definitionFieldId),
  ...CARD_TEXT_FIELDS.slice(
    CARD_TEXT_FIELDS.indexOf('fuente'),
    CARD_TEXT_FIELDS.indexOf('relaciones'),
  ),
  ...LANGUAGES.map(contextFieldId),
  ...LANGUAGES.map(contextSourceFieldId),
  ...CARD_TEXT_FIELDS.slice(CARD_TEXT_FIELDS.indexOf('relaciones')),
];

/** The card field ids of a glossary with these languages (its `ficha.campos`). */
function fieldIdsOf(origen: Language, meta: Language): Set<string> {
  const own = new Set<string>(CARD_TEXT_FIELDS);
  for (const lang of [origen, meta]) {
    own.add(termFieldId(lang));
    own.add(contextFieldId(lang));
    own.add(contextSourceFieldId(lang));
  }
  own.add(definitionFieldId(meta));
  return own;
}

/** The union of the card fields of these language pairs, in SEARCHABLE_FIELD_IDS order. */
export function searchFieldsOf(
  pairs: ReadonlyArray<{ idioma_origen: Language; idioma_meta: Language }>,
): SearchField[] {
  const union = new Set<string>();
  for (const pair of pairs) {
    for (const id of fieldIdsOf(pair.idioma_origen, pair.idioma_meta)) union.add(id);
  }
  return SEARCHABLE_FIELD_IDS.filter((id) => union.has(id)).map((id) => ({
    id,
    label: cardFieldLabel(id),
  }));
}
