import type { CardField, Entry, EntryInput, Glossary, Language } from '@ludoterm/contract';
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
