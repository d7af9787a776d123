// Export at scale (issue 7), SQLite, through the API of a server started as `npm start` starts
// it: 100,000 entries to csv, tsv and json (≤ 1.5 s each), to tmx and tbx (≤ 3 s each), 10,000
// entries with every card field to PDF (≤ 12 s), server memory growth ≤ 200 MB (VmRSS of the
// server process from /proc, sampled during each download, against the value just before it).
// The glossaries are built beforehand through the entry write path (the server's bench
// harness), straight on the database file, before the server starts. LUDOTERM_BENCH_CPU_PROF=1 writes a V8 CPU profile of
// the server to /tmp/lt-export/prof when it stops.
import { readFileSync, rmSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { EntryInput } from '@ludoterm/contract';
import {
  openDatabase,
  seedEntries,
  seedGlossary,
  seedUser,
  signAccessToken,
  type SeededGlossary,
  type SeededUser,
} from '@ludoterm/server/bench-harness';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { startServer } from './lib/server-process.ts';
import { prng } from './lib/prng.ts';

const PORT = 3107;
const DATA_DIR = '/tmp/lt-export/bench';
const PROFILE_DIR = '/tmp/lt-export/prof';
const JWT_SECRET = 'bench-export-secret-bench-export-secret-012345';
const LARGE = 100_000;
const FULL = 10_000;
const BUILD_BATCH = 20_000;

// ---------------------------------------------------------------------------------------------
// Synthetic but realistic data: Spanish- and English-looking words from syllables, with accents
// and ñ; notes on a third of the large glossary, definitions on a fifth; every field filled in
// the PDF glossary, with contexts of a sentence or two.

const ES = [
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
const EN = [
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

function word(random: () => number, syllables: string[]): string {
  let out = '';
  for (let i = 0, n = 1 + Math.floor(random() * 3); i < n; i += 1) {
    out += syllables[Math.floor(random() * syllables.length)];
  }
  return out;
}

function words(random: () => number, syllables: string[], count: number): string {
  return Array.from({ length: count }, () => word(random, syllables)).join(' ');
}

function term(random: () => number, syllables: string[]): string {
  const text = words(random, syllables, 1 + Math.floor(random() * random() * 3));
  return random() < 0.2 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function typicalEntry(random: () => number, i: number): EntryInput {
  return {
    termino: { es: term(random, ES), en: term(random, EN) },
    subindice: random() < 0.1 ? word(random, ES) : null,
    notas: i % 3 === 0 ? `Nota ${i}: ${term(random, ES)} en contexto de juego.` : null,
    definicion: i % 5 === 0 ? `Definición de ${term(random, ES)} para el glosario.` : null,
  };
}

function fullEntry(random: () => number, i: number): EntryInput {
  const es = term(random, ES);
  const en = term(random, EN);
  return {
    termino: { es, en },
    subindice: word(random, ES),
    categoria: ['sustantivo', 'verbo', 'adjetivo', 'sintagma nominal'][i % 4]!,
    area: ['Juegos de rol', 'Estrategia', 'Plataformas', 'Shooter'][i % 4]!,
    mecanismo: ['calco', 'préstamo', 'neologismo', 'adaptación'][i % 4]!,
    definicion: `${words(random, ES, 12)}; se usa en la interfaz → ${words(random, ES, 6)}.`,
    fuente: `Manual de ${term(random, ES)}, p. ${1 + (i % 300)}`,
    contexto_es: `«${es}» ${words(random, ES, 14)}, según [ˈnĩɲo] ${words(random, ES, 5)}.`,
    contexto_en: `The ${en} ${words(random, EN, 14)}, as in ${words(random, EN, 5)}.`,
    fuente_contexto_es: `Guía oficial, cap. ${1 + (i % 40)}`,
    fuente_contexto_en: `Official guide, ch. ${1 + (i % 40)}`,
    relaciones: `${term(random, ES)}; ${term(random, ES)}`,
    variante: term(random, ES),
    cuestiones_traductologicas: `No traducir como «${word(random, ES)}»: ${words(random, ES, 10)}.`,
    notas: `Revisado en la versión ${i % 7}.${i % 10}; ${words(random, ES, 8)}.`,
  } as EntryInput;
}

// ---------------------------------------------------------------------------------------------

interface Built {
  owner: SeededUser;
  large: SeededGlossary;
  full: SeededGlossary;
  small: SeededGlossary;
  buildSeconds: number;
}

async function buildDatabase(): Promise<Built> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const started = performance.now();
  const handle = await openDatabase({ sqlitePath: join(DATA_DIR, 'ludoterm.db') });
  try {
    const owner = await seedUser(handle.db, {
      email: 'bench@ejemplo.es',
      nombre: 'Banco de pruebas',
    });
    const fill = async (
      nombre: string,
      descripcion: string | undefined,
      count: number,
      make: (r: () => number, i: number) => EntryInput,
      seed: number,
    ) => {
      const glossary = await seedGlossary(handle.db, owner, {
        nombre,
        idioma_origen: 'es',
        idioma_meta: 'en',
        ...(descripcion ? { descripcion } : {}),
      });
      const random = prng(seed);
      for (let from = 0; from < count; from += BUILD_BATCH) {
        const batch: EntryInput[] = [];
        for (let i = from; i < Math.min(count, from + BUILD_BATCH); i += 1)
          batch.push(make(random, i));
        await seedEntries(handle.db, glossary, owner, batch);
      }
      return glossary;
    };
    const large = await fill('Cien mil', undefined, LARGE, typicalEntry, 42);
    const full = await fill(
      'Diez mil completas',
      'Cada entrada con todos los campos de la ficha: ñ, acentos, → e IPA.',
      FULL,
      fullEntry,
      7,
    );
    const small = await fill('Calentamiento', undefined, 50, fullEntry, 3);
    return { owner, large, full, small, buildSeconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.destroy();
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds the process has used (user + system), from /proc/<pid>/stat at 100 ticks/s. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Download {
  seconds: number;
  /** CPU seconds of the server process during the download: the figure load does not inflate. */
  cpu: number;
  bytes: number;
  /** Peak VmRSS during the download minus VmRSS just before it. */
  growthMb: number;
  /** The units the file holds (rows, <tu>, <termEntry>…), to check it is complete. */
  units: number;
  tail: string;
}

const UNIT_PATTERNS: Record<string, RegExp> = {
  csv: /\r\n/g,
  tsv: /\n/g,
  json: /\n {4}\{"id":/g,
  tmx: /<tu /g,
  tbx: /<termEntry/g,
  tbx3: /<conceptEntry/g,
};

async function download(
  pid: number,
  url: string,
  token: string,
  unit: string | null,
): Promise<Download> {
  const before = rssMb(pid);
  const cpuBefore = cpuSeconds(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let units = 0;
  let tail = '';
  const decoder = new TextDecoder();
  const pattern = unit ? UNIT_PATTERNS[unit] : undefined;
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (pattern) {
        // Units never straddle more than the previous chunk's last few bytes.
        const text = tail + decoder.decode(value, { stream: true });
        units += (text.match(pattern) ?? []).length - (tail.match(pattern) ?? []).length;
        tail = text.slice(-32);
      } else {
        tail = Buffer.from(value.subarray(-32)).toString('latin1');
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(pid));
  return { seconds, cpu: cpuSeconds(pid) - cpuBefore, bytes, growthMb: peak - before, units, tail };
}

const bench: Bench = {
  name: 'exportar',
  async run() {
    console.info('  Construyendo los glosarios (100.000 y 10.000 entradas)…');
    const built = await buildDatabase();
    const profiling = process.env.LUDOTERM_BENCH_CPU_PROF === '1';
    if (profiling) mkdirSync(PROFILE_DIR, { recursive: true });
    const server = await startServer({
      port: PORT,
      env: {
        DATA_DIR,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        PURGE_INTERVAL_MINUTES: '0',
        ...(profiling ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` } : {}),
      },
    });
    const pid = server.child.pid!;
    const token = await signAccessToken(JWT_SECRET, built.owner.id, 3600);
    const url = (g: SeededGlossary, query: string) =>
      `${server.baseUrl}/api/glosarios/${g.nombre_seguro}/exportar?${query}`;
    const rows: BenchRow[] = [
      {
        metric: 'construir 110.000 entradas por la vía de escritura de las entradas',
        value: built.buildSeconds,
        unit: 's',
      },
    ];
    const startRss = rssMb(pid);
    let maxGrowth = 0;
    try {
      // Warm-up: every writer once on a small glossary (module loading, fonts, JIT).
      for (const q of [
        'formato=json',
        'formato=csv',
        'formato=tsv',
        'formato=tmx',
        'formato=tbx',
        'formato=tbx&version=3',
        'formato=pdf',
      ]) {
        await download(pid, url(built.small, q), token, null);
      }
      const cases: Array<[string, string, string, number]> = [
        ['csv', 'formato=csv', 'csv', 1.5],
        ['tsv', 'formato=tsv', 'tsv', 1.5],
        ['json', 'formato=json', 'json', 1.5],
        ['tmx', 'formato=tmx', 'tmx', 3],
        ['tbx v2', 'formato=tbx', 'tbx', 3],
        ['tbx v3', 'formato=tbx&version=3', 'tbx3', 3],
      ];
      for (const [label, query, unit, limit] of cases) {
        const d = await download(pid, url(built.large, query), token, unit);
        // csv counts its header line's CRLF too.
        const expected = unit === 'csv' ? LARGE + 1 : LARGE;
        if (d.units !== expected) {
          rows.push({
            metric: `${label}: archivo incompleto (${d.units} de ${expected} unidades)`,
            value: d.units,
            unit: '',
            pass: false,
          });
        }
        maxGrowth = Math.max(maxGrowth, d.growthMb);
        rows.push(
          atMost(
            `100.000 entradas a ${label} (${(d.bytes / 2 ** 20).toFixed(1)} MiB)`,
            d.seconds,
            's',
            limit,
          ),
        );
        rows.push({ metric: `  tiempo de CPU del servidor (${label})`, value: d.cpu, unit: 's' });
        rows.push({
          metric: `  crecimiento de memoria del servidor (${label})`,
          value: d.growthMb,
          unit: 'MB',
        });
      }
      const pdf = await download(pid, url(built.full, 'formato=pdf'), token, null);
      if (!pdf.tail.includes('%%EOF'))
        rows.push({ metric: 'el PDF no termina en %%EOF', value: 0, unit: '', pass: false });
      maxGrowth = Math.max(maxGrowth, pdf.growthMb);
      rows.push(
        atMost(
          `10.000 entradas completas a PDF (${(pdf.bytes / 2 ** 20).toFixed(1)} MiB)`,
          pdf.seconds,
          's',
          12,
        ),
      );
      rows.push({ metric: '  tiempo de CPU del servidor (pdf)', value: pdf.cpu, unit: 's' });
      rows.push({
        metric: '  ritmo del PDF',
        value: Math.round(FULL / pdf.seconds),
        unit: 'entradas/s',
      });
      rows.push({
        metric: '  crecimiento de memoria del servidor (pdf)',
        value: pdf.growthMb,
        unit: 'MB',
      });
      rows.push(
        atMost(
          'crecimiento de memoria del servidor, máximo durante una descarga',
          maxGrowth,
          'MB',
          200,
        ),
      );
      rows.push({
        metric: 'RSS del servidor: al empezar → al terminar',
        value: rssMb(pid) - startRss,
        unit: 'MB',
      });
      rows.push({
        metric: 'carga media del sistema durante la prueba (1 min)',
        value: loadavg()[0]!,
        unit: '',
      });
    } finally {
      await server.stop();
    }
    return rows;
  },
};

export default bench;
