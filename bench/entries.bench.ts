// Entries at scale, on SQLite with PostgreSQL beside it: a 100,000-entry glossary built through
// the entry write path (the server's bench harness), then through real HTTP on a started app:
// first page, search within the glossary, creating an entry with its version, the
// unparameterised full list streamed (server memory growth), and, when the web app is built
// (apps/web/dist), the click on the glossary card to the first entry visible in Chromium.
// PostgreSQL runs when it answers on 127.0.0.1:5432 (LUDOTERM_BENCH_PG_URL to change it);
// LUDOTERM_BENCH_ENTRIES_ENGINES=sqlite (or postgres) runs one engine only.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EntryInput } from '@ludoterm/contract';
import {
  openDatabase,
  quoteIdent,
  seedEntries,
  seedGlossary,
  seedUser,
  signAccessToken,
  withAdminClient,
  withDatabase,
  type SeededGlossary,
} from '@ludoterm/server/bench-harness';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { http } from './lib/http-client.ts';
import { startServer, type StartedServer } from './lib/server-process.ts';
import { postgresAnswers } from './lib/postgres-answers.ts';
import { prng } from './lib/prng.ts';

const ENTRIES = 100_000;
const WORK_DIR = '/tmp/lt-entries/bench';
const PG_URL = process.env.LUDOTERM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'ludoterm_bench_entries';
/** The port of the started server (this port). */
const PORT = 3105;
const JWT_SECRET = 'bench-entries-secret-bench-entries-secret-0123';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------
// Data: terms of one to three words drawn from wordfreq's Spanish and English lists (ranks
// 300–60,300, in LUDOTERM_DATA_DIR or ../shared/data), with accents and ñ as real words have
// them; syllable-made words when the lists are absent. Notes on a third, definitions on a fifth.

function wordList(language: 'es' | 'en'): string[] | null {
  const dir = process.env.LUDOTERM_DATA_DIR
    ? resolve(process.env.LUDOTERM_DATA_DIR)
    : resolve(REPO, '..', 'shared', 'data');
  const file = join(dir, 'wordfreq', `wordfreq-large-${language}-top200k.tsv`);
  if (!existsSync(file)) return null;
  const words = readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0]!)
    .filter(Boolean);
  return words.slice(300, 60_300);
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

const ES_WORDS = wordList('es');
const EN_WORDS = wordList('en');

function termFrom(random: () => number, syllables: string[]): string {
  const words = 1 + Math.floor(random() * random() * 3);
  const list = syllables === ES_SYLLABLES ? ES_WORDS : EN_WORDS;
  const parts = Array.from({ length: words }, () =>
    list ? list[Math.floor(random() * list.length)]! : wordFrom(random, syllables),
  );
  if (random() < 0.2) parts[0] = parts[0]!.charAt(0).toUpperCase() + parts[0]!.slice(1);
  return parts.join(' ');
}

function syntheticEntries(count: number, seed = 42): EntryInput[] {
  const random = prng(seed);
  return Array.from({ length: count }, (_, i) => ({
    termino: { es: termFrom(random, ES_SYLLABLES), en: termFrom(random, EN_SYLLABLES) },
    subindice: random() < 0.1 ? wordFrom(random, ES_SYLLABLES) : null,
    notas:
      i % 3 === 0 ? `Nota ${i}: ${termFrom(random, ES_SYLLABLES)} en contexto de juego.` : null,
    definicion:
      i % 5 === 0 ? `Definición de ${termFrom(random, ES_SYLLABLES)} para el glosario.` : null,
  }));
}

/** Substrings of 3–12 characters of real terms; one query in ten absent from the data. */
function searchQueries(entries: EntryInput[], count: number): string[] {
  const random = prng(7);
  return Array.from({ length: count }, (_, i) => {
    if (i % 10 === 9) return `zqx${wordFrom(random, ['qo', 'xu', 'kz'])}`;
    const entry = entries[Math.floor(random() * entries.length)]!;
    const term = (random() < 0.5 ? entry.termino?.es : entry.termino?.en) ?? 'espada';
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

interface Setup {
  server: StartedServer;
  baseUrl: string;
  glossary: SeededGlossary;
  headers: Record<string, string>;
  entries: EntryInput[];
  bulkMs: number;
  /** CPU time of this process during the bulk insert (the machine is shared). */
  bulkCpuMs: number;
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
  const handle = await openDatabase(
    databaseUrl ? { postgresUrl: databaseUrl } : { sqlitePath: join(dataDir, 'ludoterm.db') },
  );
  const user = await seedUser(handle.db, { email: 'bench@ejemplo.es', nombre: 'Banco de pruebas' });
  const glossary = await seedGlossary(handle.db, user, {
    nombre: 'Cien mil',
    idioma_origen: 'es',
    idioma_meta: 'en',
  });

  const entries = syntheticEntries(ENTRIES);
  const cpuBefore = process.cpuUsage();
  const bulkMs = await timed(() => seedEntries(handle.db, glossary, user, entries));
  const cpu = process.cpuUsage(cpuBefore);
  const bulkCpuMs = (cpu.user + cpu.system) / 1000;

  await handle.destroy();

  // The server as `npm start` runs it (built, in its own process), on the prepared database.
  const server = await startServer({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      JWT_SECRET,
      PURGE_INTERVAL_MINUTES: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const token = await signAccessToken(JWT_SECRET, user.id, 3600);
  return {
    server,
    baseUrl: server.baseUrl,
    glossary,
    headers: { authorization: `Bearer ${token}` },
    entries,
    bulkMs,
    bulkCpuMs,
  };
}

/** Resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await http(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString()}`);
  return JSON.parse(res.body.toString('utf8'));
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
      metric: `${label}: inserción masiva, CPU de este proceso (SQLite escribe en él)`,
      value: s.bulkCpuMs / 1000,
      unit: 's',
    });
    rows.push({
      metric: `${label}: ritmo de inserción masiva`,
      value: Math.round(ENTRIES / (s.bulkMs / 1000)),
      unit: 'entradas/s',
    });

    // A few unmeasured requests (the client's connection, the server's first statements), then
    // the first page as the web app asks for it.
    for (let i = 0; i < 20; i += 1) await getJson(`${base}?pagina=1&por_pagina=50`, s.headers);
    const firstPage: number[] = [];
    for (let i = 0; i < 200; i += 1)
      firstPage.push(await timed(() => getJson(`${base}?pagina=1&por_pagina=50`, s.headers)));
    rows.push(bound(`${label}: primera página (50) p95`, percentile(firstPage, 0.95), 'ms', 10));
    rows.push({
      metric: `${label}: primera página (50) mediana`,
      value: percentile(firstPage, 0.5),
      unit: 'ms',
    });
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
    rows.push({
      metric: `${label}: búsqueda en el glosario (3–12 caracteres) mediana`,
      value: percentile(search, 0.5),
      unit: 'ms',
    });
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
        const res = await http(base, {
          method: 'POST',
          headers: { ...s.headers, 'content-type': 'application/json' },
          body: JSON.stringify(entry),
        });
        if (res.status !== 201) throw new Error(`POST: ${res.status} ${res.body.toString()}`);
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

    // The server's resident memory, sampled every 5 ms while it streams the whole list.
    const pid = s.server.child.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
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
    peak = Math.max(peak, rssOf(pid));
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
      const web = await measureWeb(
        s.baseUrl,
        s.headers.authorization!.slice('Bearer '.length),
        s.glossary,
      ).catch((error: unknown) => {
        console.error('  La medida en Chromium falló:', error);
        return null;
      });
      if (web !== null) {
        rows.push(
          atMost(
            `${label}: clic en la tarjeta → primera entrada visible (mediana de 5)`,
            web.clickToFirstEntryMs,
            'ms',
            1000,
          ),
        );
        rows.push(
          atMost(
            `${label}: tarea más larga del hilo principal al abrir y desplazar (${web.scrolledEntries} filas)`,
            web.longestTaskMs,
            'ms',
            50,
          ),
        );
      }
    }
  } finally {
    await s.server.stop();
  }
  return rows;
}

/** Signs the page in and records every long task (PerformanceObserver 'longtask'). */
const LONG_TASKS_SCRIPT = (token: string) => `
  localStorage.setItem('access_token', ${JSON.stringify(token)});
  localStorage.setItem('refresh_token', 'bench');
  window.__longTasks = [];
  new PerformanceObserver(function (list) {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Clicks the glossary's card; answers the ms until its first entry is on screen. */
const CLICK_AND_WAIT_SCRIPT = (name: string) => `
  new Promise(function (done) {
    var buttons = Array.from(document.querySelectorAll('button[aria-pressed]'));
    var button = buttons.find(function (b) { return (b.textContent || '').indexOf(${JSON.stringify(name)}) !== -1; });
    var started = performance.now();
    window.__clickAt = started;
    button.click();
    (function check() {
      var first = document.querySelector('[role="list"][aria-label^="Entradas de"] article');
      if (first && first.getBoundingClientRect().top < window.innerHeight) done(performance.now() - started);
      else requestAnimationFrame(check);
    })();
  })
`;

interface WebFigures {
  /** Median of 5: the click on the glossary card to the first entry on screen. */
  clickToFirstEntryMs: number;
  /** The longest main-thread task while opening the glossary and scrolling through it. */
  longestTaskMs: number;
  /** Entries loaded by the end of the scroll. */
  scrolledEntries: number;
}

/**
 * In Chromium on the production build served by the started app: click the 100,000-entry
 * glossary's card and time the first entry on screen (median of 5), then scroll far down the
 * list watching for long tasks (PerformanceObserver 'longtask'). Null when the web app is not
 * built or Playwright's package is missing.
 */
async function measureWeb(
  baseUrl: string,
  token: string,
  glossary: SeededGlossary,
): Promise<WebFigures | null> {
  if (!existsSync(join(REPO, 'apps/web/dist/index.html'))) return null;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const clicks: number[] = [];
    let longestTaskMs = 0;
    let scrolledEntries = 0;
    for (let run = 0; run < 5; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'es-ES',
      });
      await context.addInitScript({ content: LONG_TASKS_SCRIPT(token) });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/entradas`);
      const card = page.getByRole('button', { name: new RegExp(glossary.nombre) });
      await card.waitFor();
      await page.waitForTimeout(300);
      // Scripts run in the page as plain strings: the bench's TypeScript loader would wrap
      // functions passed to evaluate() in helpers the page does not have.
      const elapsed = (await page.evaluate(CLICK_AND_WAIT_SCRIPT(glossary.nombre))) as number;
      clicks.push(elapsed);
      if (run === 0) {
        // Scroll down the list a screen at a time, as a reader would, for a while.
        for (let i = 0; i < 60; i += 1) {
          await page.mouse.wheel(0, 1600);
          await page.waitForTimeout(80);
        }
        await page.waitForTimeout(500);
        longestTaskMs = Number(
          await page.evaluate(
            // Only tasks that started at or after the click: the app's own start-up is not part of it.
            'Math.max(0, ...window.__longTasks.filter(function (t) { return t[0] >= window.__clickAt; }).map(function (t) { return t[1]; }))',
          ),
        );
        scrolledEntries = Number(
          await page.evaluate(
            `document.querySelector('[role="list"][aria-label^="Entradas de"] [data-index]:last-child')?.getAttribute('data-index') ?? 0`,
          ),
        );
      }
      await context.close();
    }
    clicks.sort((a, b) => a - b);
    return { clickToFirstEntryMs: clicks[2]!, longestTaskMs, scrolledEntries };
  } finally {
    await browser.close();
  }
}

const bench: Bench = {
  name: 'entradas',
  async run() {
    // The machine is shared: its load says how far the latencies are from an idle machine's.
    const loadAtStart = loadavg()[0]!;
    const engines = (process.env['LUDOTERM_BENCH_ENTRIES_ENGINES'] ?? 'sqlite,postgres').split(',');
    const rows: BenchRow[] = [];
    if (engines.includes('sqlite')) rows.push(...(await measureApi('sqlite', 'SQLite')));
    if (engines.includes('postgres')) {
      if (await postgresAnswers(PG_URL)) rows.push(...(await measureApi('postgres', 'PostgreSQL')));
      else console.info('  PostgreSQL no responde: se omiten sus cifras.');
    }
    rows.push({
      metric: 'carga media del sistema (1 min) al empezar',
      value: loadAtStart,
      unit: '',
    });
    rows.push({
      metric: 'carga media del sistema (1 min) al terminar',
      value: loadavg()[0]!,
      unit: '',
    });
    return rows;
  },
};

export default bench;
