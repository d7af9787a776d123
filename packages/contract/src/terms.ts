import { z } from 'zod';
import { freeText, textIn, textOut } from './common.ts';
import { LANGUAGES } from './languages.ts';

// The terms of a concept entry: each language may hold several, each with its own status
// (TBX administrativeStatus), type and grammar. `termino.{idioma}` of an entry is always the
// first `preferido` term of that language, or its first term when none is preferred.

export const TERM_STATUSES = ['preferido', 'admitido', 'desaconsejado', 'prohibido'] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];

/** Whether a term is one to avoid: shown struck through, ranked below the others in search. */
export function isAvoidedStatus(estado: TermStatus): boolean {
  return estado === 'desaconsejado' || estado === 'prohibido';
}

export const TERM_TYPES = [
  'termino_completo',
  'sigla',
  'abreviatura',
  'forma_corta',
  'variante',
  'formula',
  'expresion',
] as const;
export type TermType = (typeof TERM_TYPES)[number];

export const GRAMMATICAL_CATEGORIES = [
  'sustantivo',
  'verbo',
  'adjetivo',
  'adverbio',
  'nombre_propio',
  'otra',
] as const;
export const GRAMMATICAL_GENDERS = ['masculino', 'femenino', 'neutro', 'comun'] as const;
export const GRAMMATICAL_NUMBERS = ['singular', 'plural', 'invariable'] as const;

/**
 * An entry's review state. New entries start `borrador`; only the glossary's owner and its
 * revisors set `aprobado`, and an editor's change to an approved entry moves it to `en_revision`.
 */
export const REVIEW_STATES = ['borrador', 'en_revision', 'aprobado'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Most terms one entry holds, every language together. */
export const TERMS_PER_ENTRY_MAX = 30;
/** Longest term, in characters. */
export const TERM_MAX = 1000;

/**
 * What makes two texts of one language the same term: case only, as accents tell terms apart
 * ("papa", "papá"). The server refuses a repeated term by it; the web app proposes none.
 */
export function termIdentity(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

export const termSchema = z.object({
  idioma: z.enum(LANGUAGES),
  termino: z.string(),
  estado: z.enum(TERM_STATUSES),
  tipo: z.enum(TERM_TYPES),
  categoria_gramatical: z.enum(GRAMMATICAL_CATEGORIES).nullable(),
  genero: z.enum(GRAMMATICAL_GENDERS).nullable(),
  numero: z.enum(GRAMMATICAL_NUMBERS).nullable(),
  nota_uso: textOut,
});
export type Term = z.infer<typeof termSchema>;

/**
 * A term as written. Without `estado`, the first term of its language is `preferido` and the
 * others `admitido`; without `tipo`, `termino_completo`.
 */
export const termInputSchema = z.object({
  idioma: z.enum(LANGUAGES),
  termino: freeText(z.string().max(TERM_MAX)),
  estado: z.enum(TERM_STATUSES).optional(),
  tipo: z.enum(TERM_TYPES).optional(),
  categoria_gramatical: z.enum(GRAMMATICAL_CATEGORIES).nullable().optional(),
  genero: z.enum(GRAMMATICAL_GENDERS).nullable().optional(),
  numero: z.enum(GRAMMATICAL_NUMBERS).nullable().optional(),
  nota_uso: textIn,
});
export type TermInput = z.infer<typeof termInputSchema>;

export const termsListInSchema = z.array(termInputSchema).max(TERMS_PER_ENTRY_MAX);
