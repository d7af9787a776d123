// The search benchmark's database: 1,000,000 entries in 200 glossaries, written through the
// entry write path (the server's bench harness) straight into the database, then kept for later
// runs (SQLite under bench/.cache/, PostgreSQL as the database ludoterm_bench_search_v…). A
// finished build is renamed into place, so an interrupted one is never mistaken for the real
// thing; migrations added later are applied when it is opened, and one that cannot be applied
// means a new build.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EntryInput } from '@ludoterm/contract';
import {
  openDatabase,
  quoteIdent,
  seedEntries,
  seedGlossary,
  seedUser,
  shareGlossary,
  withAdminClient,
  withDatabase,
  type DatabaseHandle,
} from '@ludoterm/server/bench-harness';
import { sql } from 'kysely';
import { repoRoot } from './server-process.ts';
import { glossarySizes, syntheticEntry } from './search-data.ts';
import { prng } from './prng.ts';

export const SEARCH_ENTRIES = 1_000_000;
export const SEARCH_GLOSSARIES = 200;
/** Glossaries shared with the reader account (as a reader). */
export const READER_GLOSSARIES = 10;
/** Bump when the generated data changes, so old caches are not reused. */
const DATA_VERSION = 2;
export const CACHE_DIR = join(repoRoot, 'bench', '.cache');
export const SQLITE_CACHE = join(CACHE_DIR, `search-1m-v${DATA_VERSION}.db`);
export const PG_URL =
  process.env.LUDOTERM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PG_DATABASE = `ludoterm_bench_search_v${DATA_VERSION}`;

/** The cached database at its current migrations, or null when they cannot be applied. */
async function openCache(
  target: { sqlitePath: string } | { postgresUrl: string },
  log: (line: string) => void,
): Promise<DatabaseHandle | null> {
  try {
    return await openDatabase(target);
  } catch (error) {
    log(`  la caché no se puede migrar (${String(error)}): se genera de nuevo`);
    return null;
  }
}

export const OWNER_EMAIL = 'propietaria@bench.ludoterm';
export const READER_EMAIL = 'lectora@bench.ludoterm';

const BATCH = 5000;

async function loadInto(handle: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const { db } = handle;
  const owner = await seedUser(db, { email: OWNER_EMAIL, nombre: 'Propietaria' });
  const reader = await seedUser(db, { email: READER_EMAIL, nombre: 'Lectora' });

  const random = prng(20261122);
  const sizes = glossarySizes(SEARCH_ENTRIES, SEARCH_GLOSSARIES, random);
  const started = performance.now();
  let done = 0;
  for (const [g, size] of sizes.entries()) {
    const origen = g % 4 === 3 ? 'en' : 'es';
    const meta = origen === 'es' ? 'en' : 'es';
    const glossary = await seedGlossary(db, owner, {
      nombre: `Glosario ${String(g + 1).padStart(3, '0')} ${origen}→${meta}`,
      idioma_origen: origen,
      idioma_meta: meta,
    });
    if (g % (SEARCH_GLOSSARIES / READER_GLOSSARIES) === 0) {
      await shareGlossary(db, glossary, reader, 'lector');
    }
    for (let from = 0; from < size; from += BATCH) {
      const batch: EntryInput[] = [];
      for (let i = from; i < Math.min(size, from + BATCH); i += 1)
        batch.push(syntheticEntry(random, origen));
      await seedEntries(db, glossary, owner, batch);
      done += batch.length;
    }
    if (g % 20 === 19) {
      const seconds = (performance.now() - started) / 1000;
      log(`  ${done.toLocaleString('es-ES')} entradas (${Math.round(done / seconds)} entradas/s)`);
    }
  }
}

/** The cached SQLite database, built first when missing. Answers its path. */
export async function ensureSqliteDatabase(log: (line: string) => void): Promise<string> {
  if (existsSync(SQLITE_CACHE)) {
    const cached = await openCache({ sqlitePath: SQLITE_CACHE }, log);
    await cached?.destroy();
    if (cached) return SQLITE_CACHE;
    for (const suffix of ['', '-wal', '-shm']) rmSync(SQLITE_CACHE + suffix, { force: true });
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  const building = `${SQLITE_CACHE}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  log(`Generando ${SEARCH_ENTRIES.toLocaleString('es-ES')} entradas en SQLite (${building})…`);
  const handle = await openDatabase({ sqlitePath: building });
  try {
    await loadInto(handle, log);
    log('  optimizando los índices FTS5…');
    for (const table of ['entries_fts', 'search_terms_fts', 'search_field_fts']) {
      await sql`insert into ${sql.table(table)} (${sql.ref(table)}) values ('optimize')`.execute(
        handle.db,
      );
    }
    await sql`analyze`.execute(handle.db);
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
  renameSync(building, SQLITE_CACHE);
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  return SQLITE_CACHE;
}

/** The cached PostgreSQL database, built first when missing; null when PostgreSQL does not answer. */
export async function ensurePostgresDatabase(log: (line: string) => void): Promise<string | null> {
  try {
    const exists = await withAdminClient(PG_URL, async (client) => {
      const { rows } = await client.query('select 1 from pg_database where datname = $1', [
        PG_DATABASE,
      ]);
      return rows.length > 0;
    });
    if (exists) {
      const cached = await openCache({ postgresUrl: withDatabase(PG_URL, PG_DATABASE) }, log);
      await cached?.destroy();
      if (cached) return withDatabase(PG_URL, PG_DATABASE);
      await withAdminClient(PG_URL, (client) =>
        client.query(`drop database ${quoteIdent(PG_DATABASE)} with (force)`),
      );
    }
  } catch {
    return null;
  }
  const building = `${PG_DATABASE}_building`;
  await withAdminClient(PG_URL, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(building)} with (force)`);
    await client.query(`create database ${quoteIdent(building)}`);
  });
  log(`Generando ${SEARCH_ENTRIES.toLocaleString('es-ES')} entradas en PostgreSQL (${building})…`);
  const handle = await openDatabase({ postgresUrl: withDatabase(PG_URL, building) });
  try {
    // A bulk load is much faster without the secondary indexes (4 of them GIN): the same
    // write path fills the tables, then each index is built once from its definition.
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename in ('entries', 'entry_fields', 'entry_versions')
        and indexname not in (select conname from pg_constraint)`.execute(handle.db);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(handle.db);
    await loadInto(handle, log);
    log(`  creando ${indexes.length} índices…`);
    // One connection, so its settings hold for every statement: building an index over a
    // million rows takes longer than the server's statement time limit.
    await handle.db.connection().execute(async (connection) => {
      await sql`set statement_timeout = 0`.execute(connection);
      await sql`set maintenance_work_mem = '512MB'`.execute(connection);
      for (const index of indexes) await sql.raw(index.definition).execute(connection);
      log('  analyze…');
      await sql`vacuum analyze`.execute(connection);
    });
  } finally {
    await handle.destroy();
  }
  await withAdminClient(PG_URL, async (client) => {
    await client.query(
      `alter database ${quoteIdent(building)} rename to ${quoteIdent(PG_DATABASE)}`,
    );
  });
  return withDatabase(PG_URL, PG_DATABASE);
}
