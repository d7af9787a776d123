import { z } from 'zod';

export const MIN_FREQ_MIN = 1;
export const MIN_FREQ_MAX = 10;
export const MIN_FREQ_DEFAULT = 2;

export const STOPWORD_MODES = ['predeterminadas', 'personalizadas'] as const;
export const stopwordModeSchema = z.enum(STOPWORD_MODES);

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
  stopwords_personalizadas: z.string().max(200_000).optional(),
  texto: z.string().optional(),
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
  idioma: z.enum(['es', 'en']),
  palabras: z.number().int(),
});
export type ExtractionStats = z.infer<typeof extractionStatsSchema>;

export const extractionAnswerSchema = z.object({
  entradas: z.array(candidateSchema),
  estadisticas: extractionStatsSchema,
});
export type ExtractionAnswer = z.infer<typeof extractionAnswerSchema>;
