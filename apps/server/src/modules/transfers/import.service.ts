import { stat } from 'node:fs/promises';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import {
  cardFields,
  es,
  IMPORT_FORMATS,
  importMappingSchema,
  type ImportAnswer,
  type ImportFormat,
  type ImportMapping,
  type Language,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { WorkerPoolFullError, type WorkerPool } from '../../lib/worker-pool.ts';
import { authorizeGlossary, type GlossaryPermission } from '../glossaries/glossary.policy.ts';
import { searchIndexFor } from '../search/search-index.ts';
import { displayNameOf } from '../users/user-view.ts';
import type { ImportDatabase, ImportOutcome, ImportTask } from './import-job.ts';
import {
  INDEXED,
  TERMS_INDEXED,
  type ImportWriteOutcome,
  type ImportWriteTask,
} from './import-write.ts';
import { UploadProgress } from './upload-channel.ts';

/** What the import needs besides the request. */
export interface ImportDeps {
  config: Config;
  database: DatabaseHandle;
  /** The import reader threads (workers/import.worker.ts). */
  pool: WorkerPool<ImportTask, ImportOutcome>;
  /** The import writer threads (workers/import-writer.worker.ts). */
  writerPool: WorkerPool<ImportWriteTask, ImportWriteOutcome>;
  /** Where the timings of each import are logged (the request's logger). */
  log?: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/** The multipart form as the route receives it: its text fields and the file, if any. */
export interface ImportForm {
  fields: Record<string, string>;
  /** The uploaded `archivo`; null when none was sent. */
  file: UploadedFile | null;
}

/** An upload being saved to a temporary file, which the import reads as it grows. */
export interface UploadedFile {
  path: string;
  /** Where the route reports what is written (upload-channel.ts), for the import worker. */
  upload: MessagePort;
}

const MAPPING_TARGET_EXTRAS = ['ignorar'];

/** Writing entries is what an import does: the same rule as the editor (404 / 403). */
export async function authorizeImport(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
): Promise<GlossaryPermission> {
  return authorizeGlossary(db, user, nombreSeguro, 'write');
}

function parseFormat(value: string | undefined): ImportFormat {
  const formato = value?.trim().toLowerCase();
  if (formato && (IMPORT_FORMATS as readonly string[]).includes(formato))
    return formato as ImportFormat;
  throw new AppError(
    'VALIDATION_FAILED',
    formato
      ? `El formato «${value}» no se admite. Elige uno de estos: ${IMPORT_FORMATS.join(', ')}.`
      : `Indica el formato del archivo: ${IMPORT_FORMATS.join(', ')}.`,
  );
}

/**
 * The user's mapping, checked against this glossary's card: every value must be one of its
 * field ids (`termino.es`, `definicion`…), `notas` or `ignorar`. An empty or absent mapping is
 * no mapping (the header pass answers again).
 */
export function parseMapping(
  raw: string | undefined,
  langs: [Language, Language],
): ImportMapping | null {
  if (raw === undefined || raw.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      'El mapeo de columnas (mapping_json) no es JSON válido.',
    );
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success || Array.isArray(json)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'El mapeo de columnas (mapping_json) debe ser un objeto {"cabecera": "campo"} con textos como valores.',
    );
  }
  const fields = cardFields(...langs).map((f) => f.id);
  const allowed = new Set([...fields, ...MAPPING_TARGET_EXTRAS]);
  const mapping: ImportMapping = {};
  for (const [header, rawTarget] of Object.entries(parsed.data)) {
    const trimmed = rawTarget.trim();
    const target = allowed.has(trimmed) ? trimmed : trimmed.toLowerCase();
    if (!allowed.has(target)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `La columna «${header}» está asignada a «${rawTarget}», que no es un campo de la ficha de este glosario. ` +
          `Asígnala a uno de estos: ${fields.join(', ')} o ignorar.`,
      );
    }
    mapping[header] = target;
  }
  return Object.keys(mapping).length === 0 ? null : mapping;
}

function importDatabaseOf({ config, database }: ImportDeps): ImportDatabase {
  if (database.engine === 'sqlite') {
    if (!database.sqlitePath || database.sqlitePath === ':memory:') {
      throw new Error(
        'La importación necesita una base de datos SQLite en un archivo (no :memory:).',
      );
    }
    return { engine: 'sqlite', path: database.sqlitePath };
  }
  if (!config.DATABASE_URL)
    throw new Error('Falta DATABASE_URL para la conexión del worker de importación.');
  return { engine: 'postgres', url: config.DATABASE_URL };
}

/**
 * `POST /glosarios/{ns}/importar`, once the route has checked access and the upload has begun.
 * The import worker reads the file (header pass, or every entry validated through the entry
 * write path) while the import writer writes the entries it hands over, in one transaction
 * on its own connection, committed only if the whole file was valid; the event loop and the
 * main connection keep serving other users. Answers the header pass
 * `{cabeceras_detectadas, muestra, sugerencia}` or `{importados, omitidos}`; any failure is
 * an AppError naming the line or element, and nothing is written.
 */
export async function importFile(
  deps: ImportDeps,
  permission: GlossaryPermission,
  user: UserRow,
  form: ImportForm,
): Promise<ImportAnswer> {
  const { glossary } = permission;
  const langs: [Language, Language] = [
    glossary.idioma_origen as Language,
    glossary.idioma_meta as Language,
  ];
  const { file } = form;
  if (file === null) throw new AppError('VALIDATION_FAILED', es.import.noFile);
  const formato = parseFormat(form.fields['formato']);
  const mapping = parseMapping(form.fields['mapping_json'], langs);
  const importGlossary = {
    id: glossary.id,
    nombre_seguro: glossary.nombre_seguro,
    idioma_origen: glossary.idioma_origen,
    idioma_meta: glossary.idioma_meta,
  };
  // Reader and writer run at once on their own threads, joined by a channel (import-channel.ts).
  // Should either not start (a full queue) or die, its end of the channel closes and the
  // other stops: the reader reading, the writer without committing.
  // Where the indexing waits for the commit, the card fields are derived then, from the
  // stored cards; either thread derives the rest of each entry (import-channel.ts).
  const withFields = !searchIndexFor(deps.database.db).defersIndexing;
  const { port1, port2 } = new MessageChannel();
  const { port1: settledHere, port2: settledThere } = new MessageChannel();
  // The writer answers by message once its entries are committed, then indexes them and says
  // so before its task ends (import-write.ts).
  const committed = new Promise<ImportWriteOutcome>((resolve) => {
    settledHere.once('message', resolve);
  });
  const closed = new Promise<void>((resolve) => settledHere.once('close', resolve));
  const indexedWhen = (stage: typeof TERMS_INDEXED | typeof INDEXED) =>
    new Promise<void>((resolve) => {
      settledHere.on('message', (message) => {
        if (message === stage) resolve();
      });
      void closed.then(resolve);
    });
  const termsIndexed = indexedWhen(TERMS_INDEXED);
  const indexed = indexedWhen(INDEXED);
  const writing = deps.writerPool
    .run(
      {
        port: port2,
        settled: settledThere,
        glossary: importGlossary,
        withFields,
        actor: { id: user.id, nombre: displayNameOf(user) },
        database: importDatabaseOf(deps),
      },
      { transferList: [port2, settledThere] },
    )
    .catch((error: unknown) => {
      port2.close();
      settledHere.close();
      throw error;
    });
  // On SQLite the writer holds the one write lock until it commits, then indexes the entries
  // and copies the WAL into the database file: main-thread writes wait at the gate until it
  // is done with all three (its end of `settled` closes, also when it fails or its thread
  // dies), instead of waiting in SQLite's busy handler or checkpointing the whole import
  // themselves, either of which would block the event loop. The import answers as soon as it
  // is committed; searches over this glossary wait from then until its terms are indexed,
  // advanced searches until its card fields are too.
  if (deps.database.engine === 'sqlite') {
    const { writeGate, termIndexingGate, fieldIndexingGate } = deps.database;
    void writeGate.hold(() => closed);
    void committed.then(() => {
      void termIndexingGate.hold(glossary.id, () => termsIndexed);
      void fieldIndexingGate.hold(glossary.id, () => indexed);
    });
  }
  let answered = false;
  const writeAnswer = Promise.race([committed, writing]).finally(() => {
    answered = true;
  });
  // Past the answer, a failure to index the card fields leaves them waiting for the next
  // `indexPending` (the job at start, any later write): logged, the import stands.
  writing.catch((error: unknown) => {
    if (answered) deps.log?.error({ err: error }, 'importación: campos de la ficha sin indexar');
  });
  const reading = deps.pool
    .run(
      {
        filePath: file.path,
        formato,
        mapping,
        maxBytes: deps.config.IMPORT_MAX_BYTES,
        glossary: importGlossary,
        withFields,
        port: port1,
        upload: file.upload,
      },
      { transferList: [port1, file.upload] },
    )
    .catch((error: unknown) => {
      port1.close();
      throw error;
    });
  const [read, write] = await Promise.allSettled([reading, writeAnswer]);
  if (read.status === 'rejected') throw busyOr(read.reason);
  if (write.status === 'rejected') throw busyOr(write.reason);
  const outcome = read.value;
  const written = write.value;
  if (outcome.tipo === 'leido' && written.tipo === 'escrito') {
    const importados = written.importados;
    const omitidos = written.omitidos + outcome.omitidos;
    deps.log?.info(
      { importados, omitidos, lectura_ms: outcome.lectura_ms, escritura_ms: written.escritura_ms },
      'importación completada',
    );
    return { importados, omitidos };
  }
  switch (outcome.tipo) {
    case 'cabeceras':
      return {
        cabeceras_detectadas: outcome.cabeceras_detectadas,
        muestra: outcome.muestra,
        sugerencia: outcome.sugerencia,
      };
    case 'error':
      throw new AppError(outcome.code, outcome.detail);
  }
  if (written.tipo === 'error') throw new AppError(written.code, written.detail);
  // Read whole but not written (or the reverse) with no error on either side: a bug.
  throw new Error(`Importación sin terminar: lectura ${outcome.tipo}, escritura ${written.tipo}.`);
}

/** `importFile` on a file already whole on disk: the warm-up's, or an upload read again. */
export async function importWholeFile(
  deps: ImportDeps,
  permission: GlossaryPermission,
  user: UserRow,
  path: string,
  fields: Record<string, string>,
): Promise<ImportAnswer> {
  const { port1, port2 } = new MessageChannel();
  const progress = new UploadProgress(port1);
  progress.complete((await stat(path)).size);
  try {
    return await importFile(deps, permission, user, { fields, file: { path, upload: port2 } });
  } finally {
    progress.close();
  }
}

/** A full queue of imports is 503 with a message; anything else stays as it is (500). */
function busyOr(error: unknown): unknown {
  if (error instanceof WorkerPoolFullError) {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      'Hay demasiadas importaciones en curso. Vuelve a intentarlo dentro de unos minutos.',
    );
  }
  return error;
}
