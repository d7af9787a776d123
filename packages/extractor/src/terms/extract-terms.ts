import { hashString } from '../tagger/hash.ts';
import { analyseTerms } from './analyse-terms.ts';
import type { TermCategory } from './termhood.ts';

export type ExtractionLanguage = 'es' | 'en';
export type StopwordsMode = 'predeterminadas' | 'personalizadas';

export interface ExtractionOptions {
  /** Minimum frequency of a candidate, 1–10. */
  minFreq: number;
  /** `predeterminadas`: the built-in list; `personalizadas`: `customStopwords` replaces it. */
  stopwordsMode: StopwordsMode;
  customStopwords?: readonly string[];
  /** The text's language; detected when absent. */
  language?: ExtractionLanguage;
  /** Most candidates returned (default 500); statistics always count them all. */
  maxCandidates?: number;
}

/** A candidate term, in the shape of the API's extractor rows. */
export interface Candidate {
  id: string;
  termino: { es: string | null; en: string | null };
  categoria: TermCategory;
  definicion: string | null;
  /** A sentence of the text in which the term occurs. */
  contexto: string;
  notas: string | null;
  frecuencia: number;
  /** The surface forms counted under the headword `termino`, other than it (plural, other spellings). */
  variante: string[];
  /** Termhood, higher is better (0–1). */
  puntuacion: number;
}

/** Statistics as CONTRACT.md defines them, plus the language and the number of words. */
export interface ExtractionStats {
  /** Candidate occurrences (every pattern match, before stopwords and minimum frequency). */
  total_terminos: number;
  /** Distinct candidates among those occurrences. */
  terminos_unicos: number;
  /** Distinct candidates left after the stopwords and the minimum frequency. */
  terminos_filtrados: number;
  modo_stopwords: StopwordsMode;
  idioma: ExtractionLanguage;
  /** Running words of the text (tokens with a letter or digit). */
  palabras: number;
}

export interface ExtractionResult {
  entradas: Candidate[];
  estadisticas: ExtractionStats;
}

const DEFAULT_MAX_CANDIDATES = 500;
const MAX_VARIANTS = 10;

/**
 * Extracts candidate terms from a text: tags it, matches part-of-speech patterns, counts the
 * inflections of a term under its headword (its lemma form), drops stopwords and ranks by
 * termhood. Deterministic.
 */
export function extractTerms(text: string, options: ExtractionOptions): ExtractionResult {
  const analysis = analyseTerms(text, options);
  const usedIds = new Set<string>();
  const entradas = analysis.ranked.slice(0, options.maxCandidates ?? DEFAULT_MAX_CANDIDATES).map((term): Candidate => {
    let id = `t${hashString(term.key).toString(36)}`;
    while (usedIds.has(id)) id += 'x';
    usedIds.add(id);
    const display = term.headword;
    const lowerHeadword = display.toLowerCase();
    return {
      id,
      termino: analysis.language === 'es' ? { es: display, en: null } : { es: null, en: display },
      categoria: term.category,
      definicion: null,
      contexto: term.context,
      notas: null,
      frecuencia: term.frequency,
      variante: term.forms.filter((f) => f.toLowerCase() !== lowerHeadword).slice(0, MAX_VARIANTS),
      puntuacion: Math.round(term.score * 10_000) / 10_000,
    };
  });
  return { entradas, estadisticas: analysis.stats };
}
