// SQLite's own share of an import: what the import writer writes before the answer (the
// entries' rows and their first versions, in one transaction), copied in SQL from a table
// already in memory into an empty glossary of a fresh database migrated like the app's. No file
// is read, nothing is validated or serialized, no JavaScript runs per entry: no import through
// the API can take less than this on the same machine.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import { ENTRY_COLUMNS } from '../../apps/server/src/modules/entries/entries.repository.ts';
import { seedScratchDatabase } from '../../apps/server/src/modules/transfers/import-warm-up.ts';

/** The entry columns copied as they are; the row's id, glossary and author are the new ones. */
const COPIED = ENTRY_COLUMNS.filter(
  (column) => column !== 'id' && column !== 'glossary_id' && column !== 'author_id',
).join(', ');

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
    const { user, glossary } = await seedScratchDatabase(db);
    // As the import writer's connection (import-write.ts).
    await sql`pragma cache_size = -16384`.execute(db);
    await sql`pragma wal_autocheckpoint = 0`.execute(db);
    await sql`attach database ${source} as origen`.execute(db);
    await sql`create temp table fuente as select ${sql.raw(COPIED)} from origen.entries
      where deleted_at is null
        and glossary_id = (select id from origen.glossaries where nombre = ${nombre})
      order by id limit ${count}`.execute(db);
    await sql`detach database origen`.execute(db);
    const started = performance.now();
    await db.transaction().execute(async (tx) => {
      await sql`update glossaries set num_entradas = (select count(*) from fuente)
        where id = ${glossary.id}`.execute(tx);
      await sql`insert into entries (glossary_id, author_id, ${sql.raw(COPIED)})
        select ${glossary.id}, ${user.id}, ${sql.raw(COPIED)} from fuente`.execute(tx);
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
