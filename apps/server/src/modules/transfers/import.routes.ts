import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { glossaryParamsSchema, importAnswerSchema } from '@ludoterm/contract';
import { formatBytes } from '@ludoterm/formats';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { removeStaleFiles } from '../../lib/stale-files.ts';
import { warmUpAfterListen } from '../../lib/warm-up-after-listen.ts';
import { createWorkerPool } from '../../lib/worker-pool.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ImportOutcome, ImportTask } from './import-job.ts';
import { warmUpImports } from './import-warm-up.ts';
import type { ImportWriteOutcome, ImportWriteTask } from './import-write.ts';
import {
  authorizeImport,
  importFile,
  importWholeFile,
  type ImportDeps,
  type ImportForm,
} from './import.service.ts';
import { UploadProgress } from './upload-channel.ts';

/**
 * Young generation of the import reader thread. Parsing allocates fast and the batches in
 * flight live a little while: with 16 MB the reader collected every 5 MB or so, promoting
 * batches to the old generation: over two 100,000-entry TMX imports, 1.7 s of collection
 * pauses (380 scavenges, 88 full collections); with 32 MB, 0.3 s (208 and 3). TMX imports
 * were 0.35–0.45 s sooner in two alternating pairs of benchmark runs, and more on a slower
 * machine. Larger sizes gained nothing more.
 */
const READER_YOUNG_MB = 32;

/**
 * Young generation of the import writer thread. 32 MB made no difference beyond the noise
 * in the benchmark, while the server grew by 25 MB more during an import (190 against 165 MB);
 * Node's default (up to 48 MB) only lets garbage pile up in RSS.
 */
const WRITER_YOUNG_MB = 16;

/** Heap of the import writer thread: batches and the glossary's duplicate keys. */
const WRITER_HEAP_MB = 256;

/**
 * The writer thread's lower priority. The reader bounds an import: it must parse the whole
 * file, and the writer keeps up with CPU to spare. When both want the same core, the reader goes
 * first. On 2 cores this took 0.3–0.5 s off a 100,000-entry TBX in two alternating pairs
 * (ADR 0013).
 */
const WRITER_NICE = 5;

/** Heap of the import thread: 192 MB plus 1 MB per MiB of the largest file accepted. */
function importHeapMb(maxBytes: number): number {
  return 192 + Math.ceil(maxBytes / (1024 * 1024));
}

/**
 * A thread idle this long exits, and the next import starts a cold one again (import-warm-up.ts):
 * as long as the extractor's and the search threads'.
 */
const WORKER_IDLE_MS = 30 * 60_000;

/**
 * Uploads and warm-up databases a stopped server left in the temporary directory are removed
 * at the next start once this old (an upload in progress is never that old).
 */
const STALE_FILE_MS = 24 * 60 * 60_000;

/** The multipart field that carries the file (spec section 7). */
const FILE_FIELD = 'archivo';

function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `El archivo supera el máximo de ${formatBytes(maxBytes)} que admite la importación. ` +
      'Divídelo en varios archivos más pequeños o pide a un administrador que amplíe el límite.',
  );
}

/** The upload as the route receives it (see `receiveImportForm`). */
interface ImportUpload {
  /**
   * The form as far as the import needs it: as soon as the file part begins when `formato`
   * came before it (as the web app and the API documentation send it), else once the whole
   * form is read. Rejects if the upload fails first.
   */
  form: Promise<ImportForm>;
  /** The whole file written; rejects with the reason the upload failed (413 over the limit). */
  done: Promise<void>;
  /** Once `done` has settled: removes the temporary file and closes the progress port. */
  cleanup: () => Promise<void>;
}

/**
 * Writes the file part to `path`, reporting each chunk to the import worker; answers the
 * bytes written. The caller says whether that is the whole file (it may have been cut at the
 * limit).
 */
async function saveUpload(
  file: AsyncIterable<Buffer>,
  path: string,
  progress: UploadProgress,
): Promise<number> {
  const handle = await open(path, 'w');
  let written = 0;
  try {
    for await (const chunk of file) {
      await handle.write(chunk);
      written += chunk.length;
      progress.written(written);
    }
  } finally {
    await handle.close();
  }
  return written;
}

/**
 * Receives the multipart form: text fields into memory, the file (`archivo`) streamed to a
 * temporary file, so a big upload is never held whole, and read by the import while it
 * arrives (upload-channel.ts). More than `maxBytes` is refused with 413 stating the limit.
 */
function receiveImportForm(
  request: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
): ImportUpload {
  const fields: Record<string, string> = {};
  let filePath: string | null = null;
  const { port1, port2 } = new MessageChannel();
  const progress = new UploadProgress(port1);
  // Settled once: at the file part, or when the whole form is read or has failed.
  let formReady!: (form: ImportForm) => void;
  let formFailed!: (error: unknown) => void;
  const form = new Promise<ImportForm>((resolve, reject) => {
    formReady = resolve;
    formFailed = reject;
  });
  const receive = async () => {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 200_000, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD || filePath !== null) {
        part.file.resume();
        continue;
      }
      filePath = join(tmpDir, `${randomUUID()}.subida`);
      if (fields['formato'] !== undefined)
        formReady({ fields, file: { path: filePath, upload: port2 } });
      let written: number;
      try {
        written = await saveUpload(part.file, filePath, progress);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fileTooLarge(maxBytes);
        throw error;
      }
      // Cut at the limit: the import must not take what arrived for the whole file.
      if (part.file.truncated) throw fileTooLarge(maxBytes);
      progress.complete(written);
    }
  };
  const done = receive().then(
    // Resolves `form` if it did not resolve at the file part (no file, or `formato` after it).
    () => formReady({ fields, file: filePath === null ? null : { path: filePath, upload: port2 } }),
    (error: unknown) => {
      progress.fail();
      formFailed(error);
      throw error;
    },
  );
  return {
    form,
    done,
    cleanup: async () => {
      await done.catch(() => undefined);
      progress.close();
      if (filePath !== null) await rm(filePath, { force: true });
    },
  };
}

/**
 * `POST /glosarios/{ns}/importar` (multipart: `archivo`, `formato`, optional `mapping_json`):
 * the header pass `{cabeceras_detectadas, muestra}` or `{importados, omitidos}`.
 */
export const importRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database },
) => {
  // One import at a time per instance, on two threads: one reads and validates, the other
  // writes (on SQLite, writes are serial anyway). Heaps are capped: what they keep live is
  // small (a few batches in flight between them), and a capped heap is collected before it
  // grows, which is what keeps the server's memory growth in bounds.
  const pool = createWorkerPool<ImportTask, ImportOutcome>('import', {
    maxThreads: 1,
    maxQueue: 16,
    idleTimeoutMs: WORKER_IDLE_MS,
    maxOldGenerationSizeMb: importHeapMb(config.IMPORT_MAX_BYTES),
    maxYoungGenerationSizeMb: READER_YOUNG_MB,
  });
  const writerPool = createWorkerPool<ImportWriteTask, ImportWriteOutcome>('import-writer', {
    maxThreads: 1,
    maxQueue: 16,
    idleTimeoutMs: WORKER_IDLE_MS,
    maxOldGenerationSizeMb: WRITER_HEAP_MB,
    maxYoungGenerationSizeMb: WRITER_YOUNG_MB,
    // It checkpoints the WAL after answering (import-write.ts).
    runsBetweenTasks: true,
    niceIncrement: WRITER_NICE,
  });
  const tmpDir = join(config.DATA_DIR, 'tmp', 'importaciones');
  await mkdir(tmpDir, { recursive: true });
  await removeStaleFiles(tmpDir, STALE_FILE_MS);
  const deps: ImportDeps = { config, database, pool, writerPool };
  app.addHook('onClose', async () => {
    // An import that has answered finishes indexing (else `indexPending` does it at the next
    // start); one still reading or writing is called off.
    await database.fieldIndexingGate.allPassed();
    await Promise.all([pool.destroy(), writerPool.destroy()]);
  });
  // The first import should not run on cold threads. Tests start threads only when they import.
  if (config.NODE_ENV !== 'test') {
    warmUpAfterListen(
      app,
      () => warmUpImports({ config, pool, writerPool }, tmpDir),
      'importación: no se pudieron calentar los hilos',
    );
  }

  app.post(
    '/glosarios/:nombre_seguro/importar',
    {
      schema: {
        tags: ['importar'],
        consumes: ['multipart/form-data'],
        params: glossaryParamsSchema,
        response: { 200: importAnswerSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const permission = await authorizeImport(app.db, user, request.params.nombre_seguro);
      const upload = receiveImportForm(request, tmpDir, config.IMPORT_MAX_BYTES);
      try {
        const form = await upload.form;
        const importDeps = { ...deps, log: request.log };
        const mappingSent = form.fields['mapping_json'] !== undefined;
        // The import reads the file as it arrives; a failed upload is the answer (413, …).
        const [imported, received] = await Promise.allSettled([
          importFile(importDeps, permission, user, form),
          upload.done,
        ]);
        if (received.status === 'rejected') throw received.reason;
        if (imported.status === 'rejected') throw imported.reason;
        const answer = imported.value;
        // A `mapping_json` sent after the file came too late for the reading, which began at
        // the file: that answered the header pass. The file is whole now: read it again with it.
        const lateMapping = !mappingSent && form.fields['mapping_json'] !== undefined;
        if (lateMapping && form.file && 'cabeceras_detectadas' in answer) {
          return await importWholeFile(importDeps, permission, user, form.file.path, form.fields);
        }
        return answer;
      } finally {
        await upload.cleanup();
      }
    },
  );
};
