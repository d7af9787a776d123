// Part-of-speech patterns of multi-word terms, as small deterministic automata over word
// classes, so that a span can be extended one word at a time in constant work.
//
// Spanish: (leading ADJ)? NOUN (NOUN | ADJ | participle)* ((de (el | la | los | las)? | a) NOUN (NOUN | ADJ | participle)*)*
//   poción de salud, jefe final, punto de guardado, ataque a distancia, gran hacha
// English: (ADJ | NOUN | -ing/-ed)* NOUN (of (the | a)? (ADJ)* NOUN+)?
//   healing potion, final boss, horizontal axis wind turbine, scroll of magic mapping

export type TermLanguage = 'es' | 'en';

/** Word classes the automata read. */
export const WordClass = {
  Noun: 0,
  ProperNoun: 1,
  Adjective: 2,
  /** A verb form that can modify a noun: a Spanish participle, an English -ing or -ed form. */
  Modifier: 3,
  /** A preposition allowed inside a term. */
  Preposition: 4,
  /** An article allowed after such a preposition. */
  Article: 5,
  Other: 6,
  /** A preposition allowed inside a term but not followed by an article (Spanish "a"). */
  BarePreposition: 7,
} as const;
export type WordClass = (typeof WordClass)[keyof typeof WordClass];

// Only "de" (with or without article) and "a" (without: "ataque a distancia", "cuerpo a cuerpo")
// build Spanish terms often enough; "con", "por", "para"… mostly join a term to its context.
const SPANISH_PREPOSITIONS = new Set(['de']);
const SPANISH_BARE_PREPOSITIONS = new Set(['a']);
/** Adjectives that come before the noun in Spanish terms ("gran hacha", "primer nivel"). */
const SPANISH_LEADING_ADJECTIVES = new Set(
  'gran grandes pequeño pequeña pequeños pequeñas nuevo nueva nuevos nuevas primer primera primero primeros primeras segundo segunda tercer tercera último última últimos últimas mejor mejores alto alta altos altas bajo baja doble triple medio media falso falsa viejo vieja antiguo antigua máximo máxima mínimo mínima sumo suma'.split(
    ' ',
  ),
);
const SPANISH_ARTICLES = new Set(['el', 'la', 'los', 'las']);
const ENGLISH_PREPOSITIONS = new Set(['of']);
const ENGLISH_ARTICLES = new Set(['the', 'a', 'an']);
const SPANISH_PARTICIPLE = /(?:ad|id|ít|ort|iert|ech|uest|ist|elt|olv|ubiert)[oa]s?$/;
const ENGLISH_MODIFIER = /(?:ing|ed)$/;

/** The class of a tagged word (`lower` is its lower-case form). */
export function classify(tag: string, lower: string, language: TermLanguage): WordClass {
  switch (tag) {
    case 'NOUN':
      return WordClass.Noun;
    case 'PROPN':
      return WordClass.ProperNoun;
    case 'ADJ':
      // A Spanish participle tagged as an adjective still behaves as one ("armadura encantada",
      // and after "de" as a noun: "punto de guardado").
      return language === 'es' && SPANISH_PARTICIPLE.test(lower) ? WordClass.Modifier : WordClass.Adjective;
    case 'VERB':
      return (language === 'es' ? SPANISH_PARTICIPLE : ENGLISH_MODIFIER).test(lower) ? WordClass.Modifier : WordClass.Other;
    case 'ADP':
      if ((language === 'es' ? SPANISH_PREPOSITIONS : ENGLISH_PREPOSITIONS).has(lower)) return WordClass.Preposition;
      return language === 'es' && SPANISH_BARE_PREPOSITIONS.has(lower) ? WordClass.BarePreposition : WordClass.Other;
    case 'DET':
      return (language === 'es' ? SPANISH_ARTICLES : ENGLISH_ARTICLES).has(lower) ? WordClass.Article : WordClass.Other;
    default:
      return WordClass.Other;
  }
}

/** Whether an adjective may start a multi-word term ("gran hacha", but not "devastador ataque"). */
export function canLeadTerm(lower: string, language: TermLanguage): boolean {
  return language === 'en' || SPANISH_LEADING_ADJECTIVES.has(lower);
}

/** Dead state: the span can no longer become a term. */
export const DEAD = -1;
export const START = 0;

const CLASSES = 8;

// transition[state * CLASSES + class] → next state; accepting[state].
interface Automaton {
  transition: Int8Array;
  accepting: Uint8Array;
}

function build(states: number, edges: ReadonlyArray<readonly [number, WordClass, number]>, accepting: readonly number[]): Automaton {
  const transition = new Int8Array(states * CLASSES).fill(DEAD);
  for (const [from, cls, to] of edges) transition[from * CLASSES + cls] = to;
  const accept = new Uint8Array(states);
  for (const s of accepting) accept[s] = 1;
  return { transition, accepting: accept };
}

const N = WordClass.Noun;
const P = WordClass.ProperNoun;
const A = WordClass.Adjective;
const M = WordClass.Modifier;
const O = WordClass.Preposition;
const D = WordClass.Article;
const B = WordClass.BarePreposition;

// Spanish states: 0 start, 1 after a leading adjective, 2 noun group (accepting),
// 3 after "de", 4 after its article, 5 after "a".
const SPANISH = build(
  6,
  [
    [0, A, 1],
    [0, N, 2],
    [0, P, 2],
    [1, N, 2],
    [2, N, 2],
    [2, P, 2],
    [2, A, 2],
    [2, M, 2],
    [2, O, 3],
    [2, B, 5],
    [3, D, 4],
    [3, N, 2],
    [3, P, 2],
    // A participle used as a noun after "de": "punto de guardado".
    [3, M, 2],
    [4, N, 2],
    [4, P, 2],
    [5, N, 2],
  ],
  [2],
);

// English states: 0 start, 1 modifiers, 2 noun (accepting), 3 after "of", 4 after its article,
// 5 modifiers after "of", 6 noun after "of" (accepting).
const ENGLISH = build(
  7,
  [
    [0, A, 1],
    [0, M, 1],
    [0, N, 2],
    [0, P, 2],
    [1, A, 1],
    [1, M, 1],
    [1, N, 2],
    [1, P, 2],
    [2, N, 2],
    [2, P, 2],
    [2, A, 1],
    [2, M, 1],
    [2, O, 3],
    [3, D, 4],
    [3, A, 5],
    [3, N, 6],
    [3, P, 6],
    [4, A, 5],
    [4, N, 6],
    [4, P, 6],
    [5, A, 5],
    [5, N, 6],
    [6, N, 6],
    [6, P, 6],
  ],
  [2, 6],
);

export const AUTOMATA: Readonly<Record<TermLanguage, Automaton>> = { es: SPANISH, en: ENGLISH };

/** Next state after reading a word of class `cls` (DEAD when the span cannot be a term). */
export function step(automaton: Automaton, state: number, cls: WordClass): number {
  return cls === WordClass.Other ? DEAD : (automaton.transition[state * CLASSES + cls] as number);
}
