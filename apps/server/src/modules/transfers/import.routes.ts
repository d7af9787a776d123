import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { glossaryParamsSchema, importAnswerSchema } from '@ludoterm/contract';
import { formatBytes } from '@ludoterm/formats';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { createWorkerPool } from '../../lib/worker-pool.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ImportOutcome, ImportTask } from './import-job.ts';
import type { ImportWriteOutcome, ImportWriteTask } from './import-write.ts';
import { authorizeImport, importFile, type ImportDeps, type ImportForm } from './import.service.ts';

/**
 * Young generation of both import threads: what they allocate is short-lived (parsed text,
 * batches, statements); Node's default (up to 48 MB each) only lets garbage pile up in RSS.
 */
const IMPORT_YOUNG_MB = 16;

/** Heap of the import writer thread: batches and the glossary's duplicate keys. */
const WRITER_HEAP_MB = 256;

/** Heap of the import thread: 192 MB plus 1 MB per MiB of the largest file accepted. */
function importHeapMb(maxBytes: number): number {
  return 192 + Math.ceil(maxBytes / (1024 * 1024));
}

/** The multipart field that carries the file (spec section 7). */
const FILE_FIELD = 'archivo';

function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `El archivo supera el máximo de ${formatBytes(maxBytes)} que admite la importación. ` +
      'Divídelo en varios archivos más pequeños o pide a un administrador que amplíe el límite.',
  );
}

/**
 * Reads the multipart form: text fields into memory, the file (`archivo`) streamed to a
 * temporary file, so a big upload is never held whole. More than `maxBytes` is refused with
 * 413 stating the limit. `cleanup` removes the temporary file.
 */
async function readImportForm(
  request: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
): Promise<ImportForm & { cleanup: () => Promise<void> }> {
  const fields: Record<string, string> = {};
  let filePath: string | null = null;
  const saved: string[] = [];
  const cleanup = async () => {
    await Promise.all(saved.map((path) => rm(path, { force: true })));
  };
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 200_000, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      const path = join(tmpDir, `${randomUUID()}.subida`);
      saved.push(path);
      try {
        await pipeline(part.file, createWriteStream(path));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fileTooLarge(maxBytes);
        throw error;
      }
      if (part.file.truncated) throw fileTooLarge(maxBytes);
      filePath = path;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, filePath, cleanup };
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
    maxOldGenerationSizeMb: importHeapMb(config.IMPORT_MAX_BYTES),
    maxYoungGenerationSizeMb: IMPORT_YOUNG_MB,
  });
  const writerPool = createWorkerPool<ImportWriteTask, ImportWriteOutcome>('import-writer', {
    maxThreads: 1,
    maxQueue: 16,
    maxOldGenerationSizeMb: WRITER_HEAP_MB,
    maxYoungGenerationSizeMb: IMPORT_YOUNG_MB,
    // It checkpoints the WAL after answering (import-write.ts).
    runsBetweenTasks: true,
  });
  app.addHook('onClose', async () => {
    // An import that has answered finishes indexing its card fields (else `indexPending`
    // does it at the next start); one still reading or writing is called off.
    await database.advancedSearchGate.passed();
    await Promise.all([pool.destroy(), writerPool.destroy()]);
  });
  const tmpDir = join(config.DATA_DIR, 'tmp', 'importaciones');
  await mkdir(tmpDir, { recursive: true });
  const deps: ImportDeps = { config, database, pool, writerPool };

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
      const form = await readImportForm(request, tmpDir, config.IMPORT_MAX_BYTES);
      try {
        return await importFile({ ...deps, log: request.log }, permission, user, form);
      } finally {
        await form.cleanup();
      }
    },
  );
};
