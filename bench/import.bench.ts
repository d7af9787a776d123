// Import at scale (issue 6), end to end through the API: LudoTerm started as `npm start`
// starts it (IMPORT_MAX_BYTES raised), 100,000-entry TMX, CSV and TBX files uploaded over real
// HTTP into an empty glossary and then into one already holding 100,000, with the server
// process's memory growth read from /proc/<pid>/status while each import runs. SQLite carries
// the targets; PostgreSQL (when it answers on 127.0.0.1:5432, LUDOTERM_BENCH_PG_URL to change
// it) is reported beside it. For scale, Debian's translate-toolkit parsing the same TMX.
import { createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportFormat } from '@ludoterm/contract';
import { type ExportEntry, type GlossaryMeta, writeExport } from '@ludoterm/formats';
import {
  quoteIdent,
  withAdminClient,
  withDatabase,
} from '../apps/server/src/test/postgres-admin.ts';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { waitForExtractorWarmUp } from './lib/extractor-warm-up.ts';
import { uploadFile } from './lib/http-client.ts';
import { readEntries } from './lib/read-entries.ts';
import { sqliteWriteFloor } from './lib/sqlite-write-floor.ts';
import { translateToolkitParse } from './lib/translate-toolkit.ts';
import {
  cpuSecondsOf,
  startServer,
  waitForServerWarmUps,
  waitUntilIdle,
  type StartedServer,
} from './lib/server-process.ts';

const ENTRIES = 100_000;
const PORT = 3106;
const WORK_DIR = '/tmp/lt-import/bench';
const PG_URL = process.env.LUDOTERM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'ludoterm_bench_import';
const MB = 1024 * 1024;
const FORMATS = ['tmx', 'csv', 'tbx'] as const;

// ---------------------------------------------------------------------------------------------
// Files: entries as a typical glossary holds them (terms, category, area, a definition, some
// contexts and notes), written by the project's own writers. Two sets with different terms:
// `a` goes into an empty glossary, `b` into the one `a` filled.

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

const ES =
  'acción ataque botín daño enemigo escudo fuerza habilidad hechizo jefe maná misión nivel objeto partida poción sigilo turno vida arma'.split(
    ' ',
  );
const EN =
  'action attack loot damage enemy shield strength skill spell boss mana quest level item match potion stealth turn life weapon'.split(
    ' ',
  );
const WORDS_ES =
  'el la de que un una recurso mágico que el jugador gasta para lanzar conjuros y se recupera con el tiempo o con pociones durante la partida'.split(
    ' ',
  );
const WORDS_EN =
  'the a of that player spends to cast spells and recovers over time or with potions during the match in story mode'.split(
    ' ',
  );

function sentence(words: string[], random: () => number, length: number): string {
  const out: string[] = [];
  for (let i = 0; i < length; i += 1) out.push(words[Math.floor(random() * words.length)]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function* typicalEntries(count: number, set: string, seed: number): Generator<ExportEntry> {
  const random = prng(seed);
  for (let i = 0; i < count; i += 1) {
    const k = Math.floor(random() * ES.length);
    yield {
      termino: { es: `${ES[k]} ${set}${i}`, en: `${EN[k]} ${set}${i}` },
      categoria: 'sustantivo',
      area: random() < 0.5 ? 'Juegos de rol' : 'Estrategia',
      definicion: sentence(WORDS_ES, random, 14),
      contexto_es: random() < 0.3 ? sentence(WORDS_ES, random, 10) : null,
      contexto_en: random() < 0.3 ? sentence(WORDS_EN, random, 10) : null,
      notas: random() < 0.3 ? `Revisado; véase «${ES[(k + 3) % ES.length]}».` : null,
    };
  }
}

const META: GlossaryMeta = {
  nombre: 'Banco de importación',
  nombre_seguro: 'banco-de-importacion',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: null,
};

async function writeFiles(dir: string): Promise<Record<string, string>> {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const formato of FORMATS) {
    for (const [set, seed] of [
      ['a', 1],
      ['b', 2],
    ] as const) {
      const path = join(dir, `${set}.${formato}`);
      await pipeline(
        Readable.from(writeExport(formato, typicalEntries(ENTRIES, set, seed), META)),
        createWriteStream(path),
      );
      files[`${set}.${formato}`] = path;
    }
  }
  return files;
}

// ---------------------------------------------------------------------------------------------

/** The server process's resident memory (worker threads included), from /proc. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

interface Client {
  baseUrl: string;
  headers: Record<string, string>;
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function signIn(baseUrl: string): Promise<Client> {
  const account = { email: 'banco-importacion@ejemplo.es', password: 'contraseña-del-banco' };
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/register', account);
  const tokens = await json<{ access_token: string }>(await post('/auth/login', account));
  return { baseUrl, headers: { authorization: `Bearer ${tokens.access_token}` } };
}

/** The glossary each format's two files go into. */
function glossaryName(formato: ImportFormat): string {
  return `Cien mil ${formato}`;
}

async function createGlossary(client: Client, nombre: string): Promise<string> {
  const res = await fetch(`${client.baseUrl}/api/glosarios`, {
    method: 'POST',
    headers: { ...client.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ nombre, idioma_origen: 'es', idioma_meta: 'en', descripcion: null }),
  });
  return (await json<{ nombre_seguro: string }>(res)).nombre_seguro;
}

type ImportAnswer =
  | { importados: number; omitidos: number }
  | { cabeceras_detectadas: string[]; sugerencia?: Record<string, string> };

async function postImport(
  client: Client,
  slug: string,
  path: string,
  formato: ImportFormat,
  mapping?: Record<string, string>,
): Promise<ImportAnswer> {
  const fields: Record<string, string> = { formato };
  if (mapping) fields['mapping_json'] = JSON.stringify(mapping);
  const res = await uploadFile(`${client.baseUrl}/api/glosarios/${slug}/importar`, {
    headers: client.headers,
    fields,
    file: { field: 'archivo', path, name: path.split('/').pop()! },
  });
  const text = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text) as ImportAnswer;
}

interface Measured {
  seconds: number;
  /** From the answer until each step of `settle` returned (none without it). */
  settledSeconds: number[];
  growthMb: number;
  answer: ImportAnswer;
}

/**
 * One import, timed from the first byte sent to the answer, then each step of `settle` (what
 * the server still does for it after answering), with the server's peak RSS over all.
 */
async function measureImport(
  server: StartedServer,
  run: () => Promise<ImportAnswer>,
  settle: Array<() => Promise<void>> = [],
): Promise<Measured> {
  const pid = server.child.pid!;
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  try {
    const answer = await run();
    const answered = performance.now();
    const settledSeconds: number[] = [];
    for (const step of settle) {
      await step();
      settledSeconds.push((performance.now() - answered) / 1000);
    }
    peak = Math.max(peak, rssOf(pid));
    return {
      seconds: (answered - started) / 1000,
      settledSeconds,
      growthMb: (peak - baseline) / MB,
      answer,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A search of the glossary that finds the imported entries. On SQLite a quick search waits
 * until the import's terms are indexed (after the answer), an advanced search until its card
 * fields are too: its answer is when the import is searchable in every way, and the next
 * import starts on a settled server.
 */
async function searchFinds(
  client: Client,
  slug: string,
  search: Record<string, string>,
): Promise<void> {
  const query = new URLSearchParams({ ...search, glosarios: slug });
  const res = await fetch(`${client.baseUrl}/api/buscar?${query}`, { headers: client.headers });
  await json<unknown[]>(res);
  if (Number(res.headers.get('x-total-count')) === 0) {
    throw new Error(`la búsqueda ${query} no encontró las entradas importadas`);
  }
}

const QUICK_SEARCH = { termino: 'poción' };
const ADVANCED_SEARCH = { definicion: 'jugador' };

/**
 * The read/validate and write milliseconds the server logged for its latest import (two
 * threads, at once: the writer starts with the first batch and ends with the commit).
 */
function lastTimings(log: string[]): { lectura_ms: number; escritura_ms: number } | null {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    try {
      const line = JSON.parse(log[i]!) as {
        msg?: string;
        lectura_ms?: number;
        escritura_ms?: number;
      };
      if (line.msg === 'importación completada')
        return { lectura_ms: line.lectura_ms ?? 0, escritura_ms: line.escritura_ms ?? 0 };
    } catch {
      // not a log line
    }
  }
  return null;
}

async function runEngine(
  engine: 'sqlite' | 'postgres',
  files: Record<string, string>,
): Promise<BenchRow[]> {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const dataDir = join(WORK_DIR, `data-${engine}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    IMPORT_MAX_BYTES: String(64 * MB),
    LOG_LEVEL: 'info',
    PURGE_INTERVAL_MINUTES: '0',
  };
  if (engine === 'postgres') {
    await withAdminClient(PG_URL, async (client) => {
      await client.query(`drop database if exists ${quoteIdent(PG_DATABASE)} with (force)`);
      await client.query(`create database ${quoteIdent(PG_DATABASE)}`);
    });
    env['DATABASE_URL'] = withDatabase(PG_URL, PG_DATABASE);
  }
  const server = await startServer({ port: PORT, env, stdout: 'pipe' });
  const log: string[] = [];
  let pending = '';
  server.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    log.push(...lines);
  });
  const rows: BenchRow[] = [];
  const bound = (metric: string, value: number, unit: string, limit: number): BenchRow =>
    engine === 'sqlite' ? atMost(metric, value, unit, limit) : { metric, value, unit };
  try {
    const client = await signIn(server.baseUrl);
    // Warm-up: the server warms its import threads up a little after it starts (import-warm-up.ts)
    // and keeps them for 30 minutes; a small import checks they answer…
    const warm = await createGlossary(client, 'Calentamiento');
    const small = join(WORK_DIR, 'calentamiento.tmx');
    await pipeline(
      Readable.from(writeExport('tmx', typicalEntries(100, 'w', 9), META)),
      createWriteStream(small),
    );
    await postImport(client, warm, small, 'tmx');
    // …and the first search its threads (each import is followed by searches).
    await searchFinds(client, warm, ADVANCED_SEARCH);
    // …and the extractor's thread, which the server starts on its own a little after starting.
    await waitForExtractorWarmUp(client.baseUrl, client.headers);
    // …and the first timed import starts on a server done with all of that, its own warm-ups
    // of the import and search threads included.
    await waitForServerWarmUps(server);

    let worstGrowth = 0;
    for (const formato of FORMATS) {
      const slug = await createGlossary(client, glossaryName(formato));
      let mapping: Record<string, string> | undefined;
      if (formato === 'csv') {
        // The header pass first, as the web app does; the import is then timed with the mapping.
        const pass = await measureImport(server, () =>
          postImport(client, slug, files['a.csv']!, 'csv'),
        );
        if (!('cabeceras_detectadas' in pass.answer)) throw new Error('el CSV no pidió mapeo');
        mapping = pass.answer.sugerencia;
        rows.push({
          metric: `${label}: csv, pasada de cabeceras (${(statSync(files['a.csv']!).size / MB).toFixed(1)} MB subidos)`,
          value: pass.seconds,
          unit: 's',
        });
      }
      for (const [set, into, limit] of [
        ['a', 'glosario vacío', 3],
        ['b', 'glosario con 100.000', 4],
      ] as const) {
        const path = files[`${set}.${formato}`]!;
        const size = statSync(path).size / MB;
        const cpuBefore = cpuSecondsOf(server.child.pid!);
        const m = await measureImport(
          server,
          () => postImport(client, slug, path, formato, mapping),
          [
            () => searchFinds(client, slug, QUICK_SEARCH),
            () => searchFinds(client, slug, ADVANCED_SEARCH),
          ],
        );
        // The next import starts on a server done with this one: its indexing and checkpoint.
        await waitUntilIdle(server.child.pid!);
        const cpu = cpuSecondsOf(server.child.pid!) - cpuBefore;
        if (!('importados' in m.answer) || m.answer.importados !== ENTRIES) {
          throw new Error(`${formato} ${set}: ${JSON.stringify(m.answer)}`);
        }
        worstGrowth = Math.max(worstGrowth, m.growthMb);
        rows.push(
          bound(`${label}: ${formato} (${size.toFixed(1)} MB) → ${into}`, m.seconds, 's', limit),
        );
        const timings = lastTimings(log);
        rows.push({
          metric: `${label}: ${formato} → ${into}: CPU del servidor${timings ? `; leer y validar ${timings.lectura_ms} ms, escribir ${timings.escritura_ms} ms, a la vez` : ''}`,
          value: cpu,
          unit: 's',
        });
        rows.push(
          {
            metric: `${label}: ${formato} → ${into}: búsqueda rápida lista tras la respuesta`,
            value: m.settledSeconds[0]!,
            unit: 's',
          },
          {
            metric: `${label}: ${formato} → ${into}: búsqueda avanzada lista tras la respuesta`,
            value: m.settledSeconds[1]!,
            unit: 's',
          },
        );
        rows.push({
          metric: `${label}: ${formato} → ${into}: memoria añadida (pico de RSS, hasta la búsqueda avanzada)`,
          value: m.growthMb,
          unit: 'MB',
        });
      }
    }
    rows.push(
      bound(`${label}: memoria añadida del servidor, la peor importación`, worstGrowth, 'MB', 200),
    );
  } finally {
    await server.stop();
  }
  if (engine === 'sqlite') rows.push(await writeFloorRow(dataDir));
  return rows;
}

/** SQLite alone writing the first import's entries and versions (sqlite-write-floor.ts). */
async function writeFloorRow(dataDir: string): Promise<BenchRow> {
  const source = join(dataDir, 'ludoterm.db');
  return {
    metric:
      'SQLite solo: las entradas del tmx y sus versiones, de una tabla a otra, sin leer ni validar (la más rápida de 3)',
    value: await fastestOf(3, () =>
      sqliteWriteFloor(source, glossaryName('tmx'), ENTRIES, WORK_DIR),
    ),
    unit: 's',
  };
}

/** The fastest of `times` runs of `run`, in seconds. */
async function fastestOf(times: number, run: () => Promise<number>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i += 1) best = Math.min(best, await run());
  return best;
}

/** Our TMX reader alone on the file, in this process: no upload, validation or database. */
async function readerAlone(path: string): Promise<number> {
  const bytes = readFileSync(path);
  return fastestOf(3, async () => {
    const started = performance.now();
    const count = await readEntries('tmx', bytes);
    if (count !== ENTRIES) throw new Error(`tmx: ${count} entradas leídas de ${ENTRIES}`);
    return (performance.now() - started) / 1000;
  });
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
  name: 'importación',
  async run() {
    const rows: BenchRow[] = [
      { metric: 'carga media de la máquina (1 min) al empezar', value: loadavg()[0]!, unit: '' },
    ];
    const files = await writeFiles(join(WORK_DIR, 'archivos'));
    // For scale, before the servers run: translate-toolkit's parse and our reader alone.
    const toolkit = translateToolkitParse(files['a.tmx']!);
    const reader = await readerAlone(files['a.tmx']!);
    // LUDOTERM_BENCH_IMPORT_ENGINES=sqlite (or postgres) runs one engine only.
    const engines = (process.env['LUDOTERM_BENCH_IMPORT_ENGINES'] ?? 'sqlite,postgres').split(',');
    if (engines.includes('sqlite')) rows.push(...(await runEngine('sqlite', files)));
    if (engines.includes('postgres')) {
      if (await postgresAnswers()) rows.push(...(await runEngine('postgres', files)));
      else
        rows.push({
          metric: 'PostgreSQL no responde: sin cifras de PostgreSQL',
          value: Number.NaN,
          unit: '',
        });
    }

    rows.push({
      metric:
        'nuestro lector solo: el mismo TMX, en proceso, sin validar ni escribir (la más rápida de 3)',
      value: reader,
      unit: 's',
    });
    if (toolkit) {
      rows.push({
        metric: `translate-toolkit (Debian) solo analiza el mismo TMX (${toolkit.units} unidades; la más rápida de 3)`,
        value: toolkit.parse,
        unit: 's',
      });
      rows.push({
        metric: 'translate-toolkit: con el arranque de Python',
        value: toolkit.wall,
        unit: 's',
      });
    } else {
      rows.push({
        metric: 'translate-toolkit no está instalado: sin comparación',
        value: Number.NaN,
        unit: '',
      });
    }
    rows.push({
      metric: 'carga media de la máquina (1 min) al acabar',
      value: loadavg()[0]!,
      unit: '',
    });
    return rows;
  },
};

export default bench;
