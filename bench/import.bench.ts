// Import at scale, end to end through the API: LudoTerm started as `npm start` starts it
// (IMPORT_MAX_BYTES raised), 100,000-entry TMX, CSV and TBX files uploaded over real HTTP, timed
// from the end of the upload to the answer: the first import after the server starts, then
// each format into an empty glossary and into one already holding 100,000; a search sent right
// after each answer must find the last entry imported; the server process's memory growth is
// read from /proc/<pid>/status while each import runs. SQLite carries the targets; PostgreSQL
// (when it answers on 127.0.0.1:5432, LUDOTERM_BENCH_PG_URL to change it) is reported beside
// it. For scale, our TMX reader alone and Debian's translate-toolkit parsing the same file.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { ImportFormat } from '@ludoterm/contract';
import { quoteIdent, withAdminClient, withDatabase } from '@ludoterm/server/bench-harness';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { uploadFile } from './lib/http-client.ts';
import { writeImportFiles } from './lib/import-files.ts';
import { readEntries } from './lib/read-entries.ts';
import { translateToolkitParse } from './lib/translate-toolkit.ts';
import { postgresAnswers } from './lib/postgres-answers.ts';
import {
  cpuSecondsOf,
  startServer,
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
/** Seconds from the end of the upload to the answer, on a server that has been running. */
const IMPORT_LIMIT_S = 4;
/** The same for the first import after the server starts. */
const FIRST_IMPORT_LIMIT_S = 6;
const GROWTH_LIMIT_MB = 200;

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
): Promise<{ answer: ImportAnswer; uploadedAt: number }> {
  const fields: Record<string, string> = { formato };
  const res = await uploadFile(`${client.baseUrl}/api/glosarios/${slug}/importar`, {
    headers: client.headers,
    fields,
    file: { field: 'archivo', path, name: path.split('/').pop()! },
  });
  const text = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`${res.status} ${text}`);
  return { answer: JSON.parse(text) as ImportAnswer, uploadedAt: res.uploadedAt };
}

interface Measured {
  /** From the end of the upload to the answer. */
  seconds: number;
  growthMb: number;
  answer: ImportAnswer;
  /** Whether searches sent right after the answer found the file's last entry. */
  searchable: boolean;
}

/** The number of matches of a search of one glossary (`x-total-count`). */
async function searchCount(
  client: Client,
  slug: string,
  search: Record<string, string>,
): Promise<number> {
  const query = new URLSearchParams({ ...search, glosarios: slug });
  const res = await fetch(`${client.baseUrl}/api/buscar?${query}`, { headers: client.headers });
  await json<unknown[]>(res);
  return Number(res.headers.get('x-total-count'));
}

/**
 * One import, timed from the end of the upload to the answer, with the server's peak RSS
 * meanwhile; then a quick search (terms) and an advanced one (notes) for the file's last entry.
 */
async function measureImport(
  server: StartedServer,
  client: Client,
  slug: string,
  file: { path: string; formato: ImportFormat; set: string },
): Promise<Measured> {
  const pid = server.child.pid!;
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  try {
    const { answer, uploadedAt } = await postImport(client, slug, file.path, file.formato);
    const answered = performance.now();
    peak = Math.max(peak, rssOf(pid));
    const last = `${file.set}${ENTRIES - 1}`;
    const quick = await searchCount(client, slug, { termino: last });
    const advanced = await searchCount(client, slug, { notas: last });
    return {
      seconds: (answered - uploadedAt) / 1000,
      growthMb: (peak - baseline) / MB,
      answer,
      searchable: quick === 1 && advanced === 1,
    };
  } finally {
    clearInterval(sampler);
  }
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
    PURGE_INTERVAL_MINUTES: '0',
  };
  if (engine === 'postgres') {
    await withAdminClient(PG_URL, async (client) => {
      await client.query(`drop database if exists ${quoteIdent(PG_DATABASE)} with (force)`);
      await client.query(`create database ${quoteIdent(PG_DATABASE)}`);
    });
    env['DATABASE_URL'] = withDatabase(PG_URL, PG_DATABASE);
  }
  const server = await startServer({ port: PORT, env });
  const rows: BenchRow[] = [];
  const bound = (metric: string, value: number, unit: string, limit: number): BenchRow =>
    engine === 'sqlite' ? atMost(metric, value, unit, limit) : { metric, value, unit };
  const sizeOf = (path: string) => `${(statSync(path).size / MB).toFixed(1)} MB`;
  let worstGrowth = 0;
  let unsearchable = 0;
  const record = (m: Measured, name: string) => {
    if (!('importados' in m.answer) || m.answer.importados !== ENTRIES) {
      throw new Error(`${name}: ${JSON.stringify(m.answer)}`);
    }
    worstGrowth = Math.max(worstGrowth, m.growthMb);
    if (!m.searchable) unsearchable += 1;
  };
  try {
    // Straight after the start: only what a first user does before importing.
    const client = await signIn(server.baseUrl);
    const first = await measureImport(
      server,
      client,
      await createGlossary(client, 'Primera importación'),
      { path: files['a.tmx']!, formato: 'tmx', set: 'a' },
    );
    record(first, 'primera importación');
    rows.push(
      bound(
        `${label}: primera importación tras arrancar, tmx (${sizeOf(files['a.tmx']!)}) → glosario vacío`,
        first.seconds,
        's',
        FIRST_IMPORT_LIMIT_S,
      ),
      {
        metric: `${label}: primera importación: memoria añadida (pico de RSS)`,
        value: first.growthMb,
        unit: 'MB',
      },
    );
    await waitUntilIdle(server.child.pid!);

    for (const formato of FORMATS) {
      const slug = await createGlossary(client, glossaryName(formato));
      for (const [set, into] of [
        ['a', 'glosario vacío'],
        ['b', 'glosario con 100.000'],
      ] as const) {
        const path = files[`${set}.${formato}`]!;
        const cpuBefore = cpuSecondsOf(server.child.pid!);
        const m = await measureImport(server, client, slug, { path, formato, set });
        // The next import starts on a server done with this one.
        await waitUntilIdle(server.child.pid!);
        const cpu = cpuSecondsOf(server.child.pid!) - cpuBefore;
        record(m, `${formato} ${set}`);
        rows.push(
          bound(`${label}: ${formato} (${sizeOf(path)}) → ${into}`, m.seconds, 's', IMPORT_LIMIT_S),
          { metric: `${label}: ${formato} → ${into}: CPU del servidor`, value: cpu, unit: 's' },
          {
            metric: `${label}: ${formato} → ${into}: memoria añadida (pico de RSS)`,
            value: m.growthMb,
            unit: 'MB',
          },
        );
      }
    }
    rows.push(
      bound(
        `${label}: memoria añadida del servidor, la peor importación`,
        worstGrowth,
        'MB',
        GROWTH_LIMIT_MB,
      ),
      {
        metric: `${label}: importaciones cuya última entrada no encontró una búsqueda (rápida y avanzada) justo tras la respuesta`,
        value: unsearchable,
        unit: '',
        ...(engine === 'sqlite' ? { target: '0', pass: unsearchable === 0 } : {}),
      },
    );
  } finally {
    await server.stop();
  }
  return rows;
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

const bench: Bench = {
  name: 'importación',
  async run() {
    const rows: BenchRow[] = [
      { metric: 'carga media de la máquina (1 min) al empezar', value: loadavg()[0]!, unit: '' },
    ];
    const files = await writeImportFiles(join(WORK_DIR, 'archivos'), FORMATS, ENTRIES);
    // For scale, before the servers run: translate-toolkit's parse and our reader alone.
    const toolkit = translateToolkitParse(files['a.tmx']!);
    const reader = await readerAlone(files['a.tmx']!);
    // LUDOTERM_BENCH_IMPORT_ENGINES=sqlite (or postgres) runs one engine only.
    const engines = (process.env['LUDOTERM_BENCH_IMPORT_ENGINES'] ?? 'sqlite,postgres').split(',');
    if (engines.includes('sqlite')) rows.push(...(await runEngine('sqlite', files)));
    if (engines.includes('postgres')) {
      if (await postgresAnswers(PG_URL)) rows.push(...(await runEngine('postgres', files)));
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
