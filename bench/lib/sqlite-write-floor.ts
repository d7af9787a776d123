// SQLite's own share of an import: what the import writer writes before the answer (the
// entries' rows and their first versions, in one transaction), copied in SQL from a table
// already in memory into an empty glossary of a fresh database migrated like the app's. No file
// is read, nothing is validated or serialized, no JavaScript runs per entry: no import through
// the API can take less than this on the same machine.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { insertUser } from '../../apps/server/src/modules/auth/auth.repository.ts';
import { insertGlossary } from '../../apps/server/src/modules/glossaries/glossaries.repository.ts';

const ENTRY_COLUMNS = [
  'ficha',
  'termino_origen_plegado',
  'termino_meta_plegado',
  'subindice_plegado',
  'clave_orden',
  'autor',
  'comentarios_privados',
  'version',
  'fecha_creacion',
  'created_at',
  'updated_at',
].join(', ');

function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

/**
 * Seconds SQLite takes to write the first `count` live entries of glossary `nombre` of the
 * database at `source` (a benchmark's imports, once its server has stopped) and their first
 * versions into a fresh database in `dir`, with the import writer's settings, from `begin` to
 * `commit`.
 */
export async function sqliteWriteFloor(
  source: string,
  nombre: string,
  count: number,
  dir: string,
): Promise<number> {
  const path = join(dir, 'suelo.db');
  removeDatabase(path);
  const database = createDatabase({ sqlitePath: path });
  try {
    const { db } = database;
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const user = await insertUser(db, {
      email: 'suelo@ludoterm.invalid',
      password_hash: null,
      role: 'editor',
      plan: 'pro',
      trial_ends_at: null,
      display_name: 'Suelo',
      avatar_path: null,
      verificacion_codigo: 0,
      google_sub: null,
      sessions_valid_after: null,
      created_at: now,
      updated_at: now,
    });
    const glossary = await insertGlossary(db, {
      owner_id: user.id,
      nombre: 'Suelo',
      nombre_plegado: 'suelo',
      nombre_seguro: 'suelo',
      idioma_origen: 'es',
      idioma_meta: 'en',
      descripcion: null,
      num_entradas: 0,
      created_at: now,
      updated_at: now,
      eliminado_en: null,
    });
    // As the import writer's connection (import-write.ts).
    await sql`pragma cache_size = -16384`.execute(db);
    await sql`pragma wal_autocheckpoint = 0`.execute(db);
    await sql`attach database ${source} as origen`.execute(db);
    await sql`create temp table fuente as select ${sql.raw(ENTRY_COLUMNS)} from origen.entries
      where deleted_at is null
        and glossary_id = (select id from origen.glossaries where nombre = ${nombre})
      order by id limit ${count}`.execute(db);
    await sql`detach database origen`.execute(db);
    const started = performance.now();
    await db.transaction().execute(async (tx) => {
      await sql`update glossaries set num_entradas = (select count(*) from fuente)
        where id = ${glossary.id}`.execute(tx);
      await sql`insert into entries (glossary_id, author_id, ${sql.raw(ENTRY_COLUMNS)})
        select ${glossary.id}, ${user.id}, ${sql.raw(ENTRY_COLUMNS)} from fuente`.execute(tx);
      await sql`insert into entry_versions
          (entry_id, version, ficha, comentarios_privados, author_id, autor, fecha_version)
        select id, 1, ficha, comentarios_privados, author_id, autor, created_at from entries
        where glossary_id = ${glossary.id}`.execute(tx);
    });
    return (performance.now() - started) / 1000;
  } finally {
    await database.destroy();
    removeDatabase(path);
  }
}
