import type { Entry, EntryInput, HistoryItem, ListEntriesQuery } from '@ludoterm/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, EntryRow, GlossaryRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { foldText } from '../../lib/text-folding.ts';
import { authorizeGlossary, type GlossaryAction } from '../glossaries/index.ts';
import { searchIndexFor } from '../search/index.ts';
import { displayNameOf } from '../users/index.ts';
import {
  countFilteredEntries,
  findEntryRow,
  findEntryRowsByIds,
  listEntriesAfter,
  listEntryPage,
  listVersionRows,
  type SortCursor,
} from './entries.repository.ts';
import {
  canSeePrivateComments,
  toEntryView,
  toHistoryItem,
  type EntryViewer,
  languagesOf,
} from '../card/index.ts';
import {
  deleteEntries,
  insertEntry,
  recoverEntry,
  restoreEntryVersion,
  updateEntry,
  type WrittenEntry,
} from './entry-writes.service.ts';
import type { EntryActor } from './prepared-entry.ts';

export const DEFAULT_ENTRIES_PAGE_SIZE = 50;
/** Rows per database read while streaming the full list. */
const STREAM_BATCH = 500;

interface Scope {
  glossary: GlossaryRow;
  viewer: EntryViewer;
  actor: EntryActor;
}

async function scopeOf(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  action: GlossaryAction,
): Promise<Scope> {
  const { glossary, canApprove } = await authorizeGlossary(db, user, nombreSeguro, action);
  return {
    glossary,
    viewer: { userId: user.id, ownerId: glossary.owner_id },
    actor: { id: user.id, nombre: displayNameOf(user), canApprove },
  };
}

function viewOf(scope: Scope, row: EntryRow): Entry {
  return toEntryView(languagesOf(scope.glossary), row, scope.viewer);
}

/** The entry a write answers, with what the write adjusted when it adjusted something. */
function writtenViewOf(scope: Scope, { row, avisos }: WrittenEntry): Entry {
  const entry = viewOf(scope, row);
  return avisos.length > 0 ? { ...entry, avisos } : entry;
}

function privacyOf(scope: Scope) {
  return {
    canSeePrivate: (authorId: number | null) => canSeePrivateComments(scope.viewer, authorId),
  };
}

/** Whether `GET …/entradas` asks for one page (any of q, orden, pagina, por_pagina). */
export function isPagedQuery(query: ListEntriesQuery): boolean {
  return (
    query.q !== undefined ||
    query.orden !== undefined ||
    query.estado_revision !== undefined ||
    query.estado_termino !== undefined ||
    query.pagina !== undefined ||
    query.por_pagina !== undefined
  );
}

/** One page of a glossary's entries in sort order, optionally filtered by `q`, with the total. */
export async function listEntriesPage(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  query: ListEntriesQuery,
): Promise<{ entries: Entry[]; total: number }> {
  const scope = await scopeOf(db, user, nombreSeguro, 'read');
  const limit = query.por_pagina ?? DEFAULT_ENTRIES_PAGE_SIZE;
  const offset = ((query.pagina ?? 1) - 1) * limit;
  const orden = query.orden ?? 'asc';
  const folded = foldText(query.q ?? '');
  const filters = { estadoRevision: query.estado_revision, estadoTermino: query.estado_termino };
  const filtered = Boolean(filters.estadoRevision ?? filters.estadoTermino);
  if (!folded) {
    const total = filtered
      ? await countFilteredEntries(db, scope.glossary.id, filters)
      : scope.glossary.num_entradas;
    const rows =
      offset >= total
        ? []
        : await listEntryPage(db, scope.glossary.id, { orden, offset, limit, filters });
    return { entries: rows.map((r) => viewOf(scope, r)), total };
  }
  const { ids, total } = await searchIndexFor(db).searchGlossary(db, {
    glossaryId: scope.glossary.id,
    query: folded,
    orden,
    offset,
    limit,
    filters,
  });
  const byId = new Map((await findEntryRowsByIds(db, ids)).map((r) => [r.id, r]));
  const entries = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [viewOf(scope, row)] : [];
  });
  return { entries, total };
}

/** The full list as a JSON array streamed in keyset pages; access is checked before any byte. */
export async function streamAllEntries(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
): Promise<AsyncIterable<string>> {
  const scope = await scopeOf(db, user, nombreSeguro, 'read');
  async function* chunks(): AsyncGenerator<string> {
    yield '[';
    let cursor: SortCursor | null = null;
    let first = true;
    for (;;) {
      const rows = await listEntriesAfter(db, scope.glossary.id, cursor, STREAM_BATCH);
      if (rows.length === 0) break;
      let text = '';
      for (const row of rows) {
        text += (first ? '' : ',') + JSON.stringify(viewOf(scope, row));
        first = false;
      }
      yield text;
      const last = rows[rows.length - 1]!;
      cursor = { clave_orden: last.clave_orden, id: last.id };
      if (rows.length < STREAM_BATCH) break;
    }
    yield ']';
  }
  return chunks();
}

/** `POST …/entradas`: a new entry by the caller, who becomes its `autor`. */
export async function createEntryFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  input: EntryInput,
): Promise<Entry> {
  const scope = await scopeOf(db, user, nombreSeguro, 'write');
  const written = await db
    .transaction()
    .execute((tx) => insertEntry(tx, scope.glossary, input, scope.actor));
  return writtenViewOf(scope, written);
}

export function entryETag(version: number): string {
  return `W/"v${version}"`;
}

const ETAG = /^(?:W\/)?"v?(\d{1,15})"$/;

/**
 * The versions a PUT or a restore may overwrite, from `If-Match` (ETags `W/"v3"` or `"3"`, `*`
 * for any) and the body's `version`; null without either (last write wins). When both are
 * sent, only a version both name is accepted.
 */
export function acceptedVersions(
  ifMatch: string | undefined,
  bodyVersion: number | undefined,
): number[] | null {
  const header = ifMatch?.trim();
  let tagged: number[] | null = null;
  if (header && header !== '*') {
    tagged = header.split(',').map((tag) => {
      const match = ETAG.exec(tag.trim());
      if (!match) {
        throw new AppError(
          'BAD_REQUEST',
          'La cabecera If-Match no es válida: envía la versión de la entrada que abriste como ETag, por ejemplo W/"v3".',
        );
      }
      return Number(match[1]);
    });
  }
  if (bodyVersion === undefined) return tagged;
  return tagged ? tagged.filter((v) => v === bodyVersion) : [bodyVersion];
}

/** Thrown inside a write's transaction when the entry moved on; answered once it rolled back. */
class StaleEntry extends Error {}

/** 409 with the entry as it is now, so the client can show both versions side by side. */
function staleEntry(scope: Scope, current: EntryRow): AppError {
  return new AppError(
    'CONFLICT',
    `Otra persona ha cambiado esta entrada desde que la abriste (ahora va por la versión ${current.version}). ` +
      'Vuelve a cargarla para ver sus cambios y aplica de nuevo los tuyos.',
    {},
    { entrada: viewOf(scope, current) },
  );
}

/**
 * `PUT …/entradas/{id}`: a new version; `autor` and `fecha_creacion` stay. With `accepted`, an
 * entry changed since the caller opened it answers 409 rather than silently undo another's change.
 */
export async function updateEntryFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  entryId: number,
  input: EntryInput,
  accepted: readonly number[] | null = null,
): Promise<Entry> {
  const scope = await scopeOf(db, user, nombreSeguro, 'write');
  const written = await writeIfCurrent(db, scope, entryId, accepted, (tx) =>
    updateEntry(tx, scope.glossary, entryId, input, scope.actor, privacyOf(scope)),
  );
  return writtenViewOf(scope, written);
}

/** One write of an entry in a transaction; 409 when `accepted` lacks the version it replaces. */
async function writeIfCurrent(
  db: Kysely<Database>,
  scope: Scope,
  entryId: number,
  accepted: readonly number[] | null,
  write: (tx: Transaction<Database>) => Promise<WrittenEntry>,
): Promise<WrittenEntry> {
  try {
    return await db.transaction().execute(async (tx) => {
      if (accepted) {
        const current = await findEntryRow(tx, scope.glossary.id, entryId);
        if (current && !accepted.includes(current.version)) throw new StaleEntry();
      }
      const written = await write(tx);
      // PostgreSQL: an edit committed between that read and this write makes the update wait
      // for the row and bump the newer version, which shows here; throwing rolls this one back.
      if (accepted && !accepted.includes(written.row.version - 1)) throw new StaleEntry();
      return written;
    });
  } catch (error) {
    if (!(error instanceof StaleEntry)) throw error;
    const current = await findEntryRow(db, scope.glossary.id, entryId);
    if (!current) throw new AppError('NOT_FOUND', 'La entrada no existe o se ha eliminado.');
    throw staleEntry(scope, current);
  }
}

/** `DELETE …/entradas/{id}`: soft delete (the entry can be recovered with its history). */
export async function deleteEntryFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  entryId: number,
): Promise<void> {
  const scope = await scopeOf(db, user, nombreSeguro, 'write');
  const deleted = await db
    .transaction()
    .execute((tx) => deleteEntries(tx, scope.glossary, [entryId]));
  if (deleted === 0) throw new AppError('NOT_FOUND', 'La entrada no existe o ya se ha eliminado.');
}

/** `POST …/entradas/eliminar {ids}`: soft-deletes those of the glossary's live entries. */
export async function deleteManyEntriesFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  ids: readonly number[],
): Promise<{ eliminadas: number }> {
  const scope = await scopeOf(db, user, nombreSeguro, 'write');
  const eliminadas = await db.transaction().execute((tx) => deleteEntries(tx, scope.glossary, ids));
  return { eliminadas };
}

/** `POST …/entradas/{id}/recuperar`: the same entry back, with its id and history. */
export async function recoverEntryFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  entryId: number,
): Promise<Entry> {
  const scope = await scopeOf(db, user, nombreSeguro, 'write');
  const row = await db.transaction().execute((tx) => recoverEntry(tx, scope.glossary, entryId));
  return viewOf(scope, row);
}

/** `GET …/entradas/{id}/historial`: every version, oldest first; the last is the current one. */
export async function entryHistoryFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  entryId: number,
): Promise<{ historial: HistoryItem[] }> {
  const scope = await scopeOf(db, user, nombreSeguro, 'read');
  const entry = await findEntryRow(db, scope.glossary.id, entryId);
  if (!entry) throw new AppError('NOT_FOUND', 'La entrada no existe o se ha eliminado.');
  const versions = await listVersionRows(db, entryId);
  const langs = languagesOf(scope.glossary);
  return { historial: versions.map((v) => toHistoryItem(langs, entry, v, scope.viewer)) };
}

/** `POST …/entradas/{id}/restaurar {version_index}`: that version written again as the newest. */
export async function restoreEntryVersionFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  entryId: number,
  versionIndex: number,
  accepted: readonly number[] | null = null,
): Promise<{ entrada: Entry }> {
  const scope = await scopeOf(db, user, nombreSeguro, 'write');
  const written = await writeIfCurrent(db, scope, entryId, accepted, (tx) =>
    restoreEntryVersion(tx, scope.glossary, entryId, versionIndex, scope.actor, privacyOf(scope)),
  );
  return { entrada: viewOf(scope, written.row) };
}
