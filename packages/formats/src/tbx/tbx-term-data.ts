import type { Term } from '@ludoterm/contract';
import { foldText } from '../text/languages.ts';

// A term's own data categories in TBX (status, type, grammar) as the card's term fields.

function key(value: string): string {
  return foldText(value).replace(/[^a-z]/g, '');
}

/** Data category types that give a term's status. */
const STATUS_TYPES = new Set(['administrativestatus', 'normativeauthorization', 'usagestatus', 'status']);
const GENDER_TYPES = new Set(['grammaticalgender', 'gender', 'genero']);
const NUMBER_TYPES = new Set(['grammaticalnumber', 'number', 'numero']);

export type TermDataKind = 'status' | 'gender' | 'number';

/** Which of a term's own data a `type` names, or null. */
export function termDataKind(type: string): TermDataKind | null {
  const k = key(type);
  if (STATUS_TYPES.has(k)) return 'status';
  if (GENDER_TYPES.has(k)) return 'gender';
  if (NUMBER_TYPES.has(k)) return 'number';
  return null;
}

/**
 * A status value (`preferredTerm-admn-sts`, `deprecated`, `forbidden`…) as the card's status;
 * null when it is none LudoTerm knows. Superseded terms read as deprecated.
 */
export function statusOf(value: string): Term['estado'] | null {
  const k = key(value);
  if (k.startsWith('preferred') || k.startsWith('standardized')) return 'preferido';
  if (k.startsWith('admitted') || k.startsWith('permitted')) return 'admitido';
  if (k.startsWith('deprecated') || k.startsWith('superseded') || k.startsWith('obsolete')) {
    return 'desaconsejado';
  }
  if (k.startsWith('forbidden') || k.startsWith('prohibited')) return 'prohibido';
  return null;
}

const TYPES: Record<string, Term['tipo']> = {
  fullform: 'termino_completo',
  acronym: 'sigla',
  initialism: 'sigla',
  abbreviation: 'abreviatura',
  shortform: 'forma_corta',
  variant: 'variante',
  phrase: 'expresion',
  setphrase: 'expresion',
  collocation: 'expresion',
  formula: 'formula',
  equation: 'formula',
};

export function termTypeOf(value: string | null): Term['tipo'] {
  return (value && TYPES[key(value)]) || 'termino_completo';
}

const CATEGORIES: Record<string, NonNullable<Term['categoria_gramatical']>> = {
  noun: 'sustantivo',
  verb: 'verbo',
  adjective: 'adjetivo',
  adverb: 'adverbio',
  propernoun: 'nombre_propio',
  other: 'otra',
};

export function grammaticalCategoryOf(value: string | null): Term['categoria_gramatical'] {
  return (value && CATEGORIES[key(value)]) || null;
}

const GENDERS: Record<string, NonNullable<Term['genero']>> = {
  masculine: 'masculino',
  feminine: 'femenino',
  neuter: 'neutro',
  other: 'comun',
  common: 'comun',
};

export function genderOf(value: string | null): Term['genero'] {
  return (value && GENDERS[key(value)]) || null;
}

export function numberOf(value: string | null): Term['numero'] {
  if (!value) return null;
  const k = key(value);
  if (k === 'singular') return 'singular';
  if (k === 'plural') return 'plural';
  return k === 'othernumber' || k === 'uncountable' || k === 'mass' ? 'invariable' : null;
}

// What the writer puts in TBX-Basic's picklists. TBX-Basic has no forbidden status, no formula
// type and no grammatical number: prohibido travels as deprecated, the other two are left out.
const STATUS_VALUES: Record<Term['estado'], string> = {
  preferido: 'preferredTerm-admn-sts',
  admitido: 'admittedTerm-admn-sts',
  desaconsejado: 'deprecatedTerm-admn-sts',
  prohibido: 'deprecatedTerm-admn-sts',
};
const TYPE_VALUES: Partial<Record<Term['tipo'], string>> = {
  sigla: 'acronym',
  abreviatura: 'abbreviation',
  forma_corta: 'shortForm',
  variante: 'variant',
  expresion: 'phrase',
};
const CATEGORY_VALUES: Record<NonNullable<Term['categoria_gramatical']>, string> = {
  sustantivo: 'noun',
  verbo: 'verb',
  adjetivo: 'adjective',
  adverbio: 'adverb',
  nombre_propio: 'properNoun',
  otra: 'other',
};
const GENDER_VALUES: Record<NonNullable<Term['genero']>, string> = {
  masculino: 'masculine',
  femenino: 'feminine',
  neutro: 'neuter',
  comun: 'other',
};

/** A term's own data as TBX-Basic `termNote` type/value pairs (part of speech aside). */
export function termNotesOf(term: Pick<Term, 'estado' | 'tipo' | 'genero'>): Array<[string, string]> {
  const notes: Array<[string, string]> = [];
  const type = TYPE_VALUES[term.tipo];
  if (type) notes.push(['termType', type]);
  notes.push(['administrativeStatus', STATUS_VALUES[term.estado]]);
  if (term.genero) notes.push(['grammaticalGender', GENDER_VALUES[term.genero]]);
  return notes;
}

export function partOfSpeechValueOf(category: Term['categoria_gramatical']): string | null {
  return category ? CATEGORY_VALUES[category] : null;
}
