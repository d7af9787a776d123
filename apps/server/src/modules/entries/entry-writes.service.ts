import type { EntryInput, Language } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, EntryRow, GlossaryRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { searchIndexFor, type InsertedIds } from '../search/search-index.ts';
import {
  adjustEntryCount,
  deleteFieldRows,
  findEntryRow,
  insertEntryRows,
  insertFieldRows,
  insertFirstVersionRows,
  insertVersionRows,
  listTermPairs,
  listVersionRows,
  recoverEntryRow,
  refreshStatistics,
  reserveIds,
  softDeleteEntryRows,
  updateEntryRow,
  type EntryFields,
  type EntryInsertRow,
} from './entries.repository.ts';
import {
  deriveColumns,
  duplicateKeyOf,
  normalizeEntryInput,
  parseCard,
  type CardLanguages,
  type DerivedColumns,
  type NormalizedEntry,
} from './entry-card.ts';

// THE entry write path. Every writer (editor, undo/recover, restore, copy, import, the
// extractor's "add to glossary") goes through these functions, inside a transaction the
// caller opens (`db.transaction().execute(tx => …)`), so an entry, its version row, its
// derived columns, its advanced-search rows, the search index and the glossary's
// num_entradas always change together. A single create's index rows may wait (indexLater);
// every write that changes or deletes existing entries first indexes what waits
// (`indexPending`), since the triggers that follow it take index rows out.

/** Bulk writes from this many entries refresh the planner's statistics (PostgreSQL). */
const ANALYZE_AFTER = 10_000;

/** The glossary being written: its row (or the fields of it the write path needs). */
export type WriteGlossary = Pick<
  GlossaryRow,
  'id' | 'nombre_seguro' | 'idioma_origen' | 'idioma_meta'
>;

/** Who writes: the user's id and the name written as `autor` (display name, else e-mail). */
export interface EntryActor {
  id: number | null;
  nombre: string;
}

/** Where a copied entry came from. */
export interface EntryOrigin {
  glossaryId: number;
  /** The source glossary's nombre_seguro. */
  glosario: string;
  entradaId: number;
  version: number;
}

/** One entry for the bulk form: the input as written, plus what trusted callers may set. */
export interface NewEntry {
  input: EntryInput;
  origen?: EntryOrigin | null;
  /** Importers that carry authorship (our own export) may keep it; otherwise the actor's. */
  autor?: string;
  fecha_creacion?: string;
}

/**
 * An entry validated and derived, ready to insert (pure: can be prepared anywhere). The card
 * is kept as the JSON stored in `entries.ficha`.
 */
export interface PreparedEntry extends Omit<NormalizedEntry, 'card'>, DerivedColumns {
  ficha: string;
  origen: EntryOrigin | null;
  autor: string | null;
  fecha_creacion: string | null;
}

export interface InsertEntriesOptions {
  /**
   * Skip entries whose pair of folded terms already exists in the glossary or earlier in the
   * same batch (import and copy); they are answered as null ids and counted in `skipped`.
   */
  skipDuplicates?: boolean;
  /** The instant written as created/updated/version date (defaults to now). */
  now?: string;
  /** A write of one entry that may be indexed later, with others (`SearchIndex.indexLater`). */
  indexLater?: boolean;
  /**
   * A bulk write that leaves its whole indexing (docs, trigram rows, `entry_fields` rows) to
   * `indexPending`, which the caller runs right after the commit, where the engine's index
   * allows it (`SearchIndex.defersIndexing`): the import.
   */
  indexAfterCommit?: boolean;
}

export interface InsertEntriesResult {
  /** The new ids, aligned with the inputs; null where a duplicate was skipped. */
  ids: Array<number | null>;
  /** The rows written, in the order of the inputs that were not skipped. */
  rows: EntryRow[];
  inserted: number;
  skipped: number;
}

/** A validation failure of one entry of a batch: `index` is its position in the inputs. */
export class EntryValidationError extends AppError {
  readonly index: number;
  constructor(index: number, cause: AppError) {
    super(
      cause.code,
      typeof cause.detail === 'string' ? `Entrada ${index + 1}: ${cause.detail}` : cause.detail,
    );
    this.index = index;
  }
}

export function languagesOf(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
): CardLanguages {
  return { origen: glossary.idioma_origen as Language, meta: glossary.idioma_meta as Language };
}

/**
 * Validates and derives one entry for a glossary (AppError 422 naming the field). Without
 * `withFields`, no advanced-search rows: for a bulk write whose index derives them later
 * (`indexAfterCommit` where `SearchIndex.defersIndexing`).
 */
export function prepareEntry(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  entry: NewEntry,
  withFields = true,
): PreparedEntry {
  return deriveEntry(glossary, normalizeEntryInput(languagesOf(glossary), entry.input), {
    withFields,
    origen: entry.origen,
    autor: entry.autor,
    fecha_creacion: entry.fecha_creacion,
  });
}

/**
 * The second half of `prepareEntry`, for an entry already validated (`normalizeEntryInput`):
 * its folded terms, sort key, stored card and, `withFields`, its advanced-search rows. It
 * cannot fail. An import validates on its reading thread and derives on its writing one.
 */
export function deriveEntry(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  { card, comentarios_privados }: NormalizedEntry,
  {
    withFields = true,
    origen,
    autor,
    fecha_creacion,
  }: { withFields?: boolean } & Pick<NewEntry, 'origen' | 'autor' | 'fecha_creacion'> = {},
): PreparedEntry {
  const derived = deriveColumns(languagesOf(glossary), card, withFields);
  return {
    ficha: JSON.stringify(card),
    comentarios_privados,
    termino_origen_plegado: derived.termino_origen_plegado,
    termino_meta_plegado: derived.termino_meta_plegado,
    subindice_plegado: derived.subindice_plegado,
    clave_orden: derived.clave_orden,
    fields: derived.fields,
    origen: origen ?? null,
    autor: autor ?? null,
    fecha_creacion: fecha_creacion ?? null,
  };
}

/**
 * Validates and derives entries for `glossary` without touching the database (the importer
 * calls it while parsing, so a bad entry is refused before anything is written). Throws
 * EntryValidationError naming the entry (1-based) and the field.
 */
export function prepareEntries(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  entries: readonly NewEntry[],
): PreparedEntry[] {
  return entries.map((entry, index) => {
    try {
      return prepareEntry(glossary, entry);
    } catch (error) {
      throw error instanceof AppError ? new EntryValidationError(index, error) : error;
    }
  });
}

/**
 * The set of duplicate keys (pairs of folded terms) of a glossary's live entries; see
 * `duplicateKeyOf`. The importer and copy use it through `insertEntries({skipDuplicates})`.
 */
export async function loadDuplicateKeys(
  db: Kysely<Database>,
  glossaryId: number,
): Promise<Set<string>> {
  const pairs = await listTermPairs(db, glossaryId);
  return new Set(
    pairs.map((p) => duplicateKeyOf(p.termino_origen_plegado, p.termino_meta_plegado)),
  );
}

/**
 * A write of many entries into one glossary in several calls (the importer's chunks), inside
 * a transaction (`tx`): `add` inserts each batch with its first versions and advanced-search
 * rows and adds it to num_entradas, in a few statements per 2,000 entries; `finish` indexes
 * everything added for search, once (each trigram index then takes the rows in one ordered
 * pass, which costs a fraction of per-batch passes). Nothing is searchable before `finish`.
 */
export interface EntryBulkWrite {
  add(prepared: readonly PreparedEntry[]): Promise<InsertEntriesResult>;
  finish(): Promise<void>;
}

export function startBulkWrite(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  actor: EntryActor,
  options: InsertEntriesOptions = {},
): EntryBulkWrite {
  const now = options.now ?? nowIso();
  const index = searchIndexFor(tx);
  const afterCommit = options.indexAfterCommit === true && index.defersIndexing;
  let seen: Set<string> | null = null;
  let ids: InsertedIds | null = null;
  const waiting: EntryRow[] = [];
  let total = 0;
  return {
    async add(prepared) {
      let chosen = prepared.map((entry, position) => ({ entry, position }));
      if (options.skipDuplicates) {
        seen ??= await loadDuplicateKeys(tx, glossary.id);
        const keys = seen;
        chosen = chosen.filter(({ entry }) => {
          const key = duplicateKeyOf(entry.termino_origen_plegado, entry.termino_meta_plegado);
          if (keys.has(key)) return false;
          keys.add(key);
          return true;
        });
      }
      const written = await insertChosen(tx, glossary, chosen, actor, {
        now,
        inputs: prepared.length,
        withFields: !afterCommit,
      });
      if (written.rows.length > 0) {
        if (options.indexLater) waiting.push(...written.rows);
        else if (!afterCommit) await index.addEntries(tx, written.rows);
        const first = written.rows[0]!.id;
        const last = written.rows[written.rows.length - 1]!.id;
        ids = ids
          ? { first: Math.min(ids.first, first), last: Math.max(ids.last, last) }
          : { first, last };
        total += written.rows.length;
      }
      return written;
    },
    async finish() {
      if (!ids) return;
      if (options.indexLater) await index.indexLater(tx, waiting);
      else if (afterCommit) await index.indexAfterCommit(tx, ids);
      else await index.indexInserted(tx, ids);
      if (total >= ANALYZE_AFTER) await refreshStatistics(tx);
    },
  };
}

/**
 * Inserts the chosen entries' rows, versions and advanced-search rows (not yet indexed; without
 * `withFields`, no advanced-search rows: `indexPending` derives them from the cards).
 */
async function insertChosen(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  chosen: ReadonlyArray<{ entry: PreparedEntry; position: number }>,
  actor: EntryActor,
  { now, inputs, withFields }: { now: string; inputs: number; withFields: boolean },
): Promise<InsertEntriesResult> {
  const ids: Array<number | null> = new Array<number | null>(inputs).fill(null);
  if (chosen.length === 0) return { ids, rows: [], inserted: 0, skipped: inputs };

  // The count first: on SQLite this write takes the lock before the ids are reserved.
  await adjustEntryCount(tx, glossary.id, chosen.length);
  const entryIds = await reserveIds(tx, 'entries', chosen.length);

  const entryRows: EntryInsertRow[] = [];
  const fieldSources: EntryFields[] = [];
  chosen.forEach(({ entry, position }, i) => {
    const id = entryIds[i]!;
    ids[position] = id;
    entryRows.push({
      id,
      glossary_id: glossary.id,
      ficha: entry.ficha,
      termino_origen_plegado: entry.termino_origen_plegado,
      termino_meta_plegado: entry.termino_meta_plegado,
      subindice_plegado: entry.subindice_plegado,
      clave_orden: entry.clave_orden,
      author_id: actor.id,
      autor: entry.autor ?? actor.nombre,
      comentarios_privados: entry.comentarios_privados,
      version: 1,
      fecha_creacion: entry.fecha_creacion ?? now,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      origen_glossary_id: entry.origen?.glossaryId ?? null,
      origen_glosario: entry.origen?.glosario ?? null,
      origen_entrada_id: entry.origen?.entradaId ?? null,
      origen_version: entry.origen?.version ?? null,
    });
    if (withFields) fieldSources.push({ id, glossary_id: glossary.id, fields: entry.fields });
  });

  await insertEntryRows(tx, entryRows);
  await insertFirstVersionRows(tx, entryIds, actor, now);
  await insertFieldRows(tx, fieldSources);
  return { ids, rows: entryRows, inserted: chosen.length, skipped: inputs - chosen.length };
}

/**
 * The bulk form of the write path in one call: inserts prepared entries into `glossary` with
 * their first version, advanced-search rows and index rows. `tx` must be a transaction.
 */
export async function insertPreparedEntries(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  prepared: readonly PreparedEntry[],
  actor: EntryActor,
  options: InsertEntriesOptions = {},
): Promise<InsertEntriesResult> {
  const write = startBulkWrite(tx, glossary, actor, options);
  const result = await write.add(prepared);
  await write.finish();
  return result;
}

/** `prepareEntries` + `insertPreparedEntries`: what the importer and copy call. */
export async function insertEntries(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  entries: readonly NewEntry[],
  actor: EntryActor,
  options: InsertEntriesOptions = {},
): Promise<InsertEntriesResult> {
  return insertPreparedEntries(tx, glossary, prepareEntries(glossary, entries), actor, options);
}

/** Creates one entry (the editor's POST); answers its row. */
export async function insertEntry(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  input: EntryInput,
  actor: EntryActor,
): Promise<EntryRow> {
  // The row as written is the row as read: no second query.
  const { rows } = await insertPreparedEntries(
    tx,
    glossary,
    [prepareEntry(glossary, { input })],
    actor,
    { indexLater: true },
  );
  return rows[0]!;
}

/**
 * Writes a new version of a live entry from a full card (edit and restore share it): the
 * row, its derived columns, its advanced-search rows and the version row, together.
 */
async function writeNewVersion(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  entryId: number,
  next: NormalizedEntry,
  actor: EntryActor,
): Promise<EntryRow> {
  const langs = languagesOf(glossary);
  const derived = deriveColumns(langs, next.card);
  const now = nowIso();
  const ficha = JSON.stringify(next.card);
  await searchIndexFor(tx).indexPending(tx);
  const row = await updateEntryRow(tx, glossary.id, entryId, {
    ficha,
    termino_origen_plegado: derived.termino_origen_plegado,
    termino_meta_plegado: derived.termino_meta_plegado,
    subindice_plegado: derived.subindice_plegado,
    clave_orden: derived.clave_orden,
    comentarios_privados: next.comentarios_privados,
    updated_at: now,
  });
  if (!row) throw new AppError('NOT_FOUND', 'La entrada no existe o se ha eliminado.');
  await insertVersionRows(tx, [
    {
      entry_id: entryId,
      version: row.version,
      ficha,
      comentarios_privados: next.comentarios_privados,
      author_id: actor.id,
      autor: actor.nombre,
      fecha_version: now,
    },
  ]);
  await deleteFieldRows(tx, entryId);
  await insertFieldRows(tx, [{ id: entryId, glossary_id: glossary.id, fields: derived.fields }]);
  await searchIndexFor(tx).addFields(tx, entryId);
  return row;
}

async function currentOf(tx: Kysely<Database>, glossary: WriteGlossary, entryId: number) {
  const row = await findEntryRow(tx, glossary.id, entryId);
  if (!row) throw new AppError('NOT_FOUND', 'La entrada no existe o se ha eliminado.');
  return row;
}

/**
 * Edits a live entry: `input` is merged over the current card (fields left out keep their
 * value) and written as a new version. `autor` and `fecha_creacion` never change. Private
 * comments are changed only by callers who may see them (`canSeePrivate`).
 */
export async function updateEntry(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  entryId: number,
  input: EntryInput,
  actor: EntryActor,
  { canSeePrivate }: { canSeePrivate: (authorId: number | null) => boolean },
): Promise<EntryRow> {
  const current = await currentOf(tx, glossary, entryId);
  const next = normalizeEntryInput(
    languagesOf(glossary),
    input,
    { card: parseCard(current.ficha), comentarios_privados: current.comentarios_privados },
    { keepPrivateComments: !canSeePrivate(current.author_id) },
  );
  return writeNewVersion(tx, glossary, entryId, next, actor);
}

/**
 * Restores version `versionIndex` (0 = the initial one, as the history lists them) by
 * writing it again as a new version: nothing is ever lost.
 */
export async function restoreEntryVersion(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  entryId: number,
  versionIndex: number,
  actor: EntryActor,
  { canSeePrivate }: { canSeePrivate: (authorId: number | null) => boolean },
): Promise<EntryRow> {
  const current = await currentOf(tx, glossary, entryId);
  const versions = await listVersionRows(tx, entryId);
  const chosen = versions[versionIndex];
  if (!chosen) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Esa versión no existe: la entrada tiene ${versions.length} ${versions.length === 1 ? 'versión' : 'versiones'}.`,
    );
  }
  const comentarios = canSeePrivate(current.author_id)
    ? chosen.comentarios_privados
    : current.comentarios_privados;
  return writeNewVersion(
    tx,
    glossary,
    entryId,
    { card: parseCard(chosen.ficha), comentarios_privados: comentarios },
    actor,
  );
}

/** Soft-deletes live entries of the glossary (others are ignored); answers how many. */
export async function deleteEntries(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  ids: readonly number[],
): Promise<number> {
  await searchIndexFor(tx).indexPending(tx);
  const deleted = await softDeleteEntryRows(tx, glossary.id, ids, nowIso());
  if (deleted > 0) await adjustEntryCount(tx, glossary.id, -deleted);
  return deleted;
}

/**
 * Brings a soft-deleted entry back with its id and history. A live entry is answered as it
 * is (recovering twice is harmless); an entry that does not exist is 404.
 */
export async function recoverEntry(
  tx: Kysely<Database>,
  glossary: WriteGlossary,
  entryId: number,
): Promise<EntryRow> {
  await searchIndexFor(tx).indexPending(tx);
  const recovered = await recoverEntryRow(tx, glossary.id, entryId);
  if (recovered) {
    await adjustEntryCount(tx, glossary.id, 1);
    return recovered;
  }
  const row = await findEntryRow(tx, glossary.id, entryId, { includeDeleted: true });
  if (!row) throw new AppError('NOT_FOUND', 'La entrada no existe.');
  return row;
}
