import { z } from 'zod';
import { entrySchema } from './entries.ts';
import { languageSchema } from './languages.ts';

/** Query parameter names that can never be card field ids. */
export const RESERVED_SEARCH_PARAMS = ['termino', 'subindice_like', 'glosarios', 'pagina', 'por_pagina'] as const;

export const SEARCH_PAGE_SIZE = 50;

/**
 * `GET /buscar`: quick (`termino`, `subindice_like`) or advanced (one card field id = value).
 * `glosarios` optionally narrows to a comma-separated list of nombre_seguro.
 */
export const searchQuerySchema = z
  .object({
    termino: z.string().max(200).optional(),
    subindice_like: z.string().max(200).optional(),
    glosarios: z.string().max(10_000).optional(),
    pagina: z.coerce.number().int().min(1).optional(),
    por_pagina: z.coerce.number().int().min(1).max(200).optional(),
  })
  .catchall(z.string().max(200));

export const searchResultSchema = entrySchema.extend({
  glosario: z.string(),
  nombre_seguro: z.string(),
  idioma_origen: languageSchema,
  idioma_meta: languageSchema,
  /** The card field id whose value matched (for highlighting). */
  campo_coincidente: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchFieldSchema = z.object({ id: z.string(), label: z.string() });
export type SearchField = z.infer<typeof searchFieldSchema>;
