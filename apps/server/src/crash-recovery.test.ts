import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Entry, Glossary, Health, SearchResult, Tokens } from '@ludoterm/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './db/database.ts';
import { searchIndexFor } from './modules/search/index.ts';
import { multipartBody } from './test/multipart.ts';

// The real server (apps/server/dist, as `npm start` runs it, on SQLite in a DATA_DIR of its
// own) is killed with SIGKILL at several moments of a large import and started again on the
// same files. Each time the database file must pass SQLite's integrity check, the server must
// answer at once, and the import must be there whole or not at all (whole once it answered),
// with everything written before it intact and searchable.

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');

/** Entries of each import: large enough that reading and writing it take a while. */
const ENTRIES = 20_000;
const HEALTHY_WITHIN_MS = 10_000;
/**
 * A search or a write after a restart. Generous for a loaded CI machine, where the first search
 * also waits for the search threads to start, yet well under the 10 s that a write lock left
 * behind would cost (SQLite's busy timeout).
 */
const PROMPT_MS = 5_000;
/** Each test restarts the server, most after importing ENTRIES entries: slow on a busy machine. */
const TEST_TIMEOUT_MS = 120_000;
const PASSWORD = 'contraseña-segura';
const MAPPING = { es: 'termino.es', en: 'termino.en', definicion: 'definicion' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  /** The end of what the server printed, for failure messages. */
  output(): string;
}

/** Every server process this file started and that has not exited yet. */
const running = new Set<ChildProcess>();

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The health answer, or null while the server is not answering yet. */
async function healthOf(baseUrl: string): Promise<Health | null> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200 ? ((await res.json()) as Health) : null;
  } catch {
    return null;
  }
}

/**
 * Starts `node apps/server/dist/server.js` in production mode (its search and checkpoint
 * threads included) and waits for /api/health, at most a little past HEALTHY_WITHIN_MS.
 */
async function startServer(dataDir: string): Promise<{ server: RunningServer; readyMs: number }> {
  const port = await freePort();
  // Only what the server needs: nothing of the test run's own environment (DATABASE_URL…).
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'sin-web'),
  };
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
  while (performance.now() - started < HEALTHY_WITHIN_MS + 2000) {
    if (hasExited(child)) throw new Error(`El servidor terminó al arrancar:\n${output}`);
    const health = await healthOf(server.baseUrl);
    if (health) {
      expect(health.database).toBe('sqlite');
      return { server, readyMs: performance.now() - started };
    }
    await sleep(25);
  }
  return { server, readyMs: Number.POSITIVE_INFINITY };
}

async function killServer(child: ChildProcess, signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
  if (hasExited(child)) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill(signal);
  const [code] = await exited;
  return code;
}

interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

async function api<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as T,
    headers: res.headers,
    ms,
  };
}

/** A CSV of ENTRIES rows whose terms all carry `tag`, so each import's terms are its own. */
function importFile(tag: string): { csv: Buffer; lastTerm: string } {
  const lines = ['es,en,definicion'];
  for (let i = 0; i < ENTRIES; i += 1) {
    lines.push(`poción ${tag} ${i},potion ${tag} ${i},Recupera ${i % 97} puntos de maná.`);
  }
  return {
    csv: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
    lastTerm: `poción ${tag} ${ENTRIES - 1}`,
  };
}

interface Upload {
  /** Settles with the answer, or with status 0 when the connection broke. */
  answer: Promise<{ status: number; body: string }>;
  /** `performance.now()` when the whole answer had arrived; null until then. */
  answeredAt(): number | null;
}

/**
 * `POST /api/glosarios/{ns}/importar` over a connection of its own. With `sendBytes`, only
 * that much of the body is sent and the request stays open.
 */
function startImport(
  server: RunningServer,
  token: string,
  nombreSeguro: string,
  csv: Buffer,
  sendBytes?: number,
): Upload {
  const body = multipartBody(
    { formato: 'csv', mapping_json: JSON.stringify(MAPPING) },
    { field: 'archivo', filename: 'glosario.csv', contentType: 'text/csv', data: csv },
  );
  let answeredAt: number | null = null;
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    const req = httpRequest(`${server.baseUrl}/api/glosarios/${nombreSeguro}/importar`, {
      method: 'POST',
      headers: {
        ...body.headers,
        authorization: `Bearer ${token}`,
        'content-length': String(body.payload.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        answeredAt = performance.now();
        resolve({ status: res.statusCode ?? 0, body: text });
      });
      res.on('error', () => resolve({ status: 0, body: text }));
    });
    req.on('error', (error) => resolve({ status: 0, body: error.message }));
    if (sendBytes === undefined) req.end(body.payload);
    else req.write(body.payload.subarray(0, sendBytes));
  });
  return { answer, answeredAt: () => answeredAt };
}

const uploadsDir = (dataDir: string) => join(dataDir, 'tmp', 'importaciones');

/** Size of the largest upload the server is receiving or holds in its temporary folder. */
function largestUpload(dataDir: string): number {
  let largest = -1;
  for (const name of readdirSync(uploadsDir(dataDir))) {
    if (!name.endsWith('.subida')) continue;
    try {
      largest = Math.max(largest, statSync(join(uploadsDir(dataDir), name)).size);
    } catch {
      // Removed meanwhile: the import is over.
    }
  }
  return largest;
}

/**
 * Resolves with `performance.now()` once the server holds at least `bytes` of the upload,
 * or null if the upload settles (or 30 s pass) first.
 */
async function uploadReached(
  dataDir: string,
  bytes: number,
  upload: Upload,
): Promise<number | null> {
  const deadline = performance.now() + 30_000;
  while (upload.answeredAt() === null && performance.now() < deadline) {
    if (largestUpload(dataDir) >= bytes) return performance.now();
    await sleep(2);
  }
  return null;
}

/**
 * The WAL file's size and modification time. A commit writes its pages to the WAL, and
 * nothing else writes it while only the import runs, so an unchanged WAL means nothing was
 * committed meanwhile.
 */
function walState(dataDir: string): string {
  try {
    const stat = statSync(join(dataDir, 'ludoterm.db-wal'), { bigint: true });
    return `${stat.size}:${stat.mtimeNs}`;
  } catch {
    return 'sin WAL';
  }
}

interface StoredCounts {
  entradas: number;
  versiones: number;
  num_entradas: number;
}

/**
 * With the server down: SQLite's integrity and foreign-key checks on the file as the kill left
 * it (read-only, so the WAL stays for the next start to recover), and the glossary's rows.
 */
function inspectDatabase(dataDir: string, glossaryId: number) {
  const sqlite = new SQLite(join(dataDir, 'ludoterm.db'), { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const foreignKeys = sqlite.pragma('foreign_key_check') as unknown[];
    const counts = sqlite
      .prepare(
        `select
           (select count(*) from entries where glossary_id = @id and eliminado_en is null) as entradas,
           (select count(*) from entry_versions v join entries e on e.id = v.entry_id
             where e.glossary_id = @id) as versiones,
           (select num_entradas from glossaries where id = @id) as num_entradas`,
      )
      .get({ id: glossaryId }) as StoredCounts;
    return { integrity: integrity.map((row) => row.integrity_check), foreignKeys, counts };
  } finally {
    sqlite.close();
  }
}

interface Target {
  tag: string;
  glossary: Glossary;
  /** Entries of this glossary written before the import (one version each). */
  before: number;
  csv: Buffer;
  lastTerm: string;
}

describe('the server killed during a large import and started again [sqlite]', () => {
  let dataDir = '';
  let server: RunningServer | null = null;
  let token = '';
  /** Every entry written through the API so far, by glossary: each must survive every crash. */
  const written = new Map<string, Entry[]>();
  /** From a whole file received to the import's answer, measured by the first full import. */
  let importMs: number | null = null;

  function current(): RunningServer {
    if (!server) throw new Error('El servidor no está en marcha.');
    return server;
  }

  async function restart(): Promise<void> {
    const started = await startServer(dataDir);
    server = started.server;
    expect(started.readyMs, started.server.output()).toBeLessThan(HEALTHY_WITHIN_MS);
  }

  async function writeEntry(nombreSeguro: string, term: string): Promise<Entry> {
    const res = await api<Entry>(current(), 'POST', `/glosarios/${nombreSeguro}/entradas`, {
      token,
      body: { termino: { es: `yunque ${term}`, en: `anvil ${term}` } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    written.set(nombreSeguro, [...(written.get(nombreSeguro) ?? []), res.body]);
    return res.body;
  }

  /** A glossary with two entries written before its import, and that import's file. */
  async function prepareTarget(tag: string): Promise<Target> {
    const created = await api<Glossary>(current(), 'POST', '/glosarios', {
      token,
      body: { nombre: `Caída ${tag}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const glossary = created.body;
    await writeEntry(glossary.nombre_seguro, `${tag} 1`);
    await writeEntry(glossary.nombre_seguro, `${tag} 2`);
    return { tag, glossary, before: 2, ...importFile(tag) };
  }

  async function search(term: string): Promise<ApiAnswer<SearchResult[]>> {
    return api<SearchResult[]>(current(), 'GET', `/buscar?termino=${encodeURIComponent(term)}`, {
      token,
    });
  }

  /**
   * After a kill: the file on disk is sound and holds none or all of the import, never part
   * of it. Answers which.
   */
  function expectSoundFile(target: Target): 'none' | 'all' {
    const { integrity, foreignKeys, counts } = inspectDatabase(dataDir, target.glossary.id);
    expect(integrity).toEqual(['ok']);
    expect(foreignKeys).toEqual([]);
    const none = { entradas: target.before, versiones: target.before, num_entradas: target.before };
    const all = {
      entradas: target.before + ENTRIES,
      versiones: target.before + ENTRIES,
      num_entradas: target.before + ENTRIES,
    };
    expect([none, all]).toContainEqual(counts);
    return counts.entradas === target.before ? 'none' : 'all';
  }

  /**
   * After the restart: searches and writes answer promptly, the glossary holds what the file
   * held, searchable, and every entry written before any crash is as it was.
   */
  async function expectServing(target: Target, outcome: 'none' | 'all'): Promise<void> {
    const expected = target.before + (outcome === 'all' ? ENTRIES : 0);
    const { nombre_seguro } = target.glossary;

    const found = await search(target.lastTerm);
    expect(found.status).toBe(200);
    expect(found.ms).toBeLessThan(PROMPT_MS);
    const hits = found.body.filter(
      (r) => r.nombre_seguro === nombre_seguro && r.termino.es === target.lastTerm,
    );
    expect(hits).toHaveLength(outcome === 'all' ? 1 : 0);

    const page = await api<Entry[]>(
      current(),
      'GET',
      `/glosarios/${nombre_seguro}/entradas?pagina=1&por_pagina=1`,
      { token },
    );
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBe(expected);
    const glossaries = await api<Glossary[]>(current(), 'GET', '/glosarios', { token });
    expect(glossaries.body.find((g) => g.id === target.glossary.id)?.num_entradas).toBe(expected);

    for (const [ns, entries] of written) {
      const listed = await api<Entry[]>(
        current(),
        'GET',
        `/glosarios/${ns}/entradas?q=yunque&por_pagina=500`,
        { token },
      );
      expect(listed.status).toBe(200);
      expect([...listed.body].sort((a, b) => a.id - b.id)).toEqual(entries);
    }
    const earlier = written.get(nombre_seguro)![0]!;
    const earlierFound = await search(earlier.termino.es!);
    expect(earlierFound.ms).toBeLessThan(PROMPT_MS);
    expect(earlierFound.body.map((r) => r.id)).toContain(earlier.id);

    const started = performance.now();
    const fresh = await writeEntry(nombre_seguro, `${target.tag} tras reiniciar`);
    expect(performance.now() - started).toBeLessThan(PROMPT_MS);
    expect((await search(fresh.termino.es!)).body.map((r) => r.id)).toContain(fresh.id);
  }

  beforeAll(async () => {
    // Vitest runs before anything else builds the server: build it when missing or stale.
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'ensure-built.mjs'), 'server'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
    dataDir = mkdtempSync(join(tmpdir(), 'ludoterm-caida-'));
    await restart();
    const email = 'admin@caida.es';
    const registered = await api(current(), 'POST', '/auth/register', {
      body: { email, password: PASSWORD },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const login = await api<Tokens>(current(), 'POST', '/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.access_token;
  }, TEST_TIMEOUT_MS);

  // A test that failed between a kill and the restart leaves no server: the next starts one.
  beforeEach(async () => {
    if (!server || hasExited(server.child)) await restart();
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([...running].map((child) => killServer(child)));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps nothing of an import killed during its upload',
    async () => {
      const target = await prepareTarget('subida');
      const upload = startImport(
        current(),
        token,
        target.glossary.nombre_seguro,
        target.csv,
        Math.floor(target.csv.length / 3),
      );
      // The server is receiving: part of the file is in its temporary folder.
      expect(await uploadReached(dataDir, 64 * 1024, upload)).not.toBeNull();
      await killServer(current().child);
      expect(upload.answeredAt()).toBeNull();
      expect((await upload.answer).status).toBe(0);

      expect(expectSoundFile(target)).toBe('none');
      await restart();
      await expectServing(target, 'none');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps the whole import when killed right after it answered',
    async () => {
      const target = await prepareTarget('respuesta');
      const upload = startImport(current(), token, target.glossary.nombre_seguro, target.csv);
      const received = await uploadReached(dataDir, target.csv.length, upload);
      const answer = await upload.answer;
      await killServer(current().child);
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ importados: ENTRIES, omitidos: 0 });
      if (received !== null) importMs = upload.answeredAt()! - received;

      expect(expectSoundFile(target)).toBe('all');
      await restart();
      await expectServing(target, 'all');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps all or nothing of an import killed while it reads and writes',
    async () => {
      const target = await prepareTarget('lectura');
      const upload = startImport(current(), token, target.glossary.nombre_seguro, target.csv);
      const received = await uploadReached(dataDir, target.csv.length, upload);
      expect(received).not.toBeNull();
      const walBefore = walState(dataDir);
      // A quarter of the way by the time the first whole import took, which leaves room for a
      // machine that got less busy meanwhile.
      await sleep((importMs ?? 1500) / 4);
      await killServer(current().child);
      expect(upload.answeredAt()).toBeNull();

      const outcome = expectSoundFile(target);
      // An untouched WAL means the import's commit had not begun: nothing may be there.
      if (walState(dataDir) === walBefore) expect(outcome).toBe('none');
      await restart();
      await expectServing(target, outcome);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps all or nothing of an import killed while it commits',
    async () => {
      const target = await prepareTarget('confirmacion');
      const upload = startImport(current(), token, target.glossary.nombre_seguro, target.csv);
      expect(await uploadReached(dataDir, target.csv.length, upload)).not.toBeNull();
      // The import's pages reach the WAL as it commits: the server is killed the moment the
      // WAL changes, while SQLite is still appending the transaction's frames.
      const walBefore = walState(dataDir);
      const deadline = performance.now() + 30_000;
      while (
        walState(dataDir) === walBefore &&
        upload.answeredAt() === null &&
        performance.now() < deadline
      ) {
        await sleep(5);
      }
      await killServer(current().child);
      expect(walState(dataDir)).not.toBe(walBefore);
      expect(upload.answeredAt()).toBeNull();

      const outcome = expectSoundFile(target);
      await restart();
      await expectServing(target, outcome);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops cleanly afterwards, with the search index matching every entry',
    async () => {
      const code = await killServer(current().child, 'SIGTERM');
      server = null;
      expect(code).toBe(0);
      const handle = createDatabase({ sqlitePath: join(dataDir, 'ludoterm.db') });
      try {
        expect(await searchIndexFor(handle.db).check(handle.db)).toEqual([]);
      } finally {
        await handle.destroy();
      }
      const sqlite = new SQLite(join(dataDir, 'ludoterm.db'), { readonly: true });
      try {
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        sqlite.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
