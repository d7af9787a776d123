// Mixed load while a large import runs, end to end through the API: 64 connections for
// LUDOTERM_BENCH_LOAD_SECONDS (60 by default), and on until the import answers, of reads (glossary lists, entry pages, searches
// within a glossary and across glossaries), entry creations and edits, and sign-ins, by eight
// users with glossaries of their own; five seconds in, a ninth user imports a 100,000-entry TMX.
// Every answer must be 2xx; the p99 of all requests, and the p95 and worst of the writes and
// sign-ins sent while the import runs, are checked against issue 34's targets.
import { mkdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { quoteIdent, withAdminClient, withDatabase } from '@ludoterm/server/bench-harness';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { uploadFile } from './lib/http-client.ts';
import { writeImportFiles } from './lib/import-files.ts';
import { startServer } from './lib/server-process.ts';
import { postgresAnswers } from './lib/postgres-answers.ts';

const PORT = 3111;
const WORK_DIR = '/tmp/lt-load/bench';
const PG_URL = process.env.LUDOTERM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'ludoterm_bench_load';
const SECONDS = Number(process.env.LUDOTERM_BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = 64;
const USERS = 8;
const ENTRIES_PER_USER = 100;
const IMPORT_AFTER_MS = 5_000;
const IMPORTED = 100_000;
const PASSWORD = 'contraseña-de-carga';

type Kind = 'lista' | 'página' | 'búsqueda interna' | 'búsqueda' | 'alta' | 'edición' | 'acceso';
const WRITES: readonly Kind[] = ['alta', 'edición', 'acceso'];
/** How often each kind is sent, out of 100. */
const MIX: Array<[Kind, number]> = [
  ['lista', 15],
  ['página', 22],
  ['búsqueda interna', 12],
  ['búsqueda', 15],
  ['alta', 18],
  ['edición', 15],
  ['acceso', 3],
];

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

interface Answer {
  status: number;
  body: string;
}

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = request(url, { method: options.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('sin respuesta en 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

async function ok<T>(answer: Promise<Answer>): Promise<T> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`${status} ${body.slice(0, 300)}`);
  return (body ? JSON.parse(body) : null) as T;
}

interface LoadUser {
  email: string;
  headers: Record<string, string>;
  slug: string;
  entryIds: number[];
}

async function newUser(baseUrl: string, n: number): Promise<LoadUser> {
  const email = `carga-${n}@ejemplo.es`;
  const account = { email, password: PASSWORD };
  await ok(send(`${baseUrl}/api/auth/register`, { method: 'POST', body: account }));
  const { access_token } = await ok<{ access_token: string }>(
    send(`${baseUrl}/api/auth/login`, { method: 'POST', body: account }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const glossary = await ok<{ nombre_seguro: string }>(
    send(`${baseUrl}/api/glosarios`, {
      method: 'POST',
      headers,
      body: { nombre: `Carga ${n}`, idioma_origen: 'es', idioma_meta: 'en', descripcion: null },
    }),
  );
  const user: LoadUser = { email, headers, slug: glossary.nombre_seguro, entryIds: [] };
  for (let i = 0; i < ENTRIES_PER_USER; i += 1) await createEntry(baseUrl, user, `base ${i}`);
  return user;
}

function entriesUrl(baseUrl: string, user: LoadUser): string {
  return `${baseUrl}/api/glosarios/${user.slug}/entradas`;
}

async function createEntry(baseUrl: string, user: LoadUser, tag: string): Promise<Answer> {
  const answer = await send(entriesUrl(baseUrl, user), {
    method: 'POST',
    headers: user.headers,
    body: { termino: { es: `poción de carga ${tag}`, en: `load potion ${tag}` } },
  });
  if (answer.status === 201 || answer.status === 200) {
    user.entryIds.push((JSON.parse(answer.body) as { id: number }).id);
  }
  return answer;
}

interface Sample {
  kind: Kind;
  ms: number;
  at: number;
  failed: string | null;
}

function pick<T>(items: readonly T[], random: number): T {
  return items[Math.floor(random * items.length)]!;
}

function kindFor(random: number): Kind {
  let acc = 0;
  for (const [kind, weight] of MIX) {
    acc += weight;
    if (random * 100 < acc) return kind;
  }
  return 'lista';
}

async function oneRequest(baseUrl: string, users: LoadUser[], kind: Kind, n: number) {
  const user = pick(users, Math.random());
  const word = pick(['poción', 'carga', 'potion', 'load', 'base 1', 'alta'], Math.random());
  switch (kind) {
    case 'lista':
      return send(`${baseUrl}/api/glosarios`, { headers: user.headers });
    case 'página':
      return send(`${entriesUrl(baseUrl, user)}?pagina=1`, { headers: user.headers });
    case 'búsqueda interna':
      return send(`${entriesUrl(baseUrl, user)}?q=${encodeURIComponent(word)}`, {
        headers: user.headers,
      });
    case 'búsqueda':
      return send(`${baseUrl}/api/buscar?termino=${encodeURIComponent(word)}`, {
        headers: user.headers,
      });
    case 'alta':
      return createEntry(baseUrl, user, `n${n}`);
    case 'edición':
      return send(`${entriesUrl(baseUrl, user)}/${pick(user.entryIds, Math.random())}`, {
        method: 'PUT',
        headers: user.headers,
        body: {
          termino: { es: `poción editada ${n}`, en: `edited potion ${n}` },
          notas: `Editada en la carga ${n}.`,
        },
      });
    case 'acceso':
      return send(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        body: { email: user.email, password: PASSWORD },
      });
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runEngine(engine: 'sqlite' | 'postgres', tmx: string): Promise<BenchRow[]> {
  const label = engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const env: Record<string, string> = {
    IMPORT_MAX_BYTES: String(64 * 1024 * 1024),
    PURGE_INTERVAL_MINUTES: '0',
    // Sign-ins are part of the load, not an attack: the per-minute limit would refuse them.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  if (engine === 'postgres') {
    await withAdminClient(PG_URL, async (client) => {
      await client.query(`drop database if exists ${quoteIdent(PG_DATABASE)} with (force)`);
      await client.query(`create database ${quoteIdent(PG_DATABASE)}`);
    });
    env['DATABASE_URL'] = withDatabase(PG_URL, PG_DATABASE);
  }
  const server = await startServer({ port: PORT, env });
  const { baseUrl } = server;
  try {
    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i += 1) users.push(await newUser(baseUrl, i));
    const importer = await newUser(baseUrl, USERS);

    const samples: Sample[] = [];
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    let counter = 0;
    let importWindow: [number, number] | null = null;
    let importDone = false;
    let importResult = '';
    const importing = (async () => {
      await new Promise((r) => setTimeout(r, IMPORT_AFTER_MS));
      const from = performance.now();
      const res = await uploadFile(`${baseUrl}/api/glosarios/${importer.slug}/importar`, {
        headers: importer.headers,
        fields: { formato: 'tmx' },
        file: { field: 'archivo', path: tmx, name: 'carga.tmx' },
      });
      importWindow = [from, performance.now()];
      importResult = `${res.status} ${res.body.toString('utf8').slice(0, 200)}`;
    })().finally(() => {
      importDone = true;
    });
    const connection = async () => {
      // The load lasts until the import has answered, so its whole write is under load.
      while (performance.now() < deadline || !importDone) {
        const kind = kindFor(Math.random());
        const n = (counter += 1);
        const at = performance.now();
        let failed: string | null = null;
        try {
          const { status, body } = await oneRequest(baseUrl, users, kind, n);
          if (status < 200 || status >= 300) failed = `${status} ${body.slice(0, 200)}`;
        } catch (error) {
          failed = String(error);
        }
        samples.push({ kind, ms: performance.now() - at, at, failed });
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
    await importing;
    const elapsed = (performance.now() - started) / 1000;
    if (!importResult.startsWith('200')) throw new Error(`importación: ${importResult}`);
    const [from, to] = importWindow!;
    const failures = samples.filter((s) => s.failed !== null);
    for (const f of failures.slice(0, 5)) console.warn(`  ${f.kind}: ${f.failed}`);
    // Which kind sets the tail: printed, not recorded, to tell where to look when a bound is missed.
    for (const [kind] of MIX) {
      const ms = samples.filter((s) => s.kind === kind).map((s) => s.ms);
      console.log(
        `  ${label} ${kind}: ${ms.length}, p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms`,
      );
    }
    const during = samples.filter((s) => WRITES.includes(s.kind) && s.at >= from && s.at <= to);
    const bound = (metric: string, value: number, unit: string, limit: number): BenchRow =>
      engine === 'sqlite' ? atMost(metric, value, unit, limit) : { metric, value, unit };
    return [
      {
        metric: `${label}: peticiones por segundo, ${CONNECTIONS} conexiones, ${elapsed.toFixed(0)} s`,
        value: samples.length / elapsed,
        unit: '/s',
      },
      bound(`${label}: respuestas que no son 2xx`, failures.length, '', 0),
      bound(
        `${label}: p99 de todas las peticiones`,
        percentile(
          samples.map((s) => s.ms),
          99,
        ),
        'ms',
        250,
      ),
      bound(
        `${label}: altas, ediciones y accesos durante la importación (${during.length}), p95`,
        percentile(
          during.map((s) => s.ms),
          95,
        ),
        'ms',
        500,
      ),
      bound(
        `${label}: la más lenta de esas escrituras`,
        Math.max(0, ...during.map((s) => s.ms)),
        'ms',
        2000,
      ),
      {
        metric: `${label}: la importación de ${IMPORTED.toLocaleString('es')} entradas bajo carga`,
        value: (to - from) / 1000,
        unit: 's',
      },
    ];
  } finally {
    await server.stop();
  }
}

const bench: Bench = {
  name: 'carga',
  async run() {
    rmSync(WORK_DIR, { recursive: true, force: true });
    mkdirSync(WORK_DIR, { recursive: true });
    const files = await writeImportFiles(join(WORK_DIR, 'archivos'), ['tmx'], IMPORTED);
    const rows: BenchRow[] = [];
    const engines = (process.env['LUDOTERM_BENCH_LOAD_ENGINES'] ?? 'sqlite,postgres').split(',');
    if (engines.includes('sqlite')) rows.push(...(await runEngine('sqlite', files['a.tmx']!)));
    if (engines.includes('postgres') && (await postgresAnswers(PG_URL))) {
      rows.push(...(await runEngine('postgres', files['a.tmx']!)));
    }
    return rows;
  },
};

export default bench;
