import type { EntryInput, ReviewState } from '@ludoterm/contract';
import type { Transaction } from 'kysely';
import type { Database, EntryRow } from '../../db/schema.ts';
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
import { insertFieldRows, insertVersionRows, writeTermRows } from './entry-rows.repository.ts';
import {
  deriveColumns,
  languagesOf,
  normalizeEntryInput,
  fichaJson,
  provenanceOf,
  readFicha,
  type NormalizedEntry,
} from '../card/index.ts';
import { KnownEntries } from './known-entries.ts';
import {
  insertNewEntryRows,
  type NewEntryRows,
  type NewEntryRowsOptions,
} from './new-entry-rows.ts';
import {
  deriveEntry,
  prepareEntries,
  type EntryActor,
  type NewEntry,
  type PreparedEntry,
  type WriteGlossary,
} from './prepared-entry.ts';
import { nextReviewState } from './review-state.ts';

// The only entry write path: every writer calls it inside its own transaction, and each write
// goes entry rows, version rows, advanced-search rows, then the index, so none can disagree.

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
