import type {
  CardField,
  Entry,
  EntryInput,
  Glossary,
  Language,
  Term,
  TermInput,
} from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';

type Languages = Pick<Glossary, 'idioma_origen' | 'idioma_meta'>;

/** The value of a card field of an entry (`termino.es` reads `entry.termino.es`). */
export function fieldValue(entry: Pick<Entry, 'termino'>, fieldId: string): string | null {
  if (fieldId.startsWith('termino.')) {
    return entry.termino[fieldId.slice('termino.'.length) as Language] ?? null;
  }
  const value = (entry as unknown as Record<string, unknown>)[fieldId];
  return typeof value === 'string' ? value : null;
}

/** The base-language term, or the target one, or '(sin término)': how an entry is named. */
export function entryTitle(entry: Entry, glossary: Languages): string {
  return (
    entry.termino[glossary.idioma_origen] ||
    entry.termino[glossary.idioma_meta] ||
    es.entries.untitled
  );
}

/**
 * The form's name for a card field: react-hook-form reads dots as nesting, so `termino.es`
 * becomes `termino__es`.
 */
export function formKey(fieldId: string): string {
  return fieldId.replaceAll('.', '__');
}

/** Form values (form key → text) of an entry, every field of the card present. */
export function formValuesOf(
  entry: Entry | null,
  fields: readonly CardField[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    values[formKey(field.id)] = entry ? (fieldValue(entry, field.id) ?? '') : '';
  }
  values.comentarios_privados = entry?.comentarios_privados ?? '';
  return values;
}

/**
 * The input written back from form values: every card field (empty → null, which clears it),
 * terms keyed by language; private comments only when the form showed them.
 */
export function inputOf(
  values: Record<string, string>,
  fields: readonly CardField[],
  { withPrivateComments }: { withPrivateComments: boolean },
): EntryInput {
  const input: Record<string, unknown> = {};
  const termino: Partial<Record<Language, string | null>> = {};
  for (const field of fields) {
    const value = values[formKey(field.id)]?.trim() || null;
    if (field.id.startsWith('termino.'))
      termino[field.id.slice('termino.'.length) as Language] = value;
    else input[field.id] = value;
  }
  if (withPrivateComments) input.comentarios_privados = values.comentarios_privados?.trim() || null;
  return { ...(input as EntryInput), termino };
}

/** Each language's shown term: its first preferred one, else its first. */
export function shownTermsOf(entry: Entry | null): Map<Language, Term> {
  const shown = new Map<Language, Term>();
  for (const term of entry?.terminos ?? []) {
    const current = shown.get(term.idioma);
    if (!current || (current.estado !== 'preferido' && term.estado === 'preferido')) {
      shown.set(term.idioma, term);
    }
  }
  return shown;
}

/** The entry's terms other than the shown ones, in order. */
export function otherTermsOf(entry: Entry | null): Term[] {
  const shown = new Set(shownTermsOf(entry).values());
  return (entry?.terminos ?? []).filter((term) => !shown.has(term));
}

/**
 * The whole term list written back: each language's term from its `Término (xx)` box (keeping
 * the shown term's status and grammar), then the other terms of that language in their order.
 */
export function termsInputOf(
  values: Record<string, string>,
  languages: readonly Language[],
  shown: Map<Language, Term>,
  others: readonly Term[],
): TermInput[] {
  const list: TermInput[] = [];
  for (const lang of languages) {
    const text = values[formKey(`termino.${lang}`)]?.trim();
    if (text) {
      const before = shown.get(lang);
      list.push({
        ...(before ?? {}),
        idioma: lang,
        termino: text,
        estado: before?.estado ?? 'preferido',
      });
    }
    for (const term of others) {
      if (term.idioma !== lang || !term.termino.trim()) continue;
      list.push({
        idioma: term.idioma,
        termino: term.termino.trim(),
        estado: term.estado,
        tipo: term.tipo,
        categoria_gramatical: term.categoria_gramatical,
        genero: term.genero,
        numero: term.numero,
        nota_uso: term.nota_uso?.trim() || null,
      });
    }
  }
  return list;
}
