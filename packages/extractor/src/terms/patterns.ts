// Part-of-speech patterns of multi-word terms, as small deterministic automata over word
// classes, so that a span can be extended one word at a time in constant work.
//
// Spanish: (ADJ)? NOUN (NOUN | ADJ | participle)* ((de | a | en | con | sin | por | para) (el | la | los | las)? NOUN (ADJ | participle)*)*
//   poción de salud, jefe final, punto de guardado, daño a distancia, gran jefe
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
} as const;
export type WordClass = (typeof WordClass)[keyof typeof WordClass];

const SPANISH_PREPOSITIONS = new Set(['de', 'a', 'en', 'con', 'sin', 'por', 'para']);
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
      return WordClass.Adjective;
    case 'VERB':
      return (language === 'es' ? SPANISH_PARTICIPLE : ENGLISH_MODIFIER).test(lower) ? WordClass.Modifier : WordClass.Other;
    case 'ADP':
      return (language === 'es' ? SPANISH_PREPOSITIONS : ENGLISH_PREPOSITIONS).has(lower) ? WordClass.Preposition : WordClass.Other;
    case 'DET':
      return (language === 'es' ? SPANISH_ARTICLES : ENGLISH_ARTICLES).has(lower) ? WordClass.Article : WordClass.Other;
    default:
      return WordClass.Other;
  }
}

/** Dead state: the span can no longer become a term. */
export const DEAD = -1;
export const START = 0;

// transition[state * 7 + class] → next state; accepting[state].
interface Automaton {
  transition: Int8Array;
  accepting: Uint8Array;
}

function build(states: number, edges: ReadonlyArray<readonly [number, WordClass, number]>, accepting: readonly number[]): Automaton {
  const transition = new Int8Array(states * 7).fill(DEAD);
  for (const [from, cls, to] of edges) transition[from * 7 + cls] = to;
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

// Spanish states: 0 start, 1 after a leading adjective, 2 noun group (accepting),
// 3 after a preposition, 4 after its article.
const SPANISH = build(
  5,
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
    [3, D, 4],
    [3, N, 2],
    [3, P, 2],
    [4, N, 2],
    [4, P, 2],
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
  return cls === WordClass.Other ? DEAD : (automaton.transition[state * 7 + cls] as number);
}
