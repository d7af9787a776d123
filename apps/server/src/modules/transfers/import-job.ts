import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode, ImportFormat, ImportMapping, Language } from '@ludoterm/contract';
import {
  assertFormatMatches,
  FORMAT_ERROR_API_CODES,
  isFormatError,
  readImportFile,
  type EntryStream,
} from '@ludoterm/formats';
import { AppError, isAppError } from '../../errors.ts';
import { normalizeEntryInput, type NormalizedEntry } from '../entries/entry-card.ts';
import { languagesOf, type WriteGlossary } from '../entries/entry-writes.service.ts';
import { BatchSender, WriterFailedError, importDeriver } from './import-channel.ts';
import { GrowingFile, UploadFailedError } from './upload-channel.ts';

// The reading half of an import, as the import worker thread runs it (workers/import.worker.ts):
// read the uploaded file and validate every entry through the entry write path, sending the
// entries to the writer thread (import-write.ts) as they are validated; the writer commits
// only when told the whole file was valid. Task and outcome are plain data (they cross the
// thread boundary), so failures come back as `{tipo: 'error', code, detail}`.

/** Where the writer writes: its own connection to the app's database. */
export type ImportDatabase =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/** Everything the reader needs; the route has already checked access and the fields. */
export interface ImportTask {
  /** The uploaded file, being saved to a temporary file by the route (which removes it). */
  filePath: string;
  /** Where the route reports how much of the file is written so far (upload-channel.ts). */
  upload: MessagePort;
  formato: ImportFormat;
  /** The user's column mapping, after a header pass; null on the first pass. */
  mapping: ImportMapping | null;
  maxBytes: number;
  glossary: WriteGlossary;
  /**
   * Whether entries are derived with their advanced-search rows; on SQLite those are derived
   * from the stored cards after the answer (`SearchIndex.defersIndexing`).
   */
  withFields: boolean;
  /** The reader's end of the import's channel to the writer (see import-channel.ts). */
  port: MessagePort;
}

export type ImportOutcome =
  | {
      tipo: 'cabeceras';
      cabeceras_detectadas: string[];
      muestra: string[][];
      sugerencia: ImportMapping;
    }
  /** Every entry valid and sent; `omitidos`: units without the glossary's languages. */
  | { tipo: 'leido'; omitidos: number; lectura_ms: number }
  /** The writer or the upload stopped first: the writer's outcome or the route says why. */
  | { tipo: 'interrumpido' }
  | { tipo: 'error'; code: ErrorCode; detail: string };

// 64 KiB, as the formats benchmark feeds its readers: with 1 MiB chunks the values the readers
// slice out kept whole chunks alive, doubling the CPU time of reading and adding ~150 MB.
const READ_CHUNK_BYTES = 64 * 1024;
const SNIFF_BYTES = 4096;

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
 * Validates every entry of the stream (the write path's own validation: a field over 20,000
 * characters, an entry over 100,000…) and sends it to the writer. A failure is refused naming
 * the line or element of the file.
 */
async function sendAll(stream: EntryStream, task: ImportTask, sender: BatchSender): Promise<void> {
  const langs = languagesOf(task.glossary);
  for await (const entries of stream.batches()) {
    for (const { entrada, ubicacion } of entries) {
      let entry: NormalizedEntry;
      try {
        entry = normalizeEntryInput(langs, entrada);
      } catch (error) {
        if (!isAppError(error)) throw error;
        const detail = typeof error.detail === 'string' ? error.detail : error.message;
        throw new AppError(error.code, locate(ubicacion, detail));
      }
      if (sender.add(entry)) await sender.flush();
    }
  }
  await sender.end();
}

async function runImport(
  task: ImportTask,
  sender: BatchSender,
  file: GrowingFile,
): Promise<ImportOutcome> {
  const started = performance.now();
  const langs = {
    idioma_origen: task.glossary.idioma_origen as Language,
    idioma_meta: task.glossary.idioma_meta as Language,
  };
  const head = await file.head(SNIFF_BYTES);
  // A file without a byte order mark is checked against the chosen format by its bytes
  // first, so a spreadsheet or a PDF sent as CSV is named as such. Empty files and text with
  // a BOM (UTF-8, UTF-16, the unsupported UTF-32) are the reader's to explain.
  if (head.length > 0 && !startsWithBom(head)) assertFormatMatches(task.formato, head);
  const reading = await readImportFile(file.chunks(READ_CHUNK_BYTES), {
    ...langs,
    formato: task.formato,
    mapping: task.mapping ?? undefined,
    maxBytes: task.maxBytes,
  });
  if (reading.tipo === 'cabeceras') {
    return {
      tipo: 'cabeceras',
      cabeceras_detectadas: reading.cabeceras_detectadas,
      muestra: reading.muestra,
      sugerencia: reading.sugerencia,
    };
  }
  await sendAll(reading.entradas, task, sender);
  return {
    tipo: 'leido',
    omitidos: reading.entradas.omitidos,
    lectura_ms: Math.round(performance.now() - started),
  };
}

/**
 * Reads one import (in the import worker thread). Reader and validation failures come back as
 * `{tipo: 'error'}` with the API code and the Spanish detail; anything else is a bug and is
 * thrown (the route answers 500 and logs it).
 */
export async function runImportJob(task: ImportTask): Promise<ImportOutcome> {
  const sender = new BatchSender(task.port, importDeriver(task));
  const file = new GrowingFile(task.filePath, task.upload);
  let outcome: ImportOutcome | null = null;
  try {
    outcome = await runImport(task, sender, file);
    return outcome;
  } catch (error) {
    // The writer stopped, or the upload did: either one's outcome says why.
    if (error instanceof WriterFailedError || error instanceof UploadFailedError) {
      return { tipo: 'interrumpido' };
    }
    if (isFormatError(error)) {
      return { tipo: 'error', code: FORMAT_ERROR_API_CODES[error.code], detail: error.detail };
    }
    if (isAppError(error)) {
      const detail = typeof error.detail === 'string' ? error.detail : error.message;
      return { tipo: 'error', code: error.code, detail };
    }
    throw error;
  } finally {
    // A header pass, a refused file or a bug: the writer must not commit anything.
    if (outcome?.tipo !== 'leido') sender.cancel();
    await file.close();
  }
}
