import { z } from 'zod';

/** Longest value of a single text field, in characters (CONTRACT: 422 beyond). */
export const TEXT_FIELD_MAX = 20_000;
/** Longest whole entry, in characters of all its text fields together. */
export const ENTRY_TEXT_MAX = 100_000;
/** Largest JSON request body, in bytes (CONTRACT: 413 beyond). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** ISO 8601 date-time string as both engines answer it. */
export const isoDateSchema = z.string();

/** A text field as answered: always present, `null` when empty. */
export const textOut = z.string().nullable();
/** A text field as written: optional, `null` or empty clears it. */
export const textIn = z.string().max(TEXT_FIELD_MAX).nullable().optional();

export const idSchema = z.number().int().positive();
/** An id taken from a path parameter. */
export const idParamSchema = z.coerce.number().int().positive();

/** `pagina` (from 1) and `por_pagina` query parameters; the total goes in `X-Total-Count`. */
export const paginationQuerySchema = z.object({
  pagina: z.coerce.number().int().min(1).optional(),
  por_pagina: z.coerce.number().int().min(1).max(500).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The body of every error answer (see errors.ts for the codes). */
export const errorBodySchema = z.object({
  detail: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  code: z.string(),
});

/** `{ nombre_seguro }` path parameter; `{nombre}` in the spec's paths is the same slug. */
export const glossaryParamsSchema = z.object({ nombre_seguro: z.string().min(1).max(200) });
export const entryParamsSchema = glossaryParamsSchema.extend({ id: idParamSchema });

export const okSchema = z.object({ ok: z.literal(true) });
