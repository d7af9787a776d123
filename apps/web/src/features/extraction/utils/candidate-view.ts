import {
  CANDIDATE_CATEGORIES,
  type Candidate,
  type CandidateCategory,
  type CandidateInput,
  type ExtractionLanguage,
  type Language,
} from '@ludoterm/contract';
import { foldText } from '@/lib/fold-text.ts';

export type CandidateSort = 'puntuacion' | 'frecuencia' | 'termino' | 'categoria';

/** The list's filters and order (UI state of the results). */
export interface CandidateFilters {
  /** Part of the term or of a variant, case and accents aside. */
  text: string;
  categoria: CandidateCategory | null;
  minFrecuencia: number;
  /** 0–1. */
  minPuntuacion: number;
  /** Leave out candidates some glossary of the user already holds. */
  hideKnown: boolean;
  sort: CandidateSort;
}

export const DEFAULT_FILTERS: CandidateFilters = {
  text: '',
  categoria: null,
  minFrecuencia: 1,
  minPuntuacion: 0,
  hideKnown: false,
  sort: 'puntuacion',
};

/** What the user changed in one candidate before adding it. */
export interface CandidateDraft {
  /** The term in the text's language. */
  termino: string;
  /** The term in the glossary's other language. */
  otro: string;
  categoria: CandidateCategory;
  definicion: string;
  contexto: string;
  notas: string;
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The candidate's term in the text's language. */
export function termOf(candidate: Candidate, language: ExtractionLanguage): string {
  return candidate.termino[language] ?? candidate.termino.es ?? candidate.termino.en ?? '';
}

/** The draft a candidate starts with: what the extractor proposed. */
export function draftOf(candidate: Candidate, language: ExtractionLanguage): CandidateDraft {
  return {
    termino: termOf(candidate, language),
    otro: '',
    categoria: candidate.categoria,
    definicion: candidate.definicion ?? '',
    contexto: candidate.contexto,
    notas: candidate.notas ?? '',
  };
}

const CATEGORY_ORDER = new Map(CANDIDATE_CATEGORIES.map((c, i) => [c, i]));

/** The candidates the list shows, filtered and sorted (the extractor's order breaks ties). */
export function visibleCandidates(
  candidates: readonly Candidate[],
  filters: CandidateFilters,
  language: ExtractionLanguage,
): Candidate[] {
  const needle = foldText(filters.text.trim());
  const rank = new Map(candidates.map((c, i) => [c.id, i]));
  const shown = candidates.filter(
    (c) =>
      c.frecuencia >= filters.minFrecuencia &&
      c.puntuacion >= filters.minPuntuacion &&
      (filters.categoria === null || c.categoria === filters.categoria) &&
      (!filters.hideKnown || c.en_glosarios.length === 0) &&
      (needle === '' ||
        [termOf(c, language), ...c.variante].some((form) => foldText(form).includes(needle))),
  );
  const byRank = (a: Candidate, b: Candidate) => rank.get(a.id)! - rank.get(b.id)!;
  const compare: Record<CandidateSort, (a: Candidate, b: Candidate) => number> = {
    puntuacion: (a, b) => b.puntuacion - a.puntuacion || byRank(a, b),
    frecuencia: (a, b) => b.frecuencia - a.frecuencia || byRank(a, b),
    termino: (a, b) => collator.compare(termOf(a, language), termOf(b, language)) || byRank(a, b),
    categoria: (a, b) =>
      CATEGORY_ORDER.get(a.categoria)! - CATEGORY_ORDER.get(b.categoria)! || byRank(a, b),
  };
  return shown.sort(compare[filters.sort]);
}

/** The most frequent candidates, for the chart. */
export function mostFrequent(candidates: readonly Candidate[], count: number): Candidate[] {
  return [...candidates]
    .sort((a, b) => b.frecuencia - a.frecuencia || b.puntuacion - a.puntuacion)
    .slice(0, count);
}

/** The glossary language that is not the text's: the other term's language. */
export function otherLanguageOf(
  language: ExtractionLanguage,
  glossary: { idioma_origen: Language; idioma_meta: Language } | null,
): Language {
  if (glossary && (glossary.idioma_origen === language || glossary.idioma_meta === language)) {
    return glossary.idioma_origen === language ? glossary.idioma_meta : glossary.idioma_origen;
  }
  return language === 'es' ? 'en' : 'es';
}

/** The candidate as `POST …/entradas/candidatos` takes it, with the user's edits. */
export function toCandidateInput(
  candidate: Candidate,
  draft: CandidateDraft | undefined,
  language: ExtractionLanguage,
  other: Language,
): CandidateInput {
  const d = draft ?? draftOf(candidate, language);
  return {
    id: candidate.id,
    termino: { [language]: d.termino.trim(), [other]: d.otro.trim() || null },
    categoria: d.categoria,
    definicion: d.definicion.trim() || null,
    contexto: d.contexto.trim() || null,
    notas: d.notas.trim() || null,
    variante: candidate.variante,
  };
}
