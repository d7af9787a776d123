import type { Language } from '@ludoterm/contract';

/** A definition found in a concept: its language (`null` at concept level), source and notes. */
export interface FoundDefinition {
  lang: Language | null;
  value: string;
  source: string | null;
  notes: string[];
}

/** Where a concept's definitions and sources go on the card. */
export interface PlacedDefinitions {
  /** `definicion`: the base language's definitions, or without them the concept-level ones. */
  definicion: string | null;
  /** `definicion_{meta}`: the target language's. */
  definicionMeta: string | null;
  fuente: string | null;
  /** The definitions' own notes, and a concept-level definition beside a base one: they lead the notes. */
  leadingNotes: string[];
  /** Sources with no room in `fuente`: they close the notes. */
  trailingNotes: string[];
}

function joined(definitions: readonly FoundDefinition[]): string | null {
  return definitions.length > 0 ? [...new Set(definitions.map((d) => d.value))].join('\n') : null;
}

function sourcesOf(definitions: readonly FoundDefinition[]): string[] {
  return definitions.flatMap((d) => (d.source ? [d.source] : []));
}

/**
 * Each language's definitions go to its own field (several in one language, one per line); the
 * base definition's source (or a standalone one) fills `fuente`, and the target definition's
 * fills it only when nothing else does: a second source has no field and goes to the notes.
 */
export function placeDefinitions(
  found: readonly FoundDefinition[],
  base: Language,
  target: Language,
  tagOf: (lang: Language) => string,
  standaloneSources: readonly string[],
): PlacedDefinitions {
  const baseDefs = found.filter((d) => d.lang === base);
  const conceptDefs = found.filter((d) => d.lang === null);
  const targetDefs = found.filter((d) => d.lang === target);
  const main = baseDefs.length > 0 ? baseDefs : conceptDefs;
  const leadingNotes = [...main, ...targetDefs].flatMap((d) => d.notes);
  if (main !== conceptDefs) {
    // A definition of no language beside the base language's: no field of its own.
    for (const d of conceptDefs) {
      leadingNotes.push(`Definición: ${d.value}`);
      if (d.source) leadingNotes.push(`Fuente de la definición: ${d.source}`);
      leadingNotes.push(...d.notes);
    }
  }
  const sources = new Set([...sourcesOf(main), ...standaloneSources]);
  const [first = null, ...others] = sources;
  let fuente = first;
  const trailingNotes = others.map((s) => `Fuente: ${s}`);
  for (const source of new Set(sourcesOf(targetDefs))) {
    if (fuente === null) fuente = source;
    else if (!sources.has(source))
      trailingNotes.push(`Fuente de la definición (${tagOf(target)}): ${source}`);
  }
  return {
    definicion: joined(main),
    definicionMeta: joined(targetDefs),
    fuente,
    leadingNotes,
    trailingNotes,
  };
}
