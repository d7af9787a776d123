// The extractor through the API (issue 10), on a server started as `npm start` starts it:
// a 10 MB Spanish text uploaded as a .txt (≤ 10 s), a 100-page PDF (≤ 5 s), and what other
// users see meanwhile: the p95 of GET /api/health and GET /api/glosarios sent one after another
// while the 10 MB extraction runs on its worker thread (≤ 200 ms, ARCHITECTURE.md). The text is
// Shattered Pixel Dungeon's Spanish strings (GPL-3.0, ../shared/data/games) repeated; the PDF
// is generated from it with pdfkit once and kept in bench/.cache/.
// pdfkit ships no types; the formats package declares the part of its API we use.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../packages/formats/src/pdf/pdfkit.d.ts" />
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { ExtractionAnswer } from '@ludoterm/contract';
import { atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { dataDirectory } from './lib/extractor-data.ts';
import { cpuSecondsOf, startServer, type StartedServer } from './lib/server-process.ts';

const PORT = 3110;
const CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '.cache');
const PDF_PATH = join(CACHE_DIR, 'extractor-api-100-paginas.pdf');
const TEXT_BYTES = 10 * 1024 * 1024;
const PDF_PAGES = 100;
const ADMIN = { email: 'bench@ludoterm.test', password: 'bench-segura-1234' };

/** The values of the game's Spanish .properties files, as running text, one string a paragraph. */
function gameText(): string {
  const root = join(
    dataDirectory(),
    'games',
    'shattered-pixel-dungeon',
    'core',
    'src',
    'main',
    'assets',
    'messages',
  );
  const paragraphs: string[] = [];
  for (const folder of readdirSync(root).sort()) {
    const file = join(root, folder, `${folder}_es.properties`);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('#') || !line.includes('=')) continue;
      const value = line
        .slice(line.indexOf('=') + 1)
        .replace(/%(\d+\$)?[sd]/g, '')
        .replace(/\\n/g, '\n')
        .replace(/_([^_\s][^_]*)_/g, '$1')
        .trim();
      if (/\p{L}{3}/u.test(value)) paragraphs.push(value);
    }
  }
  return paragraphs.join('\n\n');
}

function repeatTo(text: string, bytes: number): string {
  const unit = Buffer.byteLength(text, 'utf8') + 2;
  return `${text}\n\n`.repeat(Math.ceil(bytes / unit)).slice(0, bytes);
}

/** A PDF of `pages` A4 pages of the game text (cached: pdfkit takes a few seconds). */
async function hundredPagePdf(text: string): Promise<Buffer> {
  if (existsSync(PDF_PATH)) return readFileSync(PDF_PATH);
  mkdirSync(CACHE_DIR, { recursive: true });
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 64, right: 64 },
    info: { Title: 'Shattered Pixel Dungeon (es)' },
  });
  const partial = `${PDF_PATH}.parcial`;
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(partial);
    out.on('finish', resolve).on('error', reject);
    doc.pipe(out);
  });
  let pages = 1;
  doc.on('pageAdded', () => {
    pages += 1;
  });
  doc.font('Helvetica').fontSize(11);
  for (const paragraph of text.split('\n\n')) {
    if (pages >= PDF_PAGES && doc.y > doc.page.height - 160) break;
    doc.text(paragraph, { paragraphGap: 6, lineGap: 1 });
  }
  doc.end();
  await done;
  renameSync(partial, PDF_PATH);
  return readFileSync(PDF_PATH);
}

async function signIn(server: StartedServer): Promise<string> {
  await fetch(`${server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`no se pudo iniciar sesión: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One extraction of a file through `POST /api/extractor`: wall-clock seconds and the answer. */
async function extract(
  server: StartedServer,
  token: string,
  name: string,
  bytes: Buffer,
  type: string,
) {
  const form = new FormData();
  form.append('min_freq', '2');
  form.append('modo_stopwords', 'predeterminadas');
  form.append('archivo', new Blob([Uint8Array.from(bytes)], { type }), name);
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/extractor`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as ExtractionAnswer & { detail?: string };
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`la extracción de ${name} respondió ${res.status}: ${body.detail}`);
  return { seconds, answer: body };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** Latencies (ms) of GETs sent one after another until `until` settles. */
async function probeWhile(
  server: StartedServer,
  token: string,
  until: Promise<unknown>,
): Promise<number[]> {
  let running = true;
  void until.finally(() => {
    running = false;
  });
  const latencies: number[] = [];
  const paths = ['/api/health', '/api/glosarios'];
  for (let i = 0; running; i += 1) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${paths[i % paths.length]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (running) latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

const bench: Bench = {
  name: 'extractor-api',
  async run(): Promise<BenchRow[]> {
    const game = gameText();
    const text = Buffer.from(repeatTo(game, TEXT_BYTES), 'utf8');
    const pdf = await hundredPagePdf(game);
    const server = await startServer({ port: PORT, env: { EXTRACTOR_JOB_TIMEOUT_SECONDS: '600' } });
    try {
      const token = await signIn(server);
      // Starts the worker thread and loads the models, as the first user of the day would.
      const cold = await extract(
        server,
        token,
        'calentamiento.txt',
        Buffer.from(game.slice(0, 20_000)),
        'text/plain',
      );

      const pid = server.child.pid;
      let cpu = cpuSecondsOf(pid);
      const pdfRun = await extract(server, token, 'manual-100-paginas.pdf', pdf, 'application/pdf');
      const pdfCpu = cpuSecondsOf(pid) - cpu;

      cpu = cpuSecondsOf(pid);
      const { seconds, answer } = await extract(
        server,
        token,
        'texto-10-mb.txt',
        text,
        'text/plain',
      );
      const textCpu = cpuSecondsOf(pid) - cpu;

      // The same extraction again, while other requests come in one after another.
      const textRun = extract(server, token, 'texto-10-mb.txt', text, 'text/plain');
      const latencies = await probeWhile(server, token, textRun);
      await textRun;

      const load = loadavg()[0] ?? 0;
      const words = answer.estadisticas.palabras.toLocaleString('es-ES');
      return [
        atMost(
          `texto de 10 MB por la API (.txt, ${words} palabras, ${answer.entradas.length} candidatos; carga media ${load.toFixed(1)})`,
          seconds,
          's',
          10,
        ),
        atMost(
          `PDF de ${PDF_PAGES} páginas por la API (${(pdf.length / 1048576).toFixed(1)} MB, ${pdfRun.answer.estadisticas.palabras.toLocaleString('es-ES')} palabras)`,
          pdfRun.seconds,
          's',
          5,
        ),
        {
          metric:
            '  CPU del servidor para el texto de 10 MB (todos los hilos; con una máquina libre, el tiempo de reloj)',
          value: textCpu,
          unit: 's',
        },
        { metric: '  CPU del servidor para el PDF de 100 páginas', value: pdfCpu, unit: 's' },
        atMost(
          `p95 de otras peticiones (GET /api/health y /api/glosarios, ${latencies.length}) durante la extracción de 10 MB`,
          percentile(latencies, 95),
          'ms',
          200,
        ),
        { metric: 'mediana de esas peticiones', value: percentile(latencies, 50), unit: 'ms' },
        { metric: 'la más lenta de esas peticiones', value: Math.max(...latencies), unit: 'ms' },
        {
          metric: 'primera extracción (arranque del hilo y carga de modelos, 20 KB)',
          value: cold.seconds,
          unit: 's',
        },
      ];
    } finally {
      await server.stop();
    }
  },
};

export default bench;
