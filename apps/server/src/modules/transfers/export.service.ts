import type { ExportFormat, Language } from '@ludoterm/contract';
import {
  exportContentType,
  exportFileName,
  writeExport,
  type ExportEntry,
  type GlossaryMeta,
} from '@ludoterm/formats';
import type { Kysely } from 'kysely';
import type { Database, GlossaryRow, UserRow } from '../../db/schema.ts';
import type { SortCursor } from '../entries/index.ts';
import { toEntryView, type EntryViewer, languagesOf } from '../card/index.ts';
import { authorizeGlossary } from '../glossaries/index.ts';
import { listExportRows } from './export.repository.ts';

/** Rows per read: short, so other requests interleave on SQLite's one synchronous connection. */
export const EXPORT_PAGE_SIZE = 1000;

export interface ExportRequest {
  formato: ExportFormat;
  /** TBX only: '2' (TBX-Basic `martif`, the default) or '3'. */
  version?: '2' | '3';
}

/** Where a failure in the middle of a download is reported (the request's logger). */
export interface ExportLog {
  error(details: object, message: string): void;
}

/** A download ready to send: its name, type and bytes, the first chunk already produced. */
export interface ExportDownload {
  fileName: string;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
}

/** The glossary's live entries in sort order, in keyset pages as the writer asks, as answered. */
export async function* readGlossaryEntries(
  db: Kysely<Database>,
  glossary: GlossaryRow,
  viewer: EntryViewer,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportEntry> {
  const langs = languagesOf(glossary);
  let cursor: SortCursor | null = null;
  for (;;) {
    const rows = await listExportRows(db, glossary.id, cursor, pageSize);
    for (const row of rows) yield toEntryView(langs, row, viewer) as ExportEntry;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { clave_orden: last.clave_orden, id: last.id };
  }
}

export function exportMetaOf(glossary: GlossaryRow): GlossaryMeta {
  return {
    nombre: glossary.nombre,
    nombre_seguro: glossary.nombre_seguro,
    idioma_origen: glossary.idioma_origen as Language,
    idioma_meta: glossary.idioma_meta as Language,
    descripcion: glossary.descripcion,
    num_entradas: glossary.num_entradas,
  };
}

/**
 * Produces the first chunk before answering, so an early failure still gets an error status. A
 * later one is logged and rethrown so the route aborts: a failed download, never a truncated one.
 */
async function primed(
  chunks: AsyncGenerator<Uint8Array>,
  log: ExportLog,
  context: object,
): Promise<AsyncIterable<Uint8Array>> {
  const first = await chunks.next();
  async function* rest(): AsyncGenerator<Uint8Array> {
    if (first.done) return;
    yield first.value;
    try {
      yield* chunks;
    } catch (error) {
      log.error({ err: error, ...context }, 'exportación interrumpida a mitad de la descarga');
      throw error;
    }
  }
  return rest();
}

/** `GET /glosarios/{ns}/exportar`: any reader downloads the glossary, streamed. */
export async function exportGlossaryFor(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  request: ExportRequest,
  log: ExportLog,
): Promise<ExportDownload> {
  const { glossary } = await authorizeGlossary(db, user, nombreSeguro, 'read');
  const viewer: EntryViewer = { userId: user.id, ownerId: glossary.owner_id };
  const meta = exportMetaOf(glossary);
  const chunks = writeExport(request.formato, readGlossaryEntries(db, glossary, viewer), meta, {
    version: request.version === '3' ? 3 : 2,
  });
  return {
    fileName: exportFileName(meta, request.formato),
    contentType: exportContentType(request.formato),
    body: await primed(chunks, log, { glosario: glossary.nombre_seguro, formato: request.formato }),
  };
}
