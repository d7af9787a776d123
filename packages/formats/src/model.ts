import { cardFields, type CardField, type Entry, type EntryInput, type Language } from '@ludoterm/contract';

/** The two languages of the glossary a file is read into or written from. */
export interface GlossaryLanguages {
  idioma_origen: Language;
  idioma_meta: Language;
}

/** What the writers need to know about the glossary besides its entries. */
export interface GlossaryMeta extends GlossaryLanguages {
  nombre: string;
  nombre_seguro: string;
  descripcion: string | null;
  /** Shown on the PDF title page and written in the JSON export when known. */
  num_entradas?: number;
}

/** An entry as the API answers it; server fields are written where a format has a slot for them. */
export type ExportEntry = Partial<Entry> & Partial<Record<LanguageFieldId, string | null>>;

/** The per-language fields, spelled out: the contract's helper widens these keys, so `Entry` does not list them. */
export type LanguageFieldId = `contexto_${Language}` | `fuente_contexto_${Language}` | `definicion_${Language}`;

/** Entries fed to a writer, e.g. straight from keyset pages of the database. */
export type EntrySource = AsyncIterable<ExportEntry> | Iterable<ExportEntry>;

interface CardShape {
  fields: CardField[];
  ids: string[];
  nonTermIds: string[];
  /** What `blankEntry` copies: every field null, `termino` first (set by the copy). */
  blank: Readonly<Record<string, null>>;
}

// Readers and writers ask for the card once per entry: build it once per language pair.
const cards = new Map<string, CardShape>();

function cardOf(langs: GlossaryLanguages): CardShape {
  const key = `${langs.idioma_origen}>${langs.idioma_meta}`;
  let card = cards.get(key);
  if (!card) {
    const fields = cardFields(langs.idioma_origen, langs.idioma_meta);
    const ids = fields.map((f) => f.id);
    const nonTermIds = ids.filter((id) => !id.startsWith('termino.'));
    const blank: Record<string, null> = { termino: null };
    for (const id of nonTermIds) blank[id] = null;
    blank['comentarios_privados'] = null;
    // Built key by key, an object of this many fields falls into V8's dictionary mode, slow
    // to read and write; JSON.parse builds it with fast properties, and copies keep them.
    card = { fields, ids, nonTermIds, blank: JSON.parse(JSON.stringify(blank)) as typeof blank };
    cards.set(key, card);
  }
  return card;
}

/** Field ids of the card for these languages, in card order (`termino.es`, …, `notas`). */
export function cardFieldIds(langs: GlossaryLanguages): readonly string[] {
  return cardOf(langs).ids;
}

export function glossaryCardFields(langs: GlossaryLanguages): readonly CardField[] {
  return cardOf(langs).fields;
}

/** The two languages in order: base, then target. */
export function languagesOf(langs: GlossaryLanguages): [Language, Language] {
  return [langs.idioma_origen, langs.idioma_meta];
}

/** The card fields besides the two terms, in card order. */
export function nonTermFieldIds(langs: GlossaryLanguages): readonly string[] {
  return cardOf(langs).nonTermIds;
}

/**
 * An entry with every field of the glossary's card present and `null`: what every reader starts
 * from, so two reads of the same content compare equal whatever the format.
 */
export function blankEntry(langs: GlossaryLanguages): EntryInput {
  const entry: Record<string, unknown> = { ...cardOf(langs).blank };
  entry['termino'] = { [langs.idioma_origen]: null, [langs.idioma_meta]: null };
  return entry as EntryInput;
}

/** Reads any card field by id (`termino.es`, `contexto_en`, `notas`…) from an entry. */
export function getField(entry: ExportEntry | EntryInput, id: string): string | null {
  if (id.startsWith('termino.')) {
    const lang = id.slice('termino.'.length) as Language;
    return entry.termino?.[lang] ?? null;
  }
  const value = (entry as Record<string, unknown>)[id];
  return typeof value === 'string' ? value : null;
}

export function setField(entry: EntryInput, id: string, value: string | null): void {
  if (id.startsWith('termino.')) {
    const lang = id.slice('termino.'.length) as Language;
    (entry.termino ??= {})[lang] = value;
    return;
  }
  (entry as Record<string, unknown>)[id] = value;
}

export function hasAnyTerm(entry: EntryInput, langs: GlossaryLanguages): boolean {
  const t = entry.termino;
  return Boolean(t?.[langs.idioma_origen] || t?.[langs.idioma_meta]);
}

/** `''` and whitespace-only text become `null`; everything else is kept as it is. */
export function nullIfBlank(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.trim() === '' ? null : value;
}

/** Trims and maps blank to `null`: how the non-JSON readers store every value. */
export function cleanValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
