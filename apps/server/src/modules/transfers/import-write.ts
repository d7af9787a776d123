import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@ludoterm/contract';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { AppError, isAppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import {
  startBulkWrite,
  type PreparedEntry,
  type EntryActor,
  type WriteGlossary,
} from '../entries/entry-writes.service.ts';
import { indexPendingEntries, indexPendingTerms } from '../search/search-index.ts';
import { importDeriver, receiveBatches } from './import-channel.ts';
import type { ImportDatabase } from './import-job.ts';
import { isGlossaryLive } from './import.repository.ts';

// The writing half of an import, as the import writer thread runs it
// (workers/import-writer.worker.ts): the entries the reader validates arrive in batches over
// `port` and are derived and written as they come, in one transaction on the thread's own
// connection, committed only when the reader says the whole file was valid. Anything else
// rolls back.

export interface ImportWriteTask {
  /** The writer's end of the import's channel (see import-channel.ts). */
  port: MessagePort;
  /**
   * Carries the outcome as soon as the entries are committed (the import answers then), then
   * `TERMS_INDEXED` once their terms are indexed (quick searches over the glossary wait until
   * then), `INDEXED` once their card fields are too (advanced searches wait until then), and
   * is closed once the writer is done with the database, the checkpoint made. The
   * main thread holds its write gate until then (see import.service.ts).
   */
  settled: MessagePort;
  glossary: WriteGlossary;
  /** As `ImportTask.withFields`: the entries this thread derives are derived alike. */
  withFields: boolean;
  actor: EntryActor;
  database: ImportDatabase;
}

export type ImportWriteOutcome =
  | { tipo: 'escrito'; importados: number; omitidos: number; escritura_ms: number }
  /** The reader called it off: nothing was written (the reader's outcome says why). */
  | { tipo: 'cancelado' }
  | { tipo: 'error'; code: ErrorCode; detail: string };

/** Sent over `settled` once the committed entries' terms are indexed. */
export const TERMS_INDEXED = 'terminos-indexados';
/** Sent over `settled` once the committed entries are indexed, card fields included. */
export const INDEXED = 'indexado';

/** Thrown inside the transaction to roll it back when the reader cancels. */
class Cancelled extends Error {}

/** SQLite page cache of the writer's connection, in KiB (the main one keeps its own). */
const WRITER_CACHE_KIB = 16 * 1024;

async function openDatabase(target: ImportDatabase): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') return createDatabase({ postgresUrl: target.url });
  const database = createDatabase({ sqlitePath: target.path });
  // A 100,000-entry write fills whatever cache it is given; this one is the import's share
  // of the server's memory.
  await sql`pragma cache_size = ${sql.raw(String(-WRITER_CACHE_KIB))}`.execute(database.db);
  // The commit would otherwise copy the whole write back into the database file (about a
  // second for 100,000 entries) before the import could answer; see `checkpointLater`.
  await sql`pragma wal_autocheckpoint = 0`.execute(database.db);
  return database;
}

/**
 * While the entries are written, temporary data stays in memory, the connection's default
 * (`openSqlite`): the statement journal of each bulk statement (a few hundred KB). In files,
 * they cost 0.13 s more per 100,000 entries (1.17–1.21 against 1.02–1.08 s, alternating in
 * process). Indexing then sorts the whole import's card fields by rowid (~40 MB for 100,000
 * entries): in temporary files (the OS's cache) rather than in the server's memory.
 */
async function tempFilesForIndexing(database: DatabaseHandle): Promise<void> {
  if (database.engine === 'sqlite') await sql`pragma temp_store = file`.execute(database.db);
}

/**
 * After the answer: the WAL holds the whole import; copying it into the database file is
 * done here, on this thread, rather than by the next writer's commit (which, on the main
 * connection, would stall the event loop for that second). PASSIVE: readers and writers
 * carry on meanwhile.
 */
function checkpointLater(database: DatabaseHandle, settled: MessagePort): void {
  setImmediate(() => {
    void (async () => {
      try {
        if (database.engine === 'sqlite') {
          await sql`pragma wal_checkpoint(passive)`.execute(database.db);
        }
      } finally {
        await database.destroy();
        settled.close();
      }
    })();
  });
}

async function writeBatches(task: ImportWriteTask): Promise<ImportWriteOutcome> {
  const batches = receiveBatches(task.port, importDeriver(task));
  const first = await batches.next();
  if (first.value === null) {
    task.settled.close();
    return { tipo: 'cancelado' };
  }
  const started = performance.now();
  const database = await openDatabase(task.database);
  let committed = false;
  try {
    const result = await database.db.transaction().execute(async (tx) => {
      if (!(await isGlossaryLive(tx, task.glossary.id))) {
        throw new AppError(
          'NOT_FOUND',
          'El glosario se ha eliminado mientras se importaba el archivo: no se ha importado nada.',
        );
      }
      const write = startBulkWrite(tx, task.glossary, task.actor, {
        skipDuplicates: true,
        now: nowIso(),
        indexAfterCommit: true,
      });
      let importados = 0;
      let omitidos = 0;
      const add = async (batch: readonly PreparedEntry[]) => {
        const written = await write.add(batch);
        importados += written.inserted;
        omitidos += written.skipped;
      };
      if (first.value) await add(first.value);
      if (!first.done) {
        for await (const batch of batches) {
          if (batch === null) throw new Cancelled();
          await add(batch);
        }
      }
      await write.finish();
      return { importados, omitidos };
    });
    committed = true;
    const outcome: ImportWriteOutcome = {
      tipo: 'escrito',
      ...result,
      escritura_ms: Math.round(performance.now() - started),
    };
    // The answer goes now, by message; the entries are indexed next, their terms and then their
    // card fields, each in a transaction of its own, before this task returns: the next
    // import's writer starts on this thread only then (started earlier, it would wait in
    // SQLite's busy handler for this very thread).
    task.settled.postMessage(outcome);
    await tempFilesForIndexing(database);
    await indexPendingTerms(database.db);
    task.settled.postMessage(TERMS_INDEXED);
    await indexPendingEntries(database.db);
    task.settled.postMessage(INDEXED);
    return outcome;
  } catch (error) {
    if (error instanceof Cancelled) return { tipo: 'cancelado' };
    throw error;
  } finally {
    if (committed) checkpointLater(database, task.settled);
    else {
      await database.destroy();
      task.settled.close();
    }
  }
}

/**
 * Writes one import (in the import writer thread). Failures the user can act on come back
 * as `{tipo: 'error'}`; anything else is a bug and is thrown (the route answers 500).
 */
export async function runImportWrite(task: ImportWriteTask): Promise<ImportWriteOutcome> {
  try {
    return await writeBatches(task);
  } catch (error) {
    if (isAppError(error)) {
      const detail = typeof error.detail === 'string' ? error.detail : error.message;
      return { tipo: 'error', code: error.code, detail };
    }
    throw error;
  } finally {
    task.port.close();
  }
}
