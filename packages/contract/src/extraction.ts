import { z } from 'zod';
import { freeText, lineText, textIn } from './common.ts';
import { termsInSchema } from './entries.ts';

export const MIN_FREQ_MIN = 1;
export const MIN_FREQ_MAX = 10;
export const MIN_FREQ_DEFAULT = 2;

export const STOPWORD_MODES = ['predeterminadas', 'personalizadas'] as const;
export const stopwordModeSchema = z.enum(STOPWORD_MODES);

/** The languages the extractor reads (other languages answer 422). */
export const EXTRACTION_LANGUAGES = ['es', 'en'] as const;
export const extractionLanguageSchema = z.enum(EXTRACTION_LANGUAGES);
export type ExtractionLanguage = z.infer<typeof extractionLanguageSchema>;

/** Default of the server's EXTRACTOR_MAX_CANDIDATES: the best ranked; statistics count all. */
export const EXTRACTOR_MAX_CANDIDATES_DEFAULT = 2000;

export const EXTRACTOR_FILE_EXTENSIONS = ['.txt', '.csv', '.docx', '.pdf'] as const;
export const STOPWORD_FILE_EXTENSIONS = ['.txt'] as const;

export const CANDIDATE_CATEGORIES = ['NOUN', 'PROPN', 'ADJ', 'VERB', 'NOUN_PHRASE'] as const;
export const candidateCategorySchema = z.enum(CANDIDATE_CATEGORIES);
export type CandidateCategory = z.infer<typeof candidateCategorySchema>;

/** The Spanish label stored in `categoria` when a candidate becomes an entry. */
export const CATEGORY_LABELS_ES: Record<CandidateCategory, string> = {
  NOUN: 'sustantivo',
  PROPN: 'nombre propio',
  ADJ: 'adjetivo',
  VERB: 'verbo',
  NOUN_PHRASE: 'sintagma nominal',
};

/** Text fields of the multipart body of `POST /extractor` (files: `archivo`, `archivo_stopwords`). */
export const extractionFieldsSchema = z.object({
  min_freq: z.coerce.number().int().min(MIN_FREQ_MIN).max(MIN_FREQ_MAX).default(MIN_FREQ_DEFAULT),
  modo_stopwords: stopwordModeSchema.default('predeterminadas'),
  stopwords_personalizadas: freeText(z.string().max(200_000)).optional(),
  texto: freeText(z.string()).optional(),
  idioma: z.enum(['es', 'en']).optional(),
});

export const candidateSchema = z.object({
  id: z.string(),
  termino: z.object({ es: z.string().nullable(), en: z.string().nullable() }),
  categoria: candidateCategorySchema,
  definicion: z.string().nullable(),
  contexto: z.string(),
  notas: z.string().nullable(),
  frecuencia: z.number().int(),
  /** The other surface forms merged into this candidate. */
  variante: z.array(z.string()),
  puntuacion: z.number(),
  /** Names of the caller's glossaries that already hold the term. */
  en_glosarios: z.array(z.string()),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const extractionStatsSchema = z.object({
  total_terminos: z.number().int(),
  terminos_unicos: z.number().int(),
  terminos_filtrados: z.number().int(),
  modo_stopwords: stopwordModeSchema,
  idioma: extractionLanguageSchema,
  palabras: z.number().int(),
});
export type ExtractionStats = z.infer<typeof extractionStatsSchema>;

export const extractionAnswerSchema = z.object({
  entradas: z.array(candidateSchema),
  estadisticas: extractionStatsSchema,
});
export type ExtractionAnswer = z.infer<typeof extractionAnswerSchema>;

/** Most candidates one `POST /glosarios/{ns}/entradas/candidatos` adds. */
export const ADD_CANDIDATES_MAX = 2000;

/**
 * A candidate sent back to be added, with the user's edits; `termino` may also hold the other
 * language's term. Unknown and answer-only fields are ignored.
 */
export const candidateInputSchema = z.object({
  id: lineText(z.string().max(100)).nullable().optional(),
  termino: termsInSchema,
  categoria: candidateCategorySchema.nullable().optional(),
  definicion: textIn,
  contexto: textIn,
  notas: textIn,
  variante: z.array(lineText(z.string().max(500))).max(100).nullable().optional(),
});
export type CandidateInput = z.infer<typeof candidateInputSchema>;

/**
 * `POST /glosarios/{ns}/entradas/candidatos`: `idioma` is the text's language, which the glossary
 * must have; `fuente` is the document's name (empty: 'Texto pegado').
 */
export const addCandidatesInputSchema = z.object({
  idioma: extractionLanguageSchema,
  fuente: lineText(z.string().max(500)).nullable().optional(),
  candidatos: z
    .array(candidateInputSchema)
    .min(1, { error: 'Selecciona al menos un candidato.' })
    .max(ADD_CANDIDATES_MAX, { error: `Añade como máximo ${ADD_CANDIDATES_MAX} candidatos a la vez.` }),
});
export type AddCandidatesInput = z.infer<typeof addCandidatesInputSchema>;

/** What happened to one candidate, in the order they were sent. */
export const addedCandidateSchema = z.object({
  /** The candidate's `id` as sent (null when none was sent). */
  id: z.string().nullable(),
  /** The new entry's id; null when the candidate was skipped as already in the glossary. */
  entrada_id: z.number().int().nullable(),
});

/** `omitidas`: candidates whose term the glossary already holds. */
export const addCandidatesAnswerSchema = z.object({
  añadidas: z.number().int(),
  omitidas: z.number().int(),
  resultados: z.array(addedCandidateSchema),
});
export type AddCandidatesAnswer = z.infer<typeof addCandidatesAnswerSchema>;
