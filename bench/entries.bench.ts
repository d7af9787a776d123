// Entries at scale (issue 5), on SQLite with PostgreSQL beside it: a 100,000-entry glossary
// built through the entry write path's bulk form, then through real HTTP on a started app:
// first page, search within the glossary, creating an entry with its version, the
// unparameterised full list streamed (server memory growth), and, when the web app is built
// (apps/web/dist), the click on the glossary card to the first entry visible in Chromium.
// PostgreSQL runs when it answers on 127.0.0.1:5432 (LUDOTERM_BENCH_PG_URL to change it).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { GlossaryRow, UserRow } from '../apps/server/src/db/schema.ts';
import { signAccessToken } from '../apps/server/src/lib/tokens.ts';
import {
  insertEntries,
  type NewEntry,
} from '../apps/server/src/modules/entries/entry-writes.service.ts';
import {
  quoteIdent,
  withAdminClient,
  withDatabase,
} from '../apps/server/src/test/postgres-admin.ts';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';

const ENTRIES = 100_000;
const WORK_DIR = '/tmp/lt-entries/bench';
const PG_URL = process.env.LUDOTERM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'ludoterm_bench_entries';
const JWT_SECRET = 'bench-entries-secret-bench-entries-secret-0123';

// ---------------------------------------------------------------------------------------------
// Synthetic but realistic data: Spanish-looking and English-looking words from syllables, with
// accents and ñ; one to three words per term; notes on a third, definitions on a fifth.

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ES_SYLLABLES = [
  'ca',
  'ma',
  'ta',
  'lo',
  'pe',
  'ri',
  'ción',
  'dor',
  'es',
  'ña',
  'gue',
  'rra',
  'ble',
  'mien',
  'to',
  'lla',
  'ví',
  'sá',
  'que',
  'bo',
  'za',
  'jo',
  'pa',
  'ne',
  'tro',
];
const EN_SYLLABLES = [
  'ar',
  'mor',
  'sword',
  'ing',
  'er',
  'craft',
  'light',
  'shield',
  'dra',
  'gon',
  'quest',
  'fire',
  'stone',
  'wal',
  'ker',
  'spell',
  'ra',
  'ven',
  'tion',
  'blade',
  'wood',
  'ly',
];

function wordFrom(random: () => number, syllables: string[]): string {
  const n = 1 + Math.floor(random() * 3);
  let word = '';
  for (let i = 0; i < n; i += 1) word += syllables[Math.floor(random() * syllables.length)];
  return word;
}

function termFrom(random: () => number, syllables: string[]): string {
  const words = 1 + Math.floor(random() * random() * 3);
  const parts = Array.from({ length: words }, () => wordFrom(random, syllables));
  if (random() < 0.2) parts[0] = parts[0]!.charAt(0).toUpperCase() + parts[0]!.slice(1);
  return parts.join(' ');
}

function syntheticEntries(count: number, seed = 42): NewEntry[] {
  const random = prng(seed);
  return Array.from({ length: count }, (_, i) => ({
    input: {
      termino: { es: termFrom(random, ES_SYLLABLES), en: termFrom(random, EN_SYLLABLES) },
      subindice: random() < 0.1 ? wordFrom(random, ES_SYLLABLES) : null,
      notas:
        i % 3 === 0 ? `Nota ${i}: ${termFrom(random, ES_SYLLABLES)} en contexto de juego.` : null,
      definicion:
        i % 5 === 0 ? `Definición de ${termFrom(random, ES_SYLLABLES)} para el glosario.` : null,
    },
  }));
}

/** Substrings of 3–12 characters of real terms; one query in ten absent from the data. */
function searchQueries(entries: NewEntry[], count: number): string[] {
  const random = prng(7);
  return Array.from({ length: count }, (_, i) => {
    if (i % 10 === 9) return `zqx${wordFrom(random, ['qo', 'xu', 'kz'])}`;
    const entry = entries[Math.floor(random() * entries.length)]!;
    const term = (random() < 0.5 ? entry.input.termino?.es : entry.input.termino?.en) ?? 'espada';
    const length = Math.min(term.length, 3 + Math.floor(random() * 10));
    const start = Math.floor(random() * (term.length - length + 1));
    return term.slice(start, start + length);
  });
}

// ---------------------------------------------------------------------------------------------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

interface Setup {
  handle: DatabaseHandle;
  app: FastifyInstance;
  baseUrl: string;
  glossary: GlossaryRow;
  headers: Record<string, string>;
  entries: NewEntry[];
  bulkMs: number;
}

async function setUp(engine: 'sqlite' | 'postgres'): Promise<Setup> {
  const dataDir = join(WORK_DIR, engine);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    await withAdminClient(PG_URL, async (client) => {
      await client.query(`drop database if exists ${quoteIdent(PG_DATABASE)} with (force)`);
      await client.query(`create database ${quoteIdent(PG_DATABASE)}`);
    });
    databaseUrl = withDatabase(PG_URL, PG_DATABASE);
  }
  const handle = databaseUrl
    ? createDatabase({ postgresUrl: databaseUrl })
    : createDatabase({ sqlitePath: join(dataDir, 'ludoterm.db') });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  const user: UserRow = await handle.db
    .insertInto('users')
    .values({
      email: 'bench@ejemplo.es',
      password_hash: null,
      role: 'editor',
      plan: 'pro',
      verificacion_codigo: 0,
      display_name: 'Banco de pruebas',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const glossary = await handle.db
    .insertInto('glossaries')
    .values({
      owner_id: user.id,
      nombre: 'Cien mil',
      nombre_plegado: 'cien mil',
      nombre_seguro: 'cien-mil',
      idioma_origen: 'es',
      idioma_meta: 'en',
      descripcion: null,
      num_entradas: 0,
      created_at: now,
      updated_at: now,
      eliminado_en: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const entries = syntheticEntries(ENTRIES);
  const bulkMs = await timed(() =>
    handle.db
      .transaction()
      .execute((tx) =>
        insertEntries(tx, glossary, entries, { id: user.id, nombre: 'Banco de pruebas' }),
      ),
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    PURGE_INTERVAL_MINUTES: '0',
    WEB_DIST_DIR: process.env.LUDOTERM_BENCH_WEB_DIST ?? '/nonexistent-web-dist',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, handle);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const token = await signAccessToken(JWT_SECRET, user.id, 3600);
  return {
    handle,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    glossary: { ...glossary, num_entradas: ENTRIES },
    headers: { authorization: `Bearer ${token}` },
    entries,
    bulkMs,
  };
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function measureApi(engine: 'sqlite' | 'postgres', label: string): Promise<BenchRow[]> {
  const s = await setUp(engine);
  const base = `${s.baseUrl}/api/glosarios/${s.glossary.nombre_seguro}/entradas`;
  const rows: BenchRow[] = [];
  const bound = (metric: string, value: number, unit: string, limit: number): BenchRow =>
    engine === 'sqlite' ? atMost(metric, value, unit, limit) : { metric, value, unit };
  try {
    rows.push({
      metric: `${label}: inserción masiva (100.000 entradas con versión e índices)`,
      value: s.bulkMs / 1000,
      unit: 's',
    });
    rows.push({
      metric: `${label}: ritmo de inserción masiva`,
      value: Math.round(ENTRIES / (s.bulkMs / 1000)),
      unit: 'entradas/s',
    });

    // Warm-up, then the first page as the web app asks for it.
    for (let i = 0; i < 20; i += 1) await getJson(`${base}?pagina=1&por_pagina=50`, s.headers);
    const firstPage: number[] = [];
    for (let i = 0; i < 200; i += 1)
      firstPage.push(await timed(() => getJson(`${base}?pagina=1&por_pagina=50`, s.headers)));
    rows.push(bound(`${label}: primera página (50) p95`, percentile(firstPage, 0.95), 'ms', 10));
    const deep: number[] = [];
    for (let i = 0; i < 50; i += 1)
      deep.push(await timed(() => getJson(`${base}?pagina=1900&por_pagina=50`, s.headers)));
    rows.push({
      metric: `${label}: página 1.900 (50) p95`,
      value: percentile(deep, 0.95),
      unit: 'ms',
    });

    const queries = searchQueries(s.entries, 300);
    for (const q of queries.slice(0, 20))
      await getJson(`${base}?q=${encodeURIComponent(q)}&pagina=1&por_pagina=50`, s.headers);
    const search: number[] = [];
    for (const q of queries)
      search.push(
        await timed(() =>
          getJson(`${base}?q=${encodeURIComponent(q)}&pagina=1&por_pagina=50`, s.headers),
        ),
      );
    rows.push(
      bound(
        `${label}: búsqueda en el glosario (3–12 caracteres) p95`,
        percentile(search, 0.95),
        'ms',
        20,
      ),
    );
    const short: number[] = [];
    for (const q of ['a', 'ca', 'ñ', 'ma', 'ti', 's', 'bl', 'dr']) {
      short.push(
        await timed(() =>
          getJson(`${base}?q=${encodeURIComponent(q)}&pagina=1&por_pagina=50`, s.headers),
        ),
      );
    }
    rows.push({
      metric: `${label}: búsqueda de 1–2 caracteres (prefijo) máx.`,
      value: Math.max(...short),
      unit: 'ms',
    });

    const creates: number[] = [];
    const fresh = syntheticEntries(600, 99);
    for (const [i, entry] of fresh.entries()) {
      const ms = await timed(async () => {
        const res = await fetch(base, {
          method: 'POST',
          headers: { ...s.headers, 'content-type': 'application/json' },
          body: JSON.stringify(entry.input),
        });
        if (res.status !== 201) throw new Error(`POST: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      });
      if (i >= 100) creates.push(ms);
    }
    rows.push(
      bound(
        `${label}: crear una entrada con su versión, mediana`,
        percentile(creates, 0.5),
        'ms',
        2,
      ),
    );
    rows.push(
      bound(`${label}: crear una entrada con su versión, p99`, percentile(creates, 0.99), 'ms', 10),
    );

    collectGarbage();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let bytes = 0;
    const streamMs = await timed(async () => {
      const res = await fetch(base, { headers: s.headers });
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
      }
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    // The list must be complete: every entry once.
    const total =
      (await (
        await fetch(`${base}?pagina=1&por_pagina=1`, { headers: s.headers })
      ).headers.get('x-total-count')) ?? '0';
    rows.push({
      metric: `${label}: lista completa en streaming (${total} entradas, ${(bytes / 2 ** 20).toFixed(0)} MiB)`,
      value: streamMs / 1000,
      unit: 's',
    });
    rows.push(
      bound(
        `${label}: crecimiento de memoria del servidor con la lista completa`,
        (peak - before) / 2 ** 20,
        'MB',
        100,
      ),
    );

    if (engine === 'sqlite') {
      const web = await measureClickToFirstEntry(
        s.baseUrl,
        s.headers.authorization!.slice('Bearer '.length),
        s.glossary,
      );
      if (web !== null)
        rows.push(
          atMost(
            `${label}: clic en la tarjeta → primera entrada visible (mediana de 5)`,
            web,
            'ms',
            1000,
          ),
        );
    }
  } finally {
    await s.app.close();
  }
  return rows;
}

/** Filled in once the web app exists: null means "not measured". */
async function measureClickToFirstEntry(
  _baseUrl: string,
  _token: string,
  _glossary: GlossaryRow,
): Promise<number | null> {
  return null;
}

async function postgresAnswers(): Promise<boolean> {
  try {
    await withAdminClient(PG_URL, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

const bench: Bench = {
  name: 'entradas',
  async run() {
    const rows = await measureApi('sqlite', 'SQLite');
    if (await postgresAnswers()) rows.push(...(await measureApi('postgres', 'PostgreSQL')));
    else console.info('  PostgreSQL no responde: se omiten sus cifras.');
    return rows;
  },
};

export default bench;
