import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportFormat } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import { writeExport, type ExportEntry } from '@ludoterm/formats';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database, GlossaryRow, UserRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { insertUser } from '../auth/auth.repository.ts';
import { insertGlossary } from '../glossaries/glossaries.repository.ts';
import type { GlossaryPermission } from '../glossaries/glossary.policy.ts';
import { authorizeImport, importWholeFile, type ImportDeps } from './import.service.ts';

// A fresh import thread runs its code in V8's interpreter until the JIT has seen it enough: on
// a fresh server the first 100,000-entry TMX took 4.7–5.0 s, the next ones about a second less,
// and a 10,000-entry one 1.3–1.6 s against 0.4–0.5 s. So a little after the server starts, the
// import threads run a few small imports, every format, through the import's own code, into a
// scratch database of their own that is deleted afterwards.

/** Entries per warm-up file: after 2,000, a 10,000-entry import ran as fast as the next ones. */
const WARM_UP_ENTRIES = 2000;
const WARM_UP_FORMATS: readonly ImportFormat[] = ['tmx', 'tbx', 'csv', 'json'];
/** The largest warm-up file, TBX, is about 1.3 MB. */
const WARM_UP_MAX_BYTES = 16 * 1024 * 1024;
const META = {
  idioma_origen: 'es',
  idioma_meta: 'en',
  nombre: 'Calentamiento',
  nombre_seguro: 'calentamiento',
  descripcion: null,
} as const;
const TERMS = [
  ['poción de maná', 'mana potion'],
  ['jefe final', 'final boss'],
  ['mazmorra', 'dungeon'],
  ['botín', 'loot'],
  ['punto de control', 'checkpoint'],
  ['habilidad pasiva', 'passive skill'],
] as const;

/** Made-up entries, their terms told apart by `set` (each file's are new to the glossary). */
function* warmUpEntries(set: string): Generator<ExportEntry> {
  for (let i = 0; i < WARM_UP_ENTRIES; i += 1) {
    const [es, en] = TERMS[i % TERMS.length]!;
    yield {
      termino: { es: `${es} ${set}${i}`, en: `${en} ${set}${i}` },
      categoria: 'sustantivo',
      area: i % 2 === 0 ? 'Juegos de rol' : 'Estrategia',
      definicion: `Elemento n.º ${i} del juego: «${es}», que el jugador usa o encuentra.`,
      contexto_es: i % 3 === 0 ? `El héroe encontró ${es} tras vencer al enemigo.` : null,
      contexto_en: i % 3 === 1 ? `The hero found the ${en} after the fight.` : null,
      notas: i % 4 === 0 ? 'Revisado.' : null,
    };
  }
}

interface ScratchImport {
  deps: ImportDeps;
  permission: GlossaryPermission;
  user: UserRow;
}

/**
 * Migrates a scratch database and gives it one user and one empty glossary: the warm-up imports
 * into it, and the import benchmark times SQLite alone writing into one.
 */
export async function seedScratchDatabase(
  db: Kysely<Database>,
): Promise<{ user: UserRow; glossary: GlossaryRow }> {
  await migrateToLatest(db);
  const now = nowIso();
  const user = await insertUser(db, {
    email: 'calentamiento@ludoterm.invalid',
    password_hash: null,
    role: 'editor',
    plan: 'pro',
    trial_ends_at: null,
    display_name: 'Calentamiento',
    avatar_path: null,
    verificacion_codigo: 0,
    google_sub: null,
    sessions_valid_after: null,
    created_at: now,
    updated_at: now,
  });
  const glossary = await insertGlossary(db, {
    owner_id: user.id,
    nombre: META.nombre,
    nombre_plegado: META.nombre_seguro,
    nombre_seguro: META.nombre_seguro,
    idioma_origen: META.idioma_origen,
    idioma_meta: META.idioma_meta,
    descripcion: null,
    num_entradas: 0,
    created_at: now,
    updated_at: now,
    eliminado_en: null,
  });
  return { user, glossary };
}

async function scratchImport(
  scratch: DatabaseHandle,
  deps: Omit<ImportDeps, 'database' | 'log'>,
): Promise<ScratchImport> {
  const { user, glossary } = await seedScratchDatabase(scratch.db);
  const permission = await authorizeImport(scratch.db, user, glossary.nombre_seguro);
  // The files are a few megabytes: a server with a lower limit still warms up.
  const config = {
    ...deps.config,
    IMPORT_MAX_BYTES: Math.max(deps.config.IMPORT_MAX_BYTES, WARM_UP_MAX_BYTES),
  };
  return { deps: { ...deps, config, database: scratch }, permission, user };
}

/**
 * Imports `WARM_UP_ENTRIES` made-up entries in each format (a CSV in its two passes, as the web
 * app sends it) on the import threads of `deps`, into a scratch SQLite database in `dir`, and
 * deletes it and the files once the writer is done with them. Answers the entries imported.
 */
export async function warmUpImports(
  deps: Omit<ImportDeps, 'database' | 'log'>,
  dir: string,
): Promise<number> {
  const name = `calentamiento-${randomUUID()}`;
  const databasePath = join(dir, `${name}.db`);
  const files = [databasePath, `${databasePath}-wal`, `${databasePath}-shm`];
  const scratch = createDatabase({ sqlitePath: databasePath });
  let imported = 0;
  try {
    const target = await scratchImport(scratch, deps);
    for (const formato of WARM_UP_FORMATS) {
      const path = join(dir, `${name}.${formato}`);
      files.push(path);
      await pipeline(
        Readable.from(writeExport(formato, warmUpEntries(formato), META)),
        createWriteStream(path),
      );
      let answer = await importWholeFile(target.deps, target.permission, target.user, path, {
        formato,
      });
      if ('cabeceras_detectadas' in answer) {
        const mapping_json = JSON.stringify(answer.sugerencia);
        answer = await importWholeFile(target.deps, target.permission, target.user, path, {
          formato,
          mapping_json,
        });
      }
      if (!('importados' in answer))
        throw new Error('La importación de calentamiento pidió mapeo.');
      imported += answer.importados;
    }
    // The writer indexes the last import after answering: the gate opens once it is done.
    await scratch.writeGate.passed();
    return imported;
  } finally {
    await scratch.destroy();
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}
