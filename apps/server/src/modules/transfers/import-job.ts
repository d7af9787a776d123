import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  IMPORT_REPORT_MAX,
  type ErrorCode,
  type ImportFormat,
  type ImportMapping,
  type Language,
  type PossibleDuplicate,
  termFieldId,
} from '@ludoterm/contract';
import {
  assertFormatMatches,
  FORMAT_ERROR_API_CODES,
  isFormatError,
  readImportFile,
  type EntryStream,
} from '@ludoterm/formats';
import type { Kysely, Transaction } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { checkpointPassively } from '../../db/wal-checkpoint.ts';
import { holdingGate } from '../../db/write-gate.ts';
import { AppError, isAppError, queryCanceledError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { languagesOf, normalizeEntryInput, provenanceOf, readFicha } from '../card/index.ts';
import {
  deriveEntry,
  importedReviewState,
  insertNewEntryRows,
  KnownEntries,
  type EntryActor,
  type PreparedEntry,
  type WriteGlossary,
} from '../entries/index.ts';
import { searchIndexFor } from '../search/index.ts';
import {
  createStagingGlossary,
  discardStagingGlossary,
  listStagingGlossaries,
  publishStagingGlossary,
} from './import-staging.repository.ts';
import { isGlossaryLive, lockGlossaryForImport } from './import.repository.ts';

// An import on the import worker thread, on the thread's own connection: every entry and its
// index rows become visible at once (one transaction, or on SQLite one last move out of a
// staging glossary), so it is all or nothing and searchable once it answers.

/** Where the import writes: its own connection to the app's database. */
export type ImportDatabase =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

export interface ImportTask {
  /** The uploaded file (the route removes it). */
  filePath: string;
  formato: ImportFormat;
  /** The user's column mapping, after a header pass; null on the first pass. */
  mapping: ImportMapping | null;
  maxBytes: number;
  glossary: WriteGlossary;
  actor: EntryActor;
  database: ImportDatabase;
  /** The main thread's write gate (db/write-gate.ts), raised around each SQLite transaction. */
  gate: Int32Array;
}

export type ImportOutcome =
  | {
      tipo: 'cabeceras';
      cabeceras_detectadas: string[];
      muestra: string[][];
      sugerencia: ImportMapping;
    }
  /** `omitidos`: repeats, and units without the glossary's languages. */
  | ({ tipo: 'importado' } & ImportCounts & ImportReport)
  | { tipo: 'error'; code: ErrorCode; detail: string };

// Larger chunks stay alive through the values sliced out of them.
const READ_CHUNK_BYTES = 64 * 1024;
const SNIFF_BYTES = 4096;
/** Entries per batch: on SQLite, what another writer may wait for (one transaction each). */
const BATCH_ENTRIES = 5000;

function startsWithBom(b: Uint8Array): boolean {
  return (
    (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) ||
    (b[0] === 0xff && b[1] === 0xfe) ||
    (b[0] === 0xfe && b[1] === 0xff) ||
    (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff)
  );
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** "Línea 12: …", "Unidad <tu> n.º 4 (línea 30): …": a validation failure with its place. */
function locate(ubicacion: string, detail: string): string {
  if (!ubicacion) return detail;
  return `${ubicacion.charAt(0).toUpperCase()}${ubicacion.slice(1)}: ${detail}`;
}

function openDatabase(target: ImportDatabase): DatabaseHandle {
  return target.engine === 'postgres'
    ? createDatabase({ postgresUrl: target.url, poolSize: 2 })
    : createDatabase({ sqlitePath: target.path });
}

interface ImportCounts {
  importados: number;
  omitidos: number;
}

/** What the answer lists beside the counts, each naming its place in the file. */
interface ImportReport {
  posibles_duplicados: PossibleDuplicate[];
  avisos: string[];
}

/** Keeps the first IMPORT_REPORT_MAX of each list and counts the rest. */
class ReportCollector {
  readonly report: ImportReport = { posibles_duplicados: [], avisos: [] };
  #moreDuplicates = 0;
  #moreWarnings = 0;

  duplicate(item: PossibleDuplicate) {
    if (this.report.posibles_duplicados.length < IMPORT_REPORT_MAX)
      this.report.posibles_duplicados.push(item);
    else this.#moreDuplicates += 1;
  }

  warn(ubicacion: string, avisos: readonly string[]) {
    for (const aviso of avisos) {
      if (this.report.avisos.length < IMPORT_REPORT_MAX)
        this.report.avisos.push(locate(ubicacion, aviso));
      else this.#moreWarnings += 1;
    }
  }

  finish(): ImportReport {
    if (this.#moreWarnings > 0)
      this.report.avisos.push(`Y ${this.#moreWarnings} avisos más, sin listar.`);
    if (this.#moreDuplicates > 0) {
      this.report.avisos.push(`Y ${this.#moreDuplicates} posibles duplicados más, sin listar.`);
    }
    return this.report;
  }
}

/**
 * How the batches of an import are written: `read` for its reads, `batch` runs each batch's
 * writes in a transaction, `into` is the glossary the rows go into.
 */
interface ImportWriter {
  read: Kysely<Database>;
  batch: <T>(work: (tx: Transaction<Database>) => Promise<T>) => Promise<T>;
  into: number;
}

/** Validates and writes the stream's entries in batches, each indexed as it is written. */
async function writeAll(
  writer: ImportWriter,
  stream: EntryStream,
  task: ImportTask,
): Promise<ImportCounts & ImportReport & { written: number[] }> {
  const langs = languagesOf(task.glossary);
  const known = await KnownEntries.load(writer.read, task.glossary.id);
  const report = new ReportCollector();
  const now = nowIso();
  const into = { ...task.glossary, id: writer.into };
  const written: number[] = [];
  let omitidos = 0;
  let batch: PreparedEntry[] = [];
  let places: string[] = [];
  let warnings: string[][] = [];
  const flush = async () => {
    const result = await writer.batch(async (tx) => {
      const rows = await insertNewEntryRows(tx, into, batch, task.actor, { now, known });
      await searchIndexFor(tx).reindex(
        tx,
        rows.rows.map((row) => row.id),
      );
      return rows;
    });
    for (const row of result.rows) written.push(row.id);
    // A repeat left out is not reported: what the file said of it changed nothing.
    result.ids.forEach((id, position) => {
      if (id !== null) report.warn(places[position]!, warnings[position]!);
    });
    for (const { position, duplicaId, duplicaIdExterno, motivo } of result.possibleDuplicates) {
      const card = readFicha(batch[position]!.ficha).card;
      report.duplicate({
        ubicacion: places[position]!,
        entrada_id: result.ids[position]!,
        id_externo: batch[position]!.id_externo!,
        termino: {
          [langs.origen]: card[termFieldId(langs.origen)] ?? null,
          [langs.meta]: card[termFieldId(langs.meta)] ?? null,
        },
        duplica_id: duplicaId,
        duplica_id_externo: duplicaIdExterno,
        motivo,
      });
    }
    omitidos += result.skipped;
    batch = [];
    places = [];
    warnings = [];
  };
  for await (const entries of stream.batches()) {
    for (const { entrada, ubicacion, avisos } of entries) {
      try {
        const estado_revision = importedReviewState(
          entrada.estado_revision,
          task.actor.canApprove ?? false,
        );
        const normalized = normalizeEntryInput(langs, entrada);
        batch.push(
          deriveEntry(task.glossary, normalized, {
            estado_revision,
            provenance: provenanceOf(entrada),
          }),
        );
        warnings.push([...(avisos ?? []), ...(normalized.avisos ?? [])]);
      } catch (error) {
        if (!isAppError(error)) throw error;
        const detail = typeof error.detail === 'string' ? error.detail : error.message;
        throw new AppError(error.code, locate(ubicacion, detail));
      }
      places.push(ubicacion);
      if (batch.length >= BATCH_ENTRIES) await flush();
    }
  }
  await flush();
  return {
    importados: written.length,
    omitidos: omitidos + stream.omitidos,
    ...report.finish(),
    written,
  };
}

function glossaryGone(): AppError {
  return new AppError(
    'NOT_FOUND',
    'El glosario se ha eliminado mientras se importaba el archivo: no se ha importado nada.',
  );
}

/** PostgreSQL: the whole import in one transaction, which other writers do not wait for. */
async function importInOneTransaction(db: Kysely<Database>, stream: EntryStream, task: ImportTask) {
  return db.transaction().execute(async (tx) => {
    await lockGlossaryForImport(tx, task.glossary.id);
    if (!(await isGlossaryLive(tx, task.glossary.id))) throw glossaryGone();
    const result = await writeAll(
      { read: tx, batch: (work) => work(tx), into: task.glossary.id },
      stream,
      task,
    );
    // The planner's statistics follow a bulk write only when it is indexed as one.
    await searchIndexFor(tx).reindex(tx, result.written);
    return result;
  });
}

/**
 * SQLite: each batch in a short transaction of its own, into a staging glossary no one sees,
 * whose entries one last transaction moves into the glossary; so other writers (waiting at the
 * gate the thread raises around each transaction) wait for a batch, not for the whole import.
 */
async function importStaged(
  db: Kysely<Database>,
  stream: EntryStream,
  task: ImportTask,
  gate: Int32Array,
) {
  const inTransaction = <T>(work: (tx: Transaction<Database>) => Promise<T>) =>
    holdingGate(gate, () => db.transaction().execute(work));
  // Imports run one at a time: any staging glossary left is a failed or interrupted import's.
  for (const id of await listStagingGlossaries(db)) await discardStagingGlossary(inTransaction, id);
  if (!(await isGlossaryLive(db, task.glossary.id))) throw glossaryGone();
  const stagingId = await inTransaction((tx) =>
    createStagingGlossary(tx, task.glossary.id, nowIso()),
  );
  let result: Awaited<ReturnType<typeof writeAll>>;
  try {
    result = await writeAll({ read: db, batch: inTransaction, into: stagingId }, stream, task);
    await inTransaction(async (tx) => {
      if (!(await isGlossaryLive(tx, task.glossary.id))) throw glossaryGone();
      await publishStagingGlossary(tx, stagingId, task.glossary.id);
    });
  } catch (error) {
    // Whatever is left (if this fails too) the next import removes; the answer is the error.
    await discardStagingGlossary(inTransaction, stagingId).catch(() => undefined);
    throw error;
  }
  // Now empty; its row goes in a transaction of its own (a delete checks every entry's glossary).
  await discardStagingGlossary(inTransaction, stagingId).catch(() => undefined);
  return result;
}

async function runImport(task: ImportTask): Promise<ImportOutcome> {
  const head = await readHead(task.filePath);
  // Sniffed first so a spreadsheet or PDF sent as CSV is named as such; BOM text is the reader's.
  if (head.length > 0 && !startsWithBom(head)) assertFormatMatches(task.formato, head);
  const reading = await readImportFile(
    createReadStream(task.filePath, { highWaterMark: READ_CHUNK_BYTES }),
    {
      idioma_origen: task.glossary.idioma_origen as Language,
      idioma_meta: task.glossary.idioma_meta as Language,
      formato: task.formato,
      mapping: task.mapping ?? undefined,
      maxBytes: task.maxBytes,
    },
  );
  if (reading.tipo === 'cabeceras') {
    const { cabeceras_detectadas, muestra, sugerencia } = reading;
    return { tipo: 'cabeceras', cabeceras_detectadas, muestra, sugerencia };
  }
  const database = openDatabase(task.database);
  try {
    const result =
      database.engine === 'sqlite'
        ? await importStaged(database.db, reading.entradas, task, task.gate)
        : await importInOneTransaction(database.db, reading.entradas, task);
    // Checkpointed here, not by the main connection's next commit inside a request.
    if (database.engine === 'sqlite') await checkpointPassively(database.db);
    const { importados, omitidos, posibles_duplicados, avisos } = result;
    return { tipo: 'importado', importados, omitidos, posibles_duplicados, avisos };
  } finally {
    await database.destroy();
  }
}

/** Runs one import; reader and validation failures come back as `{tipo: 'error'}`, bugs throw. */
export async function runImportJob(task: ImportTask): Promise<ImportOutcome> {
  try {
    return await runImport(task);
  } catch (error) {
    if (isFormatError(error)) {
      return { tipo: 'error', code: FORMAT_ERROR_API_CODES[error.code], detail: error.detail };
    }
    // An error's own properties do not survive the trip back from the thread: map it here.
    const known = isAppError(error) ? error : queryCanceledError(error);
    if (known) {
      const detail = typeof known.detail === 'string' ? known.detail : known.message;
      return { tipo: 'error', code: known.code, detail };
    }
    throw error;
  }
}
