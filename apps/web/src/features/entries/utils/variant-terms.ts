import { termIdentity, type Entry, type Language, type TermInput } from '@ludoterm/contract';

/** A variant the user is about to turn into a term, and the language chosen for it. */
export interface VariantChoice {
  termino: string;
  idioma: Language;
}

/**
 * The separate variants of the free-text Variantes field. Imports and the old extractor joined
 * them with "; ", and people write one per line; commas stay, as a variant may hold one.
 * Repeats (by the server's term identity) are dropped.
 */
export function splitVariants(text: string | null): string[] {
  const seen = new Set<string>();
  const variants: string[] = [];
  for (const part of (text ?? '').split(/[;\n]/)) {
    const variant = part.trim();
    if (!variant || seen.has(termIdentity(variant))) continue;
    seen.add(termIdentity(variant));
    variants.push(variant);
  }
  return variants;
}

/** Whether the entry already has this term in that language, by the rule the server refuses it. */
export function isExistingTerm(entry: Pick<Entry, 'terminos'>, choice: VariantChoice): boolean {
  const identity = termIdentity(choice.termino);
  return entry.terminos.some(
    (t) => t.idioma === choice.idioma && termIdentity(t.termino) === identity,
  );
}

/**
 * The entry's whole term list with the chosen variants added as admitted terms of type
 * `variante`, each right after the last term of its language so every language stays together.
 * Variants that already are terms of their language are left out.
 */
export function termsWithVariants(
  entry: Pick<Entry, 'terminos'>,
  choices: readonly VariantChoice[],
): TermInput[] {
  const list: TermInput[] = entry.terminos.map((term) => ({ ...term }));
  for (const choice of choices) {
    if (isExistingTerm(entry, choice)) continue;
    const added: TermInput = {
      idioma: choice.idioma,
      termino: choice.termino,
      estado: 'admitido',
      tipo: 'variante',
    };
    const last = list.findLastIndex((t) => t.idioma === choice.idioma);
    list.splice(last < 0 ? list.length : last + 1, 0, added);
  }
  return list;
}
