import {
  CARD_TEXT_FIELDS,
  ENTRY_TEXT_MAX,
  LANGUAGES,
  TEXT_FIELD_MAX,
  cardFieldLabel,
  cardFields,
  contextFieldId,
  contextSourceFieldId,
  definitionFieldId,
  termFieldId,
  type Entry,
  type EntryInput,
  type HistoryItem,
  type Language,
  type ReviewState,
} from '@ludoterm/contract';
import { AppError } from '../../errors.ts';
import { foldText } from '../../lib/text-folding.ts';
import { originalRecordOf } from './card-provenance.ts';
import { mergeTerms, readFicha, termsToWire, type StoredTerm } from './card-terms.ts';
import { cleanText } from './card-text.ts';
import { entrySortKey } from './sort-key.ts';

/** A glossary's two languages: the card's term and context fields follow them. */
export interface CardLanguages {
  origen: Language;
  meta: Language;
}

export function languagesOf(glossary: {
  idioma_origen: string;
  idioma_meta: string;
}): CardLanguages {
  return { origen: glossary.idioma_origen as Language, meta: glossary.idioma_meta as Language };
}

/** The card as stored in `ficha`: field id → value, only fields that hold text. */
export type StoredCard = Record<string, string>;

/** What the write path stores for one entry, besides who and when. */
export interface NormalizedEntry {
  card: StoredCard;
  terms: StoredTerm[];
  comentarios_privados: string | null;
  /** What the write adjusted, for its answer. */
  avisos?: string[];
}

/** The columns derived from a card: folded terms, sort key and the advanced-search rows. */
export interface DerivedColumns {
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  subindice_plegado: string;
  clave_orden: string;
  /** [field id, folded value] of every non-empty field other than the terms and subindice. */
  fields: Array<[string, string]>;
}

type Reader = (input: EntryInput) => string | null | undefined;

/** How to read and check one language pair's card, computed once per pair. */
interface CardPlan {
  ids: string[];
  readers: Reader[];
  /** Other languages' fields, and `definicion_{origen}` (the base language's is `definicion`). */
  foreign: Array<[string, Reader]>;
}

const plans = new Map<string, CardPlan>();

/** The input value of a card field id (`termino.es` reads `input.termino.es`). */
function readerOf(id: string): Reader {
  if (id.startsWith('termino.')) {
    const lang = id.slice('termino.'.length) as Language;
    return (input) => input.termino?.[lang];
  }
  return (input) => (input as Record<string, string | null | undefined>)[id];
}

function planOf({ origen, meta }: CardLanguages): CardPlan {
  const key = `${origen}>${meta}`;
  let plan = plans.get(key);
  if (!plan) {
    const ids = cardFields(origen, meta).map((f) => f.id);
    const foreign = [
      ...LANGUAGES.filter((l) => l !== origen && l !== meta).flatMap((lang) => [
        termFieldId(lang),
        contextFieldId(lang),
        contextSourceFieldId(lang),
        definitionFieldId(lang),
      ]),
      definitionFieldId(origen),
    ].map((id): [string, Reader] => [id, readerOf(id)]);
    plan = { ids, readers: ids.map(readerOf), foreign };
    plans.set(key, plan);
  }
  return plan;
}

export function cardFieldIds(langs: CardLanguages): string[] {
  return planOf(langs).ids;
}

function tooLong(id: string): AppError {
  const label = id === 'comentarios_privados' ? 'Comentarios privados' : cardFieldLabel(id);
  return new AppError(
    'VALIDATION_FAILED',
    `El campo «${label}» no puede superar ${TEXT_FIELD_MAX.toLocaleString('es-ES')} caracteres.`,
  );
}

/** Fields of other languages may come back as null (echoing a GET), never with text. */
function assertOnlyGlossaryLanguages(langs: CardLanguages, plan: CardPlan, input: EntryInput) {
  for (const [id, read] of plan.foreign) {
    if (cleanText(read(input))) {
      const hint =
        id === definitionFieldId(langs.origen)
          ? ` La definición en ${langs.origen} va en el campo «${cardFieldLabel('definicion')}».`
          : '';
      throw new AppError(
        'VALIDATION_FAILED',
        `Este glosario es ${langs.origen}→${langs.meta}: el campo «${cardFieldLabel(id)}» no forma parte de su ficha.${hint}`,
      );
    }
  }
}

/** Validates `input` over `current`: an absent field keeps its value, null or '' clears it. */
export function normalizeEntryInput(
  langs: CardLanguages,
  input: EntryInput,
  current?: NormalizedEntry,
  options: { keepPrivateComments?: boolean } = {},
): NormalizedEntry {
  const plan = planOf(langs);
  assertOnlyGlossaryLanguages(langs, plan, input);
  const card: StoredCard = {};
  let total = 0;
  for (let i = 0; i < plan.ids.length; i += 1) {
    const id = plan.ids[i]!;
    const given = cleanText(plan.readers[i]!(input));
    const value = given === undefined ? (current?.card[id] ?? null) : given;
    if (value === null) continue;
    if (value.length > TEXT_FIELD_MAX) throw tooLong(id);
    total += value.length;
    card[id] = value;
  }
  let comentarios = current?.comentarios_privados ?? null;
  if (!options.keepPrivateComments) {
    const given = cleanText(input.comentarios_privados);
    if (given !== undefined) comentarios = given;
  }
  if (comentarios !== null && comentarios.length > TEXT_FIELD_MAX) {
    throw tooLong('comentarios_privados');
  }
  total += comentarios?.length ?? 0;
  const avisos: string[] = [];
  const terms = mergeTerms(langs, input, current?.terms ?? [], card, avisos);
  for (const term of terms) total += term.termino.length + (term.nota_uso?.length ?? 0);
  if (total > ENTRY_TEXT_MAX) {
    throw new AppError(
      'VALIDATION_FAILED',
      `La entrada no puede superar ${ENTRY_TEXT_MAX.toLocaleString('es-ES')} caracteres entre todos sus campos.`,
    );
  }
  if (!card[termFieldId(langs.origen)] && !card[termFieldId(langs.meta)]) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Escribe el término en al menos uno de los dos idiomas.',
    );
  }
  return { card, terms, comentarios_privados: comentarios, avisos };
}

/** Fields searched through entries' own columns rather than entry_fields. */
const SEARCH_COLUMN_FIELDS = new Set(['subindice']);

/** The advanced-search rows of a card: every field but the terms and subindice, folded. */
export function cardFieldsOf(card: StoredCard): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const id in card) {
    if (id.startsWith('termino.') || SEARCH_COLUMN_FIELDS.has(id)) continue;
    const folded = foldText(card[id]!);
    if (folded) fields.push([id, folded]);
  }
  return fields;
}

export function deriveColumns(langs: CardLanguages, card: StoredCard): DerivedColumns {
  const origen = card[termFieldId(langs.origen)];
  const meta = card[termFieldId(langs.meta)];
  const fields = cardFieldsOf(card);
  const origenPlegado = origen ? foldText(origen) : '';
  const metaPlegado = meta ? foldText(meta) : '';
  return {
    termino_origen_plegado: origenPlegado,
    termino_meta_plegado: metaPlegado,
    subindice_plegado: card.subindice ? foldText(card.subindice) : '',
    clave_orden: entrySortKey(
      { term: origen, folded: origenPlegado, language: langs.origen },
      { term: meta, folded: metaPlegado, language: langs.meta },
    ),
    fields,
  };
}

/**
 * The folded term pair that identifies a duplicate, as a string of its own: a term read from a
 * file may be a slice of a large chunk, which a key kept for the whole import would keep alive.
 */
export function duplicateKeyOf(origenPlegado: string, metaPlegado: string): string {
  return JSON.stringify([origenPlegado, metaPlegado]);
}

/** The stored ids of a language pair's card fields: its two terms, then every text field. */
interface WireFieldIds {
  termOrigen: string;
  termMeta: string;
  /** The text fields, the target's definition and both languages' contexts and sources included. */
  text: readonly string[];
}

const wireFieldIds = new Map<Language, Map<Language, WireFieldIds>>();

function wireFieldIdsOf({ origen, meta }: CardLanguages): WireFieldIds {
  let byMeta = wireFieldIds.get(origen);
  if (!byMeta) wireFieldIds.set(origen, (byMeta = new Map()));
  let ids = byMeta.get(meta);
  if (!ids) {
    ids = {
      termOrigen: termFieldId(origen),
      termMeta: termFieldId(meta),
      text: [
        ...CARD_TEXT_FIELDS,
        definitionFieldId(meta),
        ...[origen, meta].flatMap((lang) => [contextFieldId(lang), contextSourceFieldId(lang)]),
      ],
    };
    byMeta.set(meta, ids);
  }
  return ids;
}

/** The card fields of the wire entry, written into `target`: null where the card is empty. */
function writeCardFields(target: Record<string, unknown>, langs: CardLanguages, card: StoredCard) {
  const ids = wireFieldIdsOf(langs);
  target.termino = {
    [langs.origen]: card[ids.termOrigen] ?? null,
    [langs.meta]: card[ids.termMeta] ?? null,
  };
  for (const id of ids.text) target[id] = card[id] ?? null;
}

type WireCardFields = Omit<
  Entry,
  | 'id'
  | 'autor'
  | 'fecha_creacion'
  | 'created_at'
  | 'updated_at'
  | 'origen'
  | 'comentarios_privados'
  | 'puede_ver_comentarios_privados'
  | 'terminos'
  | 'avisos'
>;

/** The card fields of the wire entry: every field of the glossary's card, null when empty. */
export function cardToWire(langs: CardLanguages, card: StoredCard): WireCardFields {
  const wire: Record<string, unknown> = {};
  writeCardFields(wire, langs, card);
  return wire as WireCardFields;
}

/** What an entry row must hold to be answered. */
export interface EntryViewRow {
  id: number;
  ficha: string;
  author_id: number | null;
  autor: string;
  comentarios_privados: string | null;
  fecha_creacion: string;
  created_at: string;
  updated_at: string;
  origen_glosario: string | null;
  origen_entrada_id: number | null;
  origen_version: number | null;
  estado_revision: ReviewState;
  id_externo: string | null;
  registro_original: string | null;
  /** The entry's current version; rows shaped for search results and exports leave it out. */
  version?: number;
}

/** Who reads: private comments are shown only to the entry's author and the glossary's owner. */
export interface EntryViewer {
  userId: number;
  ownerId: number;
}

export function canSeePrivateComments(viewer: EntryViewer, authorId: number | null): boolean {
  return viewer.userId === viewer.ownerId || (authorId !== null && viewer.userId === authorId);
}

export function toEntryView(langs: CardLanguages, row: EntryViewRow, viewer: EntryViewer): Entry {
  const entry: Record<string, unknown> = { id: row.id };
  const { card, terms } = readFicha(row.ficha);
  writeCardFields(entry, langs, card);
  entry.terminos = termsToWire(terms);
  entry.estado_revision = row.estado_revision;
  entry.id_externo = row.id_externo;
  entry.registro_original = originalRecordOf(row.registro_original);
  const seesPrivate = canSeePrivateComments(viewer, row.author_id);
  entry.comentarios_privados = seesPrivate ? row.comentarios_privados : null;
  entry.puede_ver_comentarios_privados = seesPrivate;
  entry.autor = row.autor;
  entry.fecha_creacion = row.fecha_creacion;
  entry.created_at = row.created_at;
  entry.updated_at = row.updated_at;
  entry.origen =
    row.origen_glosario !== null && row.origen_entrada_id !== null && row.origen_version !== null
      ? {
          glosario: row.origen_glosario,
          entrada_id: row.origen_entrada_id,
          version: row.origen_version,
        }
      : null;
  if (row.version !== undefined) entry.version = row.version;
  return entry as Entry;
}

export function toHistoryItem(
  langs: CardLanguages,
  entry: Pick<EntryViewRow, 'id' | 'author_id' | 'fecha_creacion' | 'created_at'>,
  version: {
    version: number;
    ficha: string;
    comentarios_privados: string | null;
    autor: string;
    fecha_version: string;
    estado_revision: ReviewState;
  },
  viewer: EntryViewer,
): HistoryItem {
  const seesPrivate = canSeePrivateComments(viewer, entry.author_id);
  const { card, terms } = readFicha(version.ficha);
  return {
    id: entry.id,
    ...cardToWire(langs, card),
    terminos: termsToWire(terms),
    estado_revision: version.estado_revision,
    comentarios_privados: seesPrivate ? version.comentarios_privados : null,
    puede_ver_comentarios_privados: seesPrivate,
    autor: version.autor,
    fecha_creacion: entry.fecha_creacion,
    created_at: entry.created_at,
    updated_at: version.fecha_version,
    version: version.version,
    fecha_version: version.fecha_version,
  };
}

/** A stored `ficha` as write-path input (copy writes another glossary's card and terms). */
export function fichaToInput(ficha: string): EntryInput {
  const { card, terms } = readFicha(ficha);
  const input: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(card)) {
    if (!id.startsWith('termino.')) input[id] = value;
  }
  return { ...(input as EntryInput), terminos: termsToWire(terms) };
}
