// The search benchmark's database: 1,000,000 entries in 200 glossaries, loaded through the
// entry write path's bulk form straight into the database, then kept for later runs (SQLite
// under bench/.cache/, PostgreSQL as the database ludoterm_bench_search). A finished build is
// renamed into place, so an interrupted one is never mistaken for the real thing; migrations
// added later are applied when it is opened.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { migrations } from '../../apps/server/src/db/migrations/index.ts';
import type { Database, UserRow } from '../../apps/server/src/db/schema.ts';
import { foldText } from '../../apps/server/src/lib/text-folding.ts';
import {
  insertPreparedEntries,
  prepareEntries,
  type NewEntry,
} from '../../apps/server/src/modules/entries/entry-writes.service.ts';
import {
  quoteIdent,
  withAdminClient,
  withDatabase,
} from '../../apps/server/src/test/postgres-admin.ts';
import { repoRoot } from './server-process.ts';
import { glossarySizes, prng, syntheticEntry } from './search-data.ts';

export const SEARCH_ENTRIES = 1_000_000;
export const SEARCH_GLOSSARIES = 200;
/** Glossaries shared with the reader account (as a reader). */
export const READER_GLOSSARIES = 10;
/** Bump when the generated data changes, so old caches are not reused. */
const DATA_VERSION = 1;
export const CACHE_DIR = join(repoRoot, 'bench', '.cache');
export const SQLITE_CACHE = join(CACHE_DIR, `search-1m-v${DATA_VERSION}.db`);
export const PG_URL =
  process.env.LUDOTERM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PG_DATABASE = `ludoterm_bench_search_v${DATA_VERSION}`;

/**
 * Brings a cached database to the current migrations. Migrations added since it was built
 * may sort before ones it already has (040 after 060): applied anyway, in order. A migration
 * it has that no longer exists (renamed, removed) means it must be built again: false.
 */
async function migrateCache(db: Kysely<Database>, log: (line: string) => void): Promise<boolean> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    log(`  la caché no se puede migrar (${String(error)}): se genera de nuevo`);
    return false;
  }
  for (const r of results ?? []) log(`  migración aplicada a la caché: ${r.migrationName}`);
  // The server's migrator wants the executed migrations in name order: date them so.
  const executed = await db
    .selectFrom('kysely_migration' as never)
    .select(sql<string>`name`.as('name'))
    .orderBy(sql`name`)
    .execute();
  for (const [i, { name }] of executed.entries()) {
    const timestamp = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    await sql`update kysely_migration set timestamp = ${timestamp} where name = ${name}`.execute(
      db,
    );
  }
  return true;
}

export const OWNER_EMAIL = 'propietaria@bench.ludoterm';
export const READER_EMAIL = 'lectora@bench.ludoterm';

const BATCH = 5000;

async function loadInto(handle: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const { db } = handle;
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const insertUser = (email: string, display_name: string): Promise<UserRow> =>
    db
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        role: 'editor',
        plan: 'pro',
        verificacion_codigo: 0,
        display_name,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  const owner = await insertUser(OWNER_EMAIL, 'Propietaria');
  const reader = await insertUser(READER_EMAIL, 'Lectora');

  const random = prng(20261122);
  const sizes = glossarySizes(SEARCH_ENTRIES, SEARCH_GLOSSARIES, random);
  const started = performance.now();
  let done = 0;
  for (const [g, size] of sizes.entries()) {
    const origen = g % 4 === 3 ? 'en' : 'es';
    const meta = origen === 'es' ? 'en' : 'es';
    const nombre = `Glosario ${String(g + 1).padStart(3, '0')} ${origen}→${meta}`;
    const glossary = await db
      .insertInto('glossaries')
      .values({
        owner_id: owner.id,
        nombre,
        nombre_plegado: foldText(nombre),
        nombre_seguro: `glosario-${g + 1}`,
        idioma_origen: origen,
        idioma_meta: meta,
        descripcion: null,
        num_entradas: 0,
        created_at: now,
        updated_at: now,
        eliminado_en: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (g % (SEARCH_GLOSSARIES / READER_GLOSSARIES) === 0) {
      await db
        .insertInto('glossary_members')
        .values({
          glossary_id: glossary.id,
          user_id: reader.id,
          email: READER_EMAIL,
          rol: 'lector',
          created_at: now,
        })
        .execute();
    }
    for (let from = 0; from < size; from += BATCH) {
      const batch: NewEntry[] = [];
      for (let i = from; i < Math.min(size, from + BATCH); i += 1)
        batch.push({ input: syntheticEntry(random, origen) });
      const prepared = prepareEntries(glossary, batch);
      await db
        .transaction()
        .execute((tx) =>
          insertPreparedEntries(
            tx,
            glossary,
            prepared,
            { id: owner.id, nombre: 'Propietaria' },
            { now },
          ),
        );
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
    const cached = createDatabase({ sqlitePath: SQLITE_CACHE });
    const usable = await migrateCache(cached.db, log).finally(() => cached.destroy());
    if (usable) return SQLITE_CACHE;
    for (const suffix of ['', '-wal', '-shm']) rmSync(SQLITE_CACHE + suffix, { force: true });
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  const building = `${SQLITE_CACHE}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  log(`Generando ${SEARCH_ENTRIES.toLocaleString('es-ES')} entradas en SQLite (${building})…`);
  const handle = createDatabase({ sqlitePath: building });
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
      const cached = createDatabase({ postgresUrl: withDatabase(PG_URL, PG_DATABASE) });
      const usable = await migrateCache(cached.db, log).finally(() => cached.destroy());
      if (usable) return withDatabase(PG_URL, PG_DATABASE);
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
  const handle = createDatabase({ postgresUrl: withDatabase(PG_URL, building) });
  try {
    await migrateToLatest(handle.db);
    // A bulk load is much faster without the secondary indexes (4 of them GIN): the same
    // write path fills the tables, then each index is built once from its definition.
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename in ('entries', 'entry_fields', 'entry_versions')
        and indexname not in (select conname from pg_constraint)`.execute(handle.db);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(handle.db);
    await loadInto(handle, log);
    log(`  creando ${indexes.length} índices…`);
    await sql`set maintenance_work_mem = '512MB'`.execute(handle.db);
    for (const index of indexes) await sql.raw(index.definition).execute(handle.db);
    log('  analyze…');
    await sql`vacuum analyze`.execute(handle.db);
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
