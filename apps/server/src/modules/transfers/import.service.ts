import {
  cardFields,
  es,
  IMPORT_FORMATS,
  importMappingSchema,
  type ImportAnswer,
  type ImportFormat,
  type ImportMapping,
  type Language,
  termImportTargets,
} from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { WorkerPoolFullError, type WorkerPool } from '../../lib/worker-pool.ts';
import { authorizeGlossary, type GlossaryPermission } from '../glossaries/index.ts';
import { displayNameOf } from '../users/index.ts';
import type { ImportDatabase, ImportOutcome, ImportTask } from './import-job.ts';

export interface ImportDeps {
  config: Config;
  database: DatabaseHandle;
  /** The import threads (workers/import.worker.ts). */
  pool: WorkerPool<ImportTask, ImportOutcome>;
}

/** The multipart form as the route receives it: its text fields and the file, if any. */
export interface ImportForm {
  fields: Record<string, string>;
  /** The uploaded `archivo`, whole in a temporary file; null when none was sent. */
  filePath: string | null;
}

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

/** The user's mapping, checked against the glossary's card; empty or absent means none. */
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
  // The card's fields, a language's other terms and their statuses, the review state, or ignorar.
  const fields = [...cardFields(...langs), ...termImportTargets(...langs)].map((f) => f.id);
  const allowed = new Set([...fields, 'ignorar']);
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

/** `POST …/importar` once received: a thread writes it all or nothing, off the event loop. */
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
  if (form.filePath === null) throw new AppError('VALIDATION_FAILED', es.import.noFile);
  const task: ImportTask = {
    filePath: form.filePath,
    formato: parseFormat(form.fields['formato']),
    mapping: parseMapping(form.fields['mapping_json'], langs),
    maxBytes: deps.config.IMPORT_MAX_BYTES,
    glossary: {
      id: glossary.id,
      nombre_seguro: glossary.nombre_seguro,
      idioma_origen: glossary.idioma_origen,
      idioma_meta: glossary.idioma_meta,
    },
    actor: { id: user.id, nombre: displayNameOf(user), canApprove: permission.canApprove },
    database: importDatabaseOf(deps),
    // SQLite admits one writer: main-thread writes wait at the gate (asynchronously) while the
    // import thread writes a batch, instead of in SQLite's busy handler, which blocks the loop.
    gate: deps.database.writeGate.flag,
  };
  const outcome = await deps.pool.run(task).catch((error: unknown) => {
    // A thread that died mid-transaction (out of memory, terminated) left the gate raised.
    if (!(error instanceof WorkerPoolFullError)) deps.database.writeGate.release();
    throw busyOr(error);
  });
  switch (outcome.tipo) {
    case 'cabeceras':
      return {
        cabeceras_detectadas: outcome.cabeceras_detectadas,
        muestra: outcome.muestra,
        sugerencia: outcome.sugerencia,
      };
    case 'importado': {
      const { importados, omitidos, posibles_duplicados, avisos } = outcome;
      return {
        importados,
        omitidos,
        ...(posibles_duplicados.length > 0 ? { posibles_duplicados } : {}),
        ...(avisos.length > 0 ? { avisos } : {}),
      };
    }
    case 'error':
      throw new AppError(outcome.code, outcome.detail);
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
