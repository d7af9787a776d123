import type { EntryInput, ReviewState } from '@ludoterm/contract';
import type { Transaction } from 'kysely';
import type { Database, EntryRow, GlossaryRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { searchIndexFor } from '../search/index.ts';
import {
  adjustEntryCount,
  deleteFieldRows,
  findEntryRow,
  listVersionRows,
  recoverEntryRow,
  softDeleteEntryRows,
  updateEntryRow,
} from './entries.repository.ts';
import {
  insertEntryRows,
  insertFieldRows,
  insertFirstVersionRows,
  insertVersionRows,
  reserveIds,
  writeTermRows,
  type EntryInsertRow,
} from './entry-rows.repository.ts';
import {
  deriveColumns,
  languagesOf,
  normalizeEntryInput,
  fichaJson,
  provenanceOf,
  readFicha,
  type DerivedColumns,
  type NormalizedEntry,
  type Provenance,
} from '../card/index.ts';
import { KnownEntries, type Admission, type DuplicateReason } from './known-entries.ts';
import { nextReviewState } from './review-state.ts';

// The only entry write path: every writer calls it inside its own transaction, and each write
// goes entry rows, version rows, advanced-search rows, then the index, so none can disagree.

export type WriteGlossary = Pick<
  GlossaryRow,
  'id' | 'nombre_seguro' | 'idioma_origen' | 'idioma_meta'
>;

/** Who writes: the user's id and the name written as `autor` (display name, else e-mail). */
export interface EntryActor {
  id: number | null;
  nombre: string;
  /** May set entries `aprobado` (the glossary's owner, an admin or a revisor). */
  canApprove?: boolean;
}

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
  /** The state an import's file gives; new entries are otherwise drafts. */
  estado_revision?: ReviewState;
  provenance?: Provenance;
}

/** An entry validated and derived, ready to insert; the card as the JSON stored in `ficha`. */
export interface PreparedEntry
  extends Omit<NormalizedEntry, 'card' | 'terms'>, DerivedColumns, Provenance {
  ficha: string;
  origen: EntryOrigin | null;
  autor: string | null;
  fecha_creacion: string | null;
  estado_revision: ReviewState;
}

export interface NewEntryRowsOptions {
  /** The instant written as created/updated/version date (defaults to now). */
  now?: string;
  /** What the glossary holds: repeats are skipped, possible duplicates kept and reported. */
  known?: KnownEntries;
}

export interface NewEntryRows {
  /** The new ids, aligned with the inputs; null where a duplicate was skipped. */
  ids: Array<number | null>;
  /** The rows written, in the order of the inputs that were not skipped. */
  rows: EntryRow[];
  inserted: number;
  skipped: number;
  /** Inputs kept although they may repeat a known concept (`position` in the inputs). */
  possibleDuplicates: Array<{
    position: number;
    duplicaId: number;
    duplicaIdExterno: string;
    motivo: DuplicateReason;
  }>;
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

/** Derives the stored columns of an entry already validated by `normalizeEntryInput`. */
export function deriveEntry(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  { card, terms, comentarios_privados, avisos }: NormalizedEntry,
  {
    origen,
    autor,
    fecha_creacion,
    estado_revision,
    provenance,
  }: Omit<NewEntry, 'input'> = {},
): PreparedEntry {
  return {
    ...deriveColumns(languagesOf(glossary), card),
    id_externo: provenance?.id_externo ?? null,
    registro_original: provenance?.registro_original ?? null,
    ficha: fichaJson(card, terms),
    comentarios_privados,
    avisos,
    origen: origen ?? null,
    autor: autor ?? null,
    fecha_creacion: fecha_creacion ?? null,
    estado_revision: estado_revision ?? 'borrador',
  };
}

/** Validates and derives entries; throws EntryValidationError naming the entry. */
export function prepareEntries(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  entries: readonly NewEntry[],
): PreparedEntry[] {
  return entries.map((entry, index) => {
    try {
      const normalized = normalizeEntryInput(languagesOf(glossary), entry.input);
      return deriveEntry(glossary, normalized, { ...entry, provenance: provenanceOf(entry.input) });
    } catch (error) {
      throw error instanceof AppError ? new EntryValidationError(index, error) : error;
    }
  });
}

/** Inserts new entries' rows; the caller reindexes the new ids (an import, once at the end). */
export async function insertNewEntryRows(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  prepared: readonly PreparedEntry[],
  actor: EntryActor,
  { now = nowIso(), known }: NewEntryRowsOptions = {},
): Promise<NewEntryRows> {
  const ids: Array<number | null> = new Array<number | null>(prepared.length).fill(null);
  const chosen: Array<{ entry: PreparedEntry; position: number; admission: Admission | null }> = [];
  prepared.forEach((entry, position) => {
    const admission = known ? known.admit(entry) : null;
    if (admission?.verdict !== 'skip') chosen.push({ entry, position, admission });
  });
  const skipped = prepared.length - chosen.length;
  if (chosen.length === 0) return { ids, rows: [], inserted: 0, skipped, possibleDuplicates: [] };

  // The count first: on SQLite this write takes the lock before the ids are reserved.
  await adjustEntryCount(tx, glossary.id, chosen.length);
  const entryIds = await reserveIds(tx, 'entries', chosen.length);
  const rows: EntryInsertRow[] = chosen.map(({ entry, position, admission }, i) => {
    const id = entryIds[i]!;
    ids[position] = id;
    if (admission && admission.verdict !== 'skip') admission.slot.id = id;
    return {
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
      eliminado_en: null,
      origen_glossary_id: entry.origen?.glossaryId ?? null,
      origen_glosario: entry.origen?.glosario ?? null,
      origen_entrada_id: entry.origen?.entradaId ?? null,
      origen_version: entry.origen?.version ?? null,
      estado_revision: entry.estado_revision,
      id_externo: entry.id_externo,
      registro_original: entry.registro_original,
    };
  });
  await insertEntryRows(tx, rows);
  await insertFirstVersionRows(tx, entryIds, actor, now);
  await insertFieldRows(
    tx,
    chosen.map(({ entry }, i) => ({
      id: entryIds[i]!,
      glossary_id: glossary.id,
      fields: entry.fields,
    })),
  );
  await writeTermRows(tx, rows, { replace: false });
  const possibleDuplicates: NewEntryRows['possibleDuplicates'] = [];
  for (const { position, admission } of chosen) {
    if (admission?.verdict === 'possible-duplicate') {
      // Only concepts with ids are kept beside a known one, so both ids are there.
      const { id, idExterno } = admission.other;
      possibleDuplicates.push({
        position,
        duplicaId: id!,
        duplicaIdExterno: idExterno!,
        motivo: admission.reason,
      });
    }
  }
  return { ids, rows, inserted: chosen.length, skipped, possibleDuplicates };
}

/** `insertNewEntryRows`, then the new entries' index rows. */
async function insertAndIndex(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  prepared: readonly PreparedEntry[],
  actor: EntryActor,
  options: NewEntryRowsOptions = {},
): Promise<NewEntryRows> {
  const written = await insertNewEntryRows(tx, glossary, prepared, actor, options);
  await searchIndexFor(tx).reindex(
    tx,
    written.rows.map((r) => r.id),
  );
  return written;
}

/** Validates, inserts and indexes entries; `skipDuplicates` skips term pairs already held. */
export async function insertEntries(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  entries: readonly NewEntry[],
  actor: EntryActor,
  { skipDuplicates = false }: { skipDuplicates?: boolean } = {},
): Promise<NewEntryRows> {
  const prepared = prepareEntries(glossary, entries);
  const known = skipDuplicates ? await KnownEntries.load(tx, glossary.id) : undefined;
  return insertAndIndex(tx, glossary, prepared, actor, { known });
}

/** One entry as a single write left it, and what that write adjusted (`avisos`). */
export interface WrittenEntry {
  row: EntryRow;
  avisos: string[];
}

/** Creates one entry (the editor's POST); answers its row as written. */
export async function insertEntry(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  input: EntryInput,
  actor: EntryActor,
): Promise<WrittenEntry> {
  const normalized = normalizeEntryInput(languagesOf(glossary), input);
  const estado_revision = nextReviewState(null, input.estado_revision, actor.canApprove ?? false);
  const prepared = deriveEntry(glossary, normalized, {
    estado_revision,
    provenance: provenanceOf(input),
  });
  const { rows } = await insertAndIndex(tx, glossary, [prepared], actor);
  return { row: rows[0]!, avisos: normalized.avisos ?? [] };
}

/** Writes a live entry's new version from a full card (edit and restore). */
async function writeNewVersion(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  entryId: number,
  next: NormalizedEntry,
  actor: EntryActor,
  estado_revision: ReviewState,
): Promise<EntryRow> {
  const derived = deriveColumns(languagesOf(glossary), next.card);
  const now = nowIso();
  const ficha = fichaJson(next.card, next.terms);
  const row = await updateEntryRow(tx, glossary.id, entryId, {
    ficha,
    termino_origen_plegado: derived.termino_origen_plegado,
    termino_meta_plegado: derived.termino_meta_plegado,
    subindice_plegado: derived.subindice_plegado,
    clave_orden: derived.clave_orden,
    comentarios_privados: next.comentarios_privados,
    updated_at: now,
    estado_revision,
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
      estado_revision,
    },
  ]);
  await deleteFieldRows(tx, entryId);
  await insertFieldRows(tx, [{ id: entryId, glossary_id: glossary.id, fields: derived.fields }]);
  await writeTermRows(tx, [{ id: entryId, glossary_id: glossary.id, ficha }], { replace: true });
  await searchIndexFor(tx).reindex(tx, [entryId]);
  return row;
}

async function currentOf(tx: Transaction<Database>, glossary: WriteGlossary, entryId: number) {
  const row = await findEntryRow(tx, glossary.id, entryId);
  if (!row) throw new AppError('NOT_FOUND', 'La entrada no existe o se ha eliminado.');
  return row;
}

// Merges `input` over the current card as a new version; `autor` and `fecha_creacion` never
// change, and private comments only for callers who may see them.
export async function updateEntry(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  entryId: number,
  input: EntryInput,
  actor: EntryActor,
  { canSeePrivate }: { canSeePrivate: (authorId: number | null) => boolean },
): Promise<WrittenEntry> {
  const current = await currentOf(tx, glossary, entryId);
  const next = normalizeEntryInput(
    languagesOf(glossary),
    input,
    { ...readFicha(current.ficha), comentarios_privados: current.comentarios_privados },
    { keepPrivateComments: !canSeePrivate(current.author_id) },
  );
  const canApprove = actor.canApprove ?? false;
  const estado = nextReviewState(current.estado_revision, input.estado_revision, canApprove);
  const row = await writeNewVersion(tx, glossary, entryId, next, actor, estado);
  return { row, avisos: next.avisos ?? [] };
}

/** Writes version `versionIndex` (0 = the first) again as a new version: nothing is lost. */
export async function restoreEntryVersion(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  entryId: number,
  versionIndex: number,
  actor: EntryActor,
  { canSeePrivate }: { canSeePrivate: (authorId: number | null) => boolean },
): Promise<WrittenEntry> {
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
  const row = await writeNewVersion(
    tx,
    glossary,
    entryId,
    { ...readFicha(chosen.ficha), comentarios_privados: comentarios },
    actor,
    nextReviewState(current.estado_revision, undefined, actor.canApprove ?? false),
  );
  return { row, avisos: [] };
}

/** Soft-deletes live entries of the glossary (others are ignored); answers how many. */
export async function deleteEntries(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  ids: readonly number[],
): Promise<number> {
  const deleted = await softDeleteEntryRows(tx, glossary.id, ids, nowIso());
  if (deleted > 0) await adjustEntryCount(tx, glossary.id, -deleted);
  await searchIndexFor(tx).reindex(tx, ids);
  return deleted;
}

/** Brings a soft-deleted entry back with its id and history (a live one is answered as is). */
export async function recoverEntry(
  tx: Transaction<Database>,
  glossary: WriteGlossary,
  entryId: number,
): Promise<EntryRow> {
  const recovered = await recoverEntryRow(tx, glossary.id, entryId);
  if (recovered) {
    await adjustEntryCount(tx, glossary.id, 1);
    await searchIndexFor(tx).reindex(tx, [entryId]);
    return recovered;
  }
  const row = await findEntryRow(tx, glossary.id, entryId, { includeDeleted: true });
  if (!row) throw new AppError('NOT_FOUND', 'La entrada no existe.');
  return row;
}
