import {
  GRAMMATICAL_CATEGORIES,
  GRAMMATICAL_GENDERS,
  GRAMMATICAL_NUMBERS,
  TERM_MAX,
  TERMS_PER_ENTRY_MAX,
  TERM_STATUSES,
  TERM_TYPES,
  termFieldId,
  quoted,
  termIdentity,
  type EntryInput,
  type Language,
  type Term,
  type TermInput,
  type TermStatus,
} from '@ludoterm/contract';
import { AppError } from '../../errors.ts';
import { cleanText } from './card-text.ts';
import type { CardLanguages, StoredCard } from './entry-card.ts';

// An entry's terms, stored inside its `ficha` under `terminos` (so versions, restores and copies
// carry them with the card). A card whose terms say no more than its `termino.xx` fields (one
// preferred full term per language, no grammar) stores none: they are derived when read.

/** A term as stored: the optional fields only when they hold something. */
export type StoredTerm = Pick<Term, 'idioma' | 'termino' | 'estado' | 'tipo'> &
  Partial<Pick<Term, 'categoria_gramatical' | 'genero' | 'numero' | 'nota_uso'>>;

const TERMS_KEY = 'terminos';

export interface StoredContent {
  card: StoredCard;
  terms: StoredTerm[];
}

function derivedTerms(card: StoredCard): StoredTerm[] {
  const terms: StoredTerm[] = [];
  for (const id in card) {
    if (!id.startsWith('termino.')) continue;
    const idioma = id.slice('termino.'.length) as Language;
    terms.push({ idioma, termino: card[id]!, estado: 'preferido', tipo: 'termino_completo' });
  }
  return terms;
}

export function readFicha(ficha: string): StoredContent {
  const parsed = JSON.parse(ficha) as Record<string, unknown>;
  const stored = parsed[TERMS_KEY] as StoredTerm[] | undefined;
  if (stored === undefined)
    return { card: parsed as StoredCard, terms: derivedTerms(parsed as StoredCard) };
  delete parsed[TERMS_KEY];
  return { card: parsed as StoredCard, terms: stored };
}

/** Whether the terms are exactly what the card's `termino.xx` fields would give (see above). */
function isDerivable(card: StoredCard, terms: readonly StoredTerm[]): boolean {
  for (const t of terms) {
    if (t.estado !== 'preferido' || t.tipo !== 'termino_completo') return false;
    if (Object.keys(t).length !== 4 || card[`termino.${t.idioma}`] !== t.termino) return false;
  }
  return true;
}

export function fichaJson(card: StoredCard, terms: readonly StoredTerm[]): string {
  return JSON.stringify(isDerivable(card, terms) ? card : { ...card, [TERMS_KEY]: terms });
}

export function termsToWire(terms: readonly StoredTerm[]): Term[] {
  return terms.map((t) => ({
    idioma: t.idioma,
    termino: t.termino,
    estado: t.estado,
    tipo: t.tipo,
    categoria_gramatical: t.categoria_gramatical ?? null,
    genero: t.genero ?? null,
    numero: t.numero ?? null,
    nota_uso: t.nota_uso ?? null,
  }));
}

/** The term `termino.{lang}` shows: the first preferred one, else the first one. */
function shownIndexOf(terms: readonly StoredTerm[], lang: Language): number {
  const preferred = terms.findIndex((t) => t.idioma === lang && t.estado === 'preferido');
  return preferred >= 0 ? preferred : terms.findIndex((t) => t.idioma === lang);
}

/** Imports hand their values over unchecked by the API's schema: each picklist is checked here. */
function checkChoice(
  termino: string,
  field: string,
  value: string | null | undefined,
  allowed: readonly string[],
): void {
  if (value === undefined || value === null || allowed.includes(value)) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `El ${field} «${value}» del término «${termino}» no es válido: usa ${allowed.slice(0, -1).join(', ')} o ${allowed.at(-1)}.`,
  );
}

function storedTermOf(langs: CardLanguages, input: TermInput, status: TermStatus): StoredTerm {
  const termino = cleanText(typeof input.termino === 'string' ? input.termino : null);
  if (!termino)
    throw new AppError(
      'VALIDATION_FAILED',
      'Un término de la lista está vacío: escribe el término o quítalo.',
    );
  if (termino.length > TERM_MAX) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Un término no puede superar ${TERM_MAX.toLocaleString('es-ES')} caracteres.`,
    );
  }
  checkChoice(termino, 'estado', input.estado, TERM_STATUSES);
  checkChoice(termino, 'tipo', input.tipo, TERM_TYPES);
  checkChoice(
    termino,
    'valor de categoría gramatical',
    input.categoria_gramatical,
    GRAMMATICAL_CATEGORIES,
  );
  checkChoice(termino, 'género', input.genero, GRAMMATICAL_GENDERS);
  checkChoice(termino, 'número', input.numero, GRAMMATICAL_NUMBERS);
  if (input.idioma !== langs.origen && input.idioma !== langs.meta) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Este glosario es ${langs.origen}→${langs.meta}: el término «${termino}» está en «${input.idioma}», que no es uno de sus idiomas.`,
    );
  }
  const term: StoredTerm = {
    idioma: input.idioma,
    termino,
    estado: input.estado ?? status,
    tipo: input.tipo ?? 'termino_completo',
  };
  if (input.categoria_gramatical) term.categoria_gramatical = input.categoria_gramatical;
  if (input.genero) term.genero = input.genero;
  if (input.numero) term.numero = input.numero;
  const nota = cleanText(input.nota_uso);
  if (nota) term.nota_uso = nota;
  return term;
}

/** The input's term list: a term without a status is preferred when first of its language. */
function termsOfInput(langs: CardLanguages, inputs: readonly TermInput[]): StoredTerm[] {
  const seen = new Set<Language>();
  return inputs.map((input) => {
    const first = !seen.has(input.idioma);
    seen.add(input.idioma);
    return storedTermOf(langs, input, first ? 'preferido' : 'admitido');
  });
}

/** Applies `termino.xx` of the input to the list: it replaces (or adds, or clears) the shown term. */
function applyShownTerms(
  langs: CardLanguages,
  input: EntryInput,
  terms: StoredTerm[],
  listGiven: boolean,
): void {
  for (const lang of [langs.origen, langs.meta]) {
    const given = cleanText(input.termino?.[lang]);
    if (given === undefined) continue;
    const shown = shownIndexOf(terms, lang);
    if (given === null) {
      // With a list, the list says which terms there are; a null beside it is only an echo.
      if (!listGiven && shown >= 0) terms.splice(shown, 1);
    } else if (shown >= 0) {
      if (terms[shown]!.termino !== given) terms[shown] = { ...terms[shown]!, termino: given };
    } else {
      terms.push({ idioma: lang, termino: given, estado: 'preferido', tipo: 'termino_completo' });
    }
  }
}

/** One preferred term per language: the first keeps it, the others become admitted. */
function keepOnePreferred(terms: StoredTerm[], avisos: string[]): void {
  const preferred = new Map<Language, string>();
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i]!;
    if (term.estado !== 'preferido') continue;
    const first = preferred.get(term.idioma);
    if (first === undefined) {
      preferred.set(term.idioma, term.termino);
      continue;
    }
    terms[i] = { ...term, estado: 'admitido' };
    avisos.push(
      `Solo puede haber un término preferido por idioma: ${quoted(first)} sigue siendo el preferido (${term.idioma}) y ${quoted(term.termino)} pasa a admitido.`,
    );
  }
}

function assertNoRepeatedTerm(terms: readonly StoredTerm[]): void {
  // One term per language, the usual card, cannot repeat.
  if (terms.length <= 2 && terms[0]?.idioma !== terms[1]?.idioma) return;
  const seen = new Set<string>();
  for (const term of terms) {
    const key = `${term.idioma}\u0001${termIdentity(term.termino)}`;
    if (seen.has(key)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `El término ${quoted(term.termino)} (${term.idioma}) aparece dos veces en la entrada: deja uno solo.`,
      );
    }
    seen.add(key);
  }
}

/**
 * The entry's terms after a write: the input's list (or the current one), with its `termino.xx`
 * applied; `card` gets each language's shown term. Adjustments are added to `avisos`.
 */
export function mergeTerms(
  langs: CardLanguages,
  input: EntryInput,
  current: readonly StoredTerm[],
  card: StoredCard,
  avisos: string[],
): StoredTerm[] {
  const listGiven = input.terminos !== undefined;
  // The API's schema already stops longer lists; an import's file does not pass through it.
  if (listGiven && input.terminos!.length > TERMS_PER_ENTRY_MAX) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Una entrada admite como mucho ${TERMS_PER_ENTRY_MAX} términos entre sus dos idiomas.`,
    );
  }
  const terms = listGiven ? termsOfInput(langs, input.terminos!) : current.map((t) => ({ ...t }));
  applyShownTerms(langs, input, terms, listGiven);
  keepOnePreferred(terms, avisos);
  assertNoRepeatedTerm(terms);
  for (const lang of [langs.origen, langs.meta]) {
    const shown = shownIndexOf(terms, lang);
    if (shown >= 0) card[termFieldId(lang)] = terms[shown]!.termino;
    else delete card[termFieldId(lang)];
  }
  return terms;
}
