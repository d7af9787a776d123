import { z } from 'zod';

/** Longest value of a single text field, in characters (CONTRACT: 422 beyond). */
export const TEXT_FIELD_MAX = 20_000;
/** Longest whole entry, in characters of all its text fields together. */
export const ENTRY_TEXT_MAX = 100_000;
/** Largest JSON request body, in bytes (CONTRACT: 413 beyond). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/**
 * C0 control characters and DEL, except the whitespace ones (tab, line feed, vertical tab, form
 * feed, carriage return) that pasted and extracted text carries.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000E-\u001F\u007F]/;
/** Every C0 control character and DEL: names, addresses and queries are one line. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds.
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

/** Refusal of a value with control characters; the server's answer names the field before it. */
export const CONTROL_CHARACTERS_MESSAGE =
  'Contiene caracteres de control (como el carácter nulo) que no se admiten. Bórralos y vuelve a intentarlo.';
const controlCharacters = {
  error: CONTROL_CHARACTERS_MESSAGE,
  params: { reason: 'control_characters' },
};

/**
 * A one-line value (a name, a query, a path segment) refusing every control character: a NUL
 * would be stored as is on SQLite, break PostgreSQL's text type and the full-text syntax.
 */
export function lineText<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !CONTROL_IN_LINE.test(value), controlCharacters);
}

/** A free text: tabs and line breaks are allowed, other control characters refused. */
export function freeText<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !CONTROL_IN_TEXT.test(value), controlCharacters);
}

/**
 * An e-mail address, internationalised ones included (RFC 6531: UTF-8 local part, IDN domain):
 * a local part of at most 64 characters without spaces, quotes, brackets or control characters
 * and no leading, trailing or double dot; a domain of labels in any script (letters, marks,
 * digits, inner hyphens) ending in a top-level label of letters or its `xn--` form.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.@)(?!.*\.\.)[^\s@"(),:;<>[\]\\\p{Cc}]{1,64}@(?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+(?:[\p{L}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * An e-mail address as typed: trimmed and in Unicode NFC, so `josé` typed with a combining
 * accent is the same address as with a precomposed `é`; at most 254 characters.
 */
export function emailAddressSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .normalize('NFC')
    .max(254, { error: message })
    .regex(EMAIL_PATTERN, { error: message });
}

/** ISO 8601 date-time string as both engines answer it. */
export const isoDateSchema = z.string();

/** A text field as answered: always present, `null` when empty. */
export const textOut = z.string().nullable();
/** A text field as written: optional, `null` or empty clears it. */
export const textIn = freeText(z.string().max(TEXT_FIELD_MAX)).nullable().optional();

export const idSchema = z.number().int().positive();
/** An id taken from a path parameter. */
export const idParamSchema = z.coerce.number().int().positive();
/** The params of a `/…/:id` route. */
export const idParamsSchema = z.object({ id: idParamSchema });

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
export const glossaryParamsSchema = z.object({
  nombre_seguro: lineText(z.string().min(1).max(200)),
});
export const entryParamsSchema = glossaryParamsSchema.extend({ id: idParamSchema });

export const okSchema = z.object({ ok: z.literal(true) });
