import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ErrorCode, ImportFormat, ImportMapping, Language } from '@ludoterm/contract';
import {
  assertFormatMatches,
  FORMAT_ERROR_API_CODES,
  isFormatError,
  readImportFile,
  type EntryStream,
} from '@ludoterm/formats';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { AppError, isAppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import {
  prepareEntry,
  startBulkWrite,
  type EntryActor,
  type PreparedEntry,
  type WriteGlossary,
} from '../entries/entry-writes.service.ts';
import { PreparedStore } from './import-prepared-store.ts';
import { isGlossaryLive } from './import.repository.ts';

// The import itself, as the import worker thread runs it (workers/import.worker.ts): read the
// uploaded file, validate every entry through the entry write path, and only then write them
// all in one transaction on the worker's own connection. Task and outcome are plain data (they
// cross the thread boundary), so failures come back as `{tipo: 'error', code, detail}`.

/** Where the worker writes: its own connection to the app's database. */
export type ImportDatabase =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/** Everything the worker needs; the route has already checked access and the fields. */
export interface ImportTask {
  /** The uploaded file, saved to a temporary file by the route (removed by the route). */
  filePath: string;
  formato: ImportFormat;
  /** The user's column mapping, after a header pass; null on the first pass. */
  mapping: ImportMapping | null;
  maxBytes: number;
  glossary: WriteGlossary;
  actor: EntryActor;
  database: ImportDatabase;
}

/** Milliseconds spent reading and validating, and writing; logged, never answered. */
export interface ImportTimings {
  lectura_ms: number;
  escritura_ms: number;
}

export type ImportOutcome =
  | {
      tipo: 'cabeceras';
      cabeceras_detectadas: string[];
      muestra: string[][];
      sugerencia: ImportMapping;
    }
  | { tipo: 'importado'; importados: number; omitidos: number; tiempos: ImportTimings }
  | { tipo: 'error'; code: ErrorCode; detail: string };

// 64 KiB, as the formats benchmark feeds its readers: with 1 MiB chunks the values the readers
// slice out kept whole chunks alive, doubling the CPU time of reading and adding ~150 MB.
const READ_CHUNK_BYTES = 64 * 1024;
const SNIFF_BYTES = 4096;

/** The first bytes of a file: binary files (a spreadsheet, a PDF) are told apart by them. */
async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function startsWithBom(b: Uint8Array): boolean {
  return (
    (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) ||
    (b[0] === 0xff && b[1] === 0xfe) ||
    (b[0] === 0xfe && b[1] === 0xff) ||
    (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff)
  );
}

/** "Línea 12: …", "Unidad <tu> n.º 4 (línea 30): …": a validation failure with its place. */
function locate(ubicacion: string, detail: string): string {
  if (!ubicacion) return detail;
  return `${ubicacion.charAt(0).toUpperCase()}${ubicacion.slice(1)}: ${detail}`;
}

/**
 * Validates and derives every entry of the stream (the write path's own validation: a field
 * over 20,000 characters, an entry over 100,000…), before anything is written. A failure is
 * refused naming the line or element of the file.
 */
async function prepareAll(stream: EntryStream, glossary: WriteGlossary): Promise<PreparedStore> {
  const prepared = new PreparedStore();
  for await (const input of stream) {
    let entry: PreparedEntry;
    try {
      entry = prepareEntry(glossary, { input });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const detail = typeof error.detail === 'string' ? error.detail : error.message;
      throw new AppError(error.code, locate(stream.ubicacion, detail));
    }
    prepared.add(entry);
  }
  return prepared;
}

/** SQLite page cache of the worker's connection, in KiB (the main one keeps its own). */
const WORKER_CACHE_KIB = Number(process.env['LT_IMPORT_CACHE_KIB'] ?? 16 * 1024);

async function openDatabase(target: ImportDatabase): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') return createDatabase({ postgresUrl: target.url });
  const database = createDatabase({ sqlitePath: target.path });
  // A 100,000-entry write fills whatever cache it is given; this one is the import's share
  // of the server's memory.
  await sql`pragma cache_size = ${sql.raw(String(-WORKER_CACHE_KIB))}`.execute(database.db);
  return database;
}

/**
 * Writes the prepared entries in one transaction: all of them or, on any error, none.
 * Duplicates (both terms equal after folding, against the glossary and earlier in the file)
 * are skipped and counted by the write path. It is fed batch by batch, so the rows it builds
 * never exist for the whole file at once, and indexes them for search once at the end.
 */
async function writeAll(
  target: ImportDatabase,
  glossary: WriteGlossary,
  prepared: PreparedStore,
  actor: EntryActor,
): Promise<{ inserted: number; skipped: number }> {
  const database = await openDatabase(target);
  try {
    return await database.db.transaction().execute(async (tx) => {
      if (!(await isGlossaryLive(tx, glossary.id))) {
        throw new AppError(
          'NOT_FOUND',
          'El glosario se ha eliminado mientras se importaba el archivo: no se ha importado nada.',
        );
      }
      const write = startBulkWrite(tx, glossary, actor, { skipDuplicates: true, now: nowIso() });
      let inserted = 0;
      let skipped = 0;
      for (const batch of prepared.drain()) {
        const result = await write.add(batch);
        inserted += result.inserted;
        skipped += result.skipped;
      }
      await write.finish();
      return { inserted, skipped };
    });
  } finally {
    await database.destroy();
  }
}

async function runImport(task: ImportTask): Promise<ImportOutcome> {
  const started = performance.now();
  const langs = {
    idioma_origen: task.glossary.idioma_origen as Language,
    idioma_meta: task.glossary.idioma_meta as Language,
  };
  const head = await readHead(task.filePath);
  // A file without a byte order mark is checked against the chosen format by its bytes
  // first, so a spreadsheet or a PDF sent as CSV is named as such. Empty files and text with
  // a BOM (UTF-8, UTF-16, the unsupported UTF-32) are the reader's to explain.
  if (head.length > 0 && !startsWithBom(head)) assertFormatMatches(task.formato, head);
  const reading = await readImportFile(
    createReadStream(task.filePath, { highWaterMark: READ_CHUNK_BYTES }),
    {
      ...langs,
      formato: task.formato,
      mapping: task.mapping ?? undefined,
      maxBytes: task.maxBytes,
    },
  );
  if (reading.tipo === 'cabeceras') {
    return {
      tipo: 'cabeceras',
      cabeceras_detectadas: reading.cabeceras_detectadas,
      muestra: reading.muestra,
      sugerencia: reading.sugerencia,
    };
  }
  const prepared = await prepareAll(reading.entradas, task.glossary);
  const read = performance.now();
  const result = await writeAll(task.database, task.glossary, prepared, task.actor);
  return {
    tipo: 'importado',
    importados: result.inserted,
    omitidos: result.skipped + reading.entradas.omitidos,
    tiempos: {
      lectura_ms: Math.round(read - started),
      escritura_ms: Math.round(performance.now() - read),
    },
  };
}

/**
 * Runs one import (in the import worker thread). Reader and validation failures come back as
 * `{tipo: 'error'}` with the API code and the Spanish detail; anything else is a bug and is
 * thrown (the route answers 500 and logs it).
 */
export async function runImportJob(task: ImportTask): Promise<ImportOutcome> {
  try {
    return await runImport(task);
  } catch (error) {
    if (isFormatError(error)) {
      return { tipo: 'error', code: FORMAT_ERROR_API_CODES[error.code], detail: error.detail };
    }
    if (isAppError(error)) {
      const detail = typeof error.detail === 'string' ? error.detail : error.message;
      return { tipo: 'error', code: error.code, detail };
    }
    throw error;
  }
}
