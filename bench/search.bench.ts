// Search across glossaries: 1,000,000 entries in 200 glossaries (bench/lib/
// search-database.ts, cached under bench/.cache/ and as a PostgreSQL database), a fixed set of
// 1,000 quick-search queries (substrings of 3–12 characters of the terms, one in ten absent)
// and 200 advanced ones, page size 50, through real HTTP on the production server started as
// its own process, the load generator (wrk when installed, else autocannon) on the same machine:
// - quick search p95 at one connection ≤ 20 ms, advanced search p95 ≤ 100 ms,
//   ≥ 500 searches/s at 16 connections with p99 ≤ 100 ms (measured after 10 s of the same load
//   unmeasured): the targets bind SQLite;
// - PostgreSQL (when it answers) reported beside it;
// - the ratio of a plain LIKE full scan (a page ordered by the sort key plus its count) to the
//   database half of the ranked search (its page and count), in-process on the same database,
//   per bucket: common (the count is capped at 1,000), rare (1–999 matches), absent.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldText } from '@ludoterm/contract/text-folding';
import {
  openDatabase,
  searchTermsInProcess,
  signAccessToken,
  type DatabaseHandle,
} from '@ludoterm/server/bench-harness';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { atLeast, atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { hasWrk, runLoad, type LoadTool } from './lib/load-generator.ts';
import { prng } from './lib/prng.ts';
import { sampleQueries } from './lib/search-data.ts';
import {
  CACHE_DIR,
  OWNER_EMAIL,
  READER_EMAIL,
  SQLITE_CACHE,
  ensurePostgresDatabase,
  ensureSqliteDatabase,
} from './lib/search-database.ts';
import { SEARCH_BENCH_SECRET, startSearchServer } from './lib/search-server.ts';

const QUICK_QUERIES = 1000;
const ADVANCED_QUERIES = 200;
const PAGE = 50;
const LOAD_SECONDS = Number(process.env.LUDOTERM_BENCH_SEARCH_SECONDS ?? 20);
/** Load before the measured load (the target is a sustained rate, not a cold start). */
const WARM_UP_LOAD_SECONDS = 10;
/** Queries per bucket timed with the LIKE full scan (each reads the whole table). */
const LIKE_PER_BUCKET = 15;
const ADVANCED_FIELDS = ['definicion', 'notas', 'contexto_es', 'contexto_en', 'categoria', 'area'];

const log = (line: string) => console.info(line);

interface QuerySet {
  quick: string[];
  advanced: Array<{ campo: string; valor: string }>;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
}

/**
 * Whether any live entry's folded base or target term holds `piece` (trigram index, then an
 * exact check), on a read-only connection of its own: sampleQueries asks synchronously.
 */
function termChecker(sqlitePath: string): (piece: string) => boolean {
  const reader = new SQLite(sqlitePath, { readonly: true });
  const statement = reader.prepare(`select 1 from search_terms_fts f
    cross join search_docs d on d.search_id = f.rowid
    where search_terms_fts match ? and (instr(d.origen, ?) > 0 or instr(d.meta, ?) > 0) limit 1`);
  return (piece) => {
    const chars = Array.from(piece);
    const trigrams = new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join('')));
    const match = [...trigrams].map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ');
    return statement.get(match, piece, piece) !== undefined;
  };
}

/** The fixed query set, sampled once from the SQLite database (same data on both engines). */
type Db = DatabaseHandle['db'];

/** `text` as a LIKE pattern's literal part (escape character `\`). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function querySet(db: Db, sqlitePath: string): Promise<QuerySet> {
  const file = join(CACHE_DIR, `${SQLITE_CACHE.split('/').pop()}.queries.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as QuerySet;
  log('Muestreando las consultas…');
  const { rows: bounds } = await sql<{ n: number }>`select max(id) as n from entries`.execute(db);
  const maxId = Number(bounds[0]!.n);
  const random = prng(31);
  const cards = new Map<number, Record<string, string>>();
  const cardOf = async (id: number) => {
    if (!cards.has(id)) {
      const row = await db
        .selectFrom('entries')
        .select('ficha')
        .where('id', '=', id)
        .executeTakeFirst();
      cards.set(id, row ? (JSON.parse(row.ficha) as Record<string, string>) : {});
    }
    return cards.get(id)!;
  };
  // Terms of random entries, either language, as typed.
  const terms: string[] = [];
  while (terms.length < QUICK_QUERIES * 2) {
    const card = await cardOf(1 + Math.floor(random() * maxId));
    const keys = Object.keys(card).filter((k) => k.startsWith('termino.'));
    const key = keys[Math.floor(random() * keys.length)];
    if (key) terms.push(card[key]!);
  }
  const holds = termChecker(sqlitePath);
  const candidates = sampleQueries(QUICK_QUERIES, (i) => terms[i]!, terms.length, holds, foldText);
  const advanced: QuerySet['advanced'] = [];
  while (advanced.length < ADVANCED_QUERIES) {
    const campo = ADVANCED_FIELDS[advanced.length % ADVANCED_FIELDS.length]!;
    const card = await cardOf(1 + Math.floor(random() * maxId));
    const value = card[campo];
    if (!value) continue;
    const chars = Array.from(value);
    const length = Math.min(chars.length, 3 + Math.floor(random() * 10));
    const start = Math.floor(random() * (chars.length - length + 1));
    let valor = chars.slice(start, start + length).join('');
    if (advanced.length % 10 === 9) valor = `${valor.slice(0, 2)}qzx${valor.slice(2)}`;
    if (foldText(valor).length >= 3) advanced.push({ campo, valor });
  }
  const set = { quick: candidates, advanced };
  writeFileSync(file, JSON.stringify(set));
  return set;
}

async function userIdOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function timedGet(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
  return {
    ms,
    total: Number(res.headers.get('x-total-count')),
    capped: res.headers.has('x-total-count-capped'),
  };
}

type Bucket = 'comunes' | 'raras' | 'ausentes';

/**
 * A plain LIKE full scan, as a naive implementation answers a page: the page and its count.
 * `|| ''` keeps PostgreSQL's trigram indexes out of it (pg_trgm would serve a bare LIKE).
 */
async function likeScan(db: Db, ownerId: number, query: string): Promise<number> {
  const pattern = `%${likeLiteral(query)}%`;
  const visible = sql`(select id from glossaries where eliminado_en is null and (owner_id = ${ownerId}
    or id in (select glossary_id from glossary_members where user_id = ${ownerId})))`;
  const where = sql`e.eliminado_en is null and e.glossary_id in ${visible}
    and ((e.termino_origen_plegado || '') like ${pattern} escape '\\'
      or (e.termino_meta_plegado || '') like ${pattern} escape '\\')`;
  const started = performance.now();
  await sql`select e.id from entries e where ${where} order by e.clave_orden, e.id limit ${PAGE}`.execute(
    db,
  );
  await sql`select count(*) as n from entries e where ${where}`.execute(db);
  return performance.now() - started;
}

async function measureEngine(
  label: string,
  databaseUrl: string,
  handle: DatabaseHandle,
  set: QuerySet,
  binding: boolean,
  out: BenchRow[],
): Promise<void> {
  // Rows are kept as they are measured (a failure later still reports them) and printed.
  const rows = {
    push: (...added: BenchRow[]) => {
      for (const row of added) {
        out.push(row);
        log(
          `  ${row.metric}: ${Number.isFinite(row.value) ? row.value.toFixed(2) : row.value} ${row.unit}`,
        );
      }
    },
  };
  const bound = (
    metric: string,
    value: number,
    unit: string,
    limit: number,
    atLeastLimit = false,
    binds = binding,
  ): BenchRow =>
    binds
      ? atLeastLimit
        ? atLeast(metric, value, unit, limit)
        : atMost(metric, value, unit, limit)
      : { metric, value, unit };
  const ownerId = await userIdOf(handle.db, OWNER_EMAIL);
  const readerId = await userIdOf(handle.db, READER_EMAIL);
  const owner = {
    authorization: `Bearer ${await signAccessToken(SEARCH_BENCH_SECRET, ownerId, 7200)}`,
  };
  const reader = {
    authorization: `Bearer ${await signAccessToken(SEARCH_BENCH_SECRET, readerId, 7200)}`,
  };

  log(`${label}: arrancando el servidor…`);
  const server = await startSearchServer(databaseUrl);
  try {
    const quickUrl = (q: string) =>
      `${server.baseUrl}/api/buscar?termino=${encodeURIComponent(q)}&por_pagina=${PAGE}`;
    const advancedUrl = ({ campo, valor }: { campo: string; valor: string }) =>
      `${server.baseUrl}/api/buscar?${encodeURIComponent(campo)}=${encodeURIComponent(valor)}&por_pagina=${PAGE}`;

    // A few unmeasured requests: the client's connection and the server's first statements.
    const warm = prng(5);
    for (let i = 0; i < 200; i += 1)
      await timedGet(quickUrl(set.quick[Math.floor(warm() * set.quick.length)]!), owner);
    for (const a of set.advanced.slice(0, 20)) await timedGet(advancedUrl(a), owner);

    log(`${label}: ${set.quick.length} búsquedas rápidas, una conexión…`);
    const quick: number[] = [];
    const bucketOf = new Map<string, Bucket>();
    const byBucket: Record<Bucket, number[]> = { comunes: [], raras: [], ausentes: [] };
    for (const q of set.quick) {
      const { ms, total, capped } = await timedGet(quickUrl(q), owner);
      quick.push(ms);
      const bucket: Bucket = capped ? 'comunes' : total > 0 ? 'raras' : 'ausentes';
      bucketOf.set(q, bucket);
      byBucket[bucket].push(ms);
    }
    rows.push(
      bound(
        `${label}: búsqueda rápida p95 (1 conexión, 1.000 consultas)`,
        percentile(quick, 0.95),
        'ms',
        20,
      ),
    );
    rows.push({
      metric: `${label}: búsqueda rápida p50`,
      value: percentile(quick, 0.5),
      unit: 'ms',
    });
    rows.push({
      metric: `${label}: búsqueda rápida p99`,
      value: percentile(quick, 0.99),
      unit: 'ms',
    });
    for (const bucket of ['comunes', 'raras', 'ausentes'] as const) {
      rows.push({
        metric: `${label}: búsqueda rápida p95, ${bucket} (${byBucket[bucket].length})`,
        value: percentile(byBucket[bucket], 0.95),
        unit: 'ms',
      });
    }

    log(`${label}: ${set.advanced.length} búsquedas avanzadas…`);
    const advanced: number[] = [];
    for (const a of set.advanced) advanced.push((await timedGet(advancedUrl(a), owner)).ms);
    rows.push(
      bound(
        `${label}: búsqueda avanzada p95 (1 conexión, ${set.advanced.length} consultas)`,
        percentile(advanced, 0.95),
        'ms',
        100,
      ),
    );

    const readerTimes: number[] = [];
    for (const q of set.quick.slice(0, 300))
      readerTimes.push((await timedGet(quickUrl(q), reader)).ms);
    rows.push({
      metric: `${label}: búsqueda rápida p95, lectora de 10 de 200 glosarios`,
      value: percentile(readerTimes, 0.95),
      unit: 'ms',
    });

    const paths = set.quick.map(
      (q) => `/api/buscar?termino=${encodeURIComponent(q)}&por_pagina=${PAGE}`,
    );
    // The targets bind the lighter generator (wrk when installed); autocannon is reported
    // beside it on SQLite, for comparison with the figures measured with it alone.
    const tools: LoadTool[] = (await hasWrk()) ? ['wrk', 'autocannon'] : ['autocannon'];
    // Unmeasured: the searches above ran one at a time, so most search threads have not met the
    // queries yet; the target is the rate they sustain.
    log(`${label}: calentando con 16 conexiones durante ${WARM_UP_LOAD_SECONDS} s…`);
    await runLoad(tools[0]!, {
      baseUrl: server.baseUrl,
      paths,
      headers: owner,
      connections: 16,
      seconds: WARM_UP_LOAD_SECONDS,
    });
    for (const tool of binding ? tools : tools.slice(0, 1)) {
      log(`${label}: carga con 16 conexiones durante ${LOAD_SECONDS} s (${tool})…`);
      const load = await runLoad(tool, {
        baseUrl: server.baseUrl,
        paths,
        headers: owner,
        connections: 16,
        seconds: LOAD_SECONDS,
      });
      const binds = binding && tool === tools[0];
      rows.push({
        metric: `${label}: respuestas fallidas con 16 conexiones, ${tool} (no 2xx, errores, > 10 s)`,
        value: load.failed,
        unit: '',
        ...(binds ? { target: '0', pass: load.failed === 0 } : {}),
      });
      const perSecond = `${label}: búsquedas por segundo (16 conexiones, ${tool})`;
      rows.push(bound(perSecond, load.perSecond, 'búsquedas/s', 500, true, binds));
      const p99 = `${label}: p99 con 16 conexiones, ${tool}`;
      rows.push(bound(p99, load.p99Ms, 'ms', 100, false, binds));
    }

    log(`${label}: LIKE de tabla completa frente a la búsqueda ordenada…`);
    for (const bucket of ['comunes', 'raras', 'ausentes'] as const) {
      const sample = set.quick.filter((q) => bucketOf.get(q) === bucket).slice(0, LIKE_PER_BUCKET);
      if (sample.length === 0) continue;
      const ranked: number[] = [];
      const like: number[] = [];
      for (const q of sample) {
        await searchTermsInProcess(handle.db, ownerId, q, PAGE);
        const started = performance.now();
        await searchTermsInProcess(handle.db, ownerId, q, PAGE);
        ranked.push(performance.now() - started);
        like.push(await likeScan(handle.db, ownerId, foldText(q)));
      }
      const ratio = percentile(like, 0.5) / percentile(ranked, 0.5);
      rows.push({
        metric: `${label}: LIKE de tabla completa ÷ búsqueda ordenada, ${bucket} (medianas ${percentile(like, 0.5).toFixed(0)} ms / ${percentile(ranked, 0.5).toFixed(2)} ms, ${sample.length} consultas)`,
        value: ratio,
        unit: '×',
      });
    }
  } finally {
    await server.stop();
  }
}

/** `LUDOTERM_BENCH_SEARCH_ENGINES=sqlite` (or `postgres`) measures one engine only. */
const ENGINES = (process.env.LUDOTERM_BENCH_SEARCH_ENGINES ?? 'sqlite,postgres').split(',');

const bench: Bench = {
  name: 'search',
  async run() {
    const rows: BenchRow[] = [];
    const sqlitePath = await ensureSqliteDatabase(log);
    const sqlite = await openDatabase({ sqlitePath });
    let set: QuerySet;
    try {
      set = await querySet(sqlite.db, sqlitePath);
      if (ENGINES.includes('sqlite')) {
        try {
          await measureEngine('SQLite', `sqlite:${sqlitePath}`, sqlite, set, true, rows);
        } catch (error) {
          rows.push({
            metric: `SQLite: falló (${String(error)})`,
            value: Number.NaN,
            unit: '',
            pass: false,
          });
        }
      }
    } finally {
      await sqlite.destroy();
    }
    if (!ENGINES.includes('postgres')) return rows;
    const postgresUrl = await ensurePostgresDatabase(log);
    if (postgresUrl) {
      const postgres = await openDatabase({ postgresUrl });
      try {
        await measureEngine('PostgreSQL', postgresUrl, postgres, set, false, rows);
      } catch (error) {
        rows.push({ metric: `PostgreSQL: falló (${String(error)})`, value: Number.NaN, unit: '' });
      } finally {
        await postgres.destroy();
      }
    } else {
      rows.push({
        metric: 'PostgreSQL: no responde en 127.0.0.1:5432 (sin cifras)',
        value: Number.NaN,
        unit: '',
      });
    }
    return rows;
  },
};

export default bench;
