import type { Language, TermInput } from '@ludoterm/contract';
import { withoutRepeatedTerms } from '../terms/read-terms.ts';
import { unknownStatusWarning } from '../terms/term-warnings.ts';
import { isVariantTermType, type TbxCategory } from './tbx-categories.ts';
import { genderOf, grammaticalCategoryOf, numberOf, statusOf, termTypeOf } from './tbx-term-data.ts';

// A TBX concept's terms as the reader collects them, and the entry's term list made from them.

/** One data category value found in an entry. */
export interface Item {
  category: TbxCategory | null;
  /** The raw type, for labelling unknown categories in the notes. */
  type: string;
  value: string | null;
  /** The source given with it in the same group. */
  source: string | null;
  /** Notes given with it in the same group. */
  notes: string[];
  /** `xref` target. */
  target?: string;
}

export interface Term {
  lang: Language;
  tag: string;
  text: string | null;
  termType: string | null;
  /** The term's own status and grammar, as written. */
  status: string | null;
  gender: string | null;
  number: string | null;
  items: Item[];
}

/**
 * A language's main term, the one the card shows: its first preferred term; with statuses and
 * none preferred, its first term (as the card keeps it); without statuses, the first that is not
 * an abbreviation or variant.
 */
export function mainTermOf(terms: readonly Term[], lang: Language): Term | undefined {
  let main: Term | undefined;
  let first: Term | undefined;
  let preferred: Term | undefined;
  let withStatus = false;
  for (const t of terms) {
    if (t.lang !== lang || t.text === null) continue;
    first ??= t;
    if (t.status !== null) withStatus = true;
    if (!preferred && t.status !== null && statusOf(t.status) === 'preferido') preferred = t;
    if (!main && !isVariantTermType(t.termType)) main = t;
  }
  return preferred ?? (withStatus ? first : (main ?? first));
}

/** Whether a concept's terms say more than one plain term per language: it keeps a term list. */
export function hasTermList(terms: readonly Term[], langs: readonly Language[]): boolean {
  if (terms.some((t) => t.status !== null || t.gender !== null || t.number !== null)) return true;
  return langs.some((lang) => terms.filter((t) => t.lang === lang && t.text !== null).length > 1);
}

/** Each language's terms with the status, type, grammar and usage note of each. */
export function termList(
  terms: readonly Term[],
  langs: readonly Language[],
  mainTerms: Map<Language, Term>,
  avisos: string[],
): TermInput[] {
  const list: TermInput[] = [];
  for (const lang of langs) {
    const main = mainTerms.get(lang);
    if (!main) continue;
    // In the file's order: the entry's shown term is its first preferred one wherever it stands.
    const own = terms.filter((t) => t.lang === lang && t.text !== null);
    for (const t of own) {
      const known = t.status !== null ? statusOf(t.status) : null;
      if (t.status !== null && known === null) {
        avisos.push(unknownStatusWarning(t.status, t.text!));
      }
      const pos = t.items.find((i) => i.category === 'partOfSpeech')?.value ?? null;
      const usage = t.items.filter((i) => i.category === 'note' && i.value).map((i) => i.value);
      list.push({
        idioma: lang,
        termino: t.text!,
        // A status LudoTerm does not know is kept as admitted (and reported).
        estado: known ?? (t.status === null && t === main ? 'preferido' : 'admitido'),
        tipo: termTypeOf(t.termType),
        categoria_gramatical: grammaticalCategoryOf(pos),
        genero: genderOf(t.gender),
        numero: numberOf(t.number),
        nota_uso: usage.length > 0 ? usage.join('; ') : null,
      });
    }
  }
  return withoutRepeatedTerms(list, avisos);
}
