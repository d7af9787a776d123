// The formats' share of import and export (issues 6 and 7), measured in process with no server
// and no database: parsing 100,000-entry TMX, CSV and TBX files, writing 100,000 entries to
// csv, tsv, json, tmx and tbx, and 10,000 full entries to PDF, each with the memory it adds.
// The end-to-end API figures (upload, validation, database) are the server benchmarks'.
// Debian's translate-toolkit parsing the same TMX is timed beside ours when it is installed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ExportFormat, ImportFormat } from '@ludoterm/contract';
import { type ExportEntry, type GlossaryMeta, writeExport } from '@ludoterm/formats';
import { atLeast, atMost, type Bench, type BenchRow } from './lib/bench-types.ts';
import { readEntries } from './lib/read-entries.ts';
import { translateToolkitParse } from './lib/translate-toolkit.ts';
import { prng } from './lib/prng.ts';

const ENTRIES = 100_000;
const PDF_ENTRIES = 10_000;
const MB = 1024 * 1024;

const META: GlossaryMeta = {
  nombre: 'Banco de pruebas de formatos',
  nombre_seguro: 'banco-de-pruebas-de-formatos',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: 'Entradas generadas para medir lectores y escritores.',
  num_entradas: ENTRIES,
};

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ES = 'acción ataque botín daño enemigo escudo fuerza habilidad hechizo jefe maná misión nivel objeto partida poción puntos recurso salto sigilo tiempo turno vida arma armadura combate criatura defensa energía experiencia mapa mundo personaje'.split(' ');
const EN = 'action attack loot damage enemy shield strength skill spell boss mana quest level item match potion points resource jump stealth time turn life weapon armour combat creature defence energy experience map world character'.split(' ');
const WORDS_ES = 'el la de que un una recurso mágico que el jugador gasta para lanzar conjuros y que se recupera con el tiempo o con pociones durante la partida en modo historia'.split(' ');
const WORDS_EN = 'the a of that player spends to cast spells and recovers over time or with potions during the match in story mode when the enemy attacks'.split(' ');

function sentence(words: string[], rnd: () => number, length: number): string {
  const out: string[] = [];
  for (let i = 0; i < length; i += 1) out.push(words[Math.floor(rnd() * words.length)]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Entries as a typical glossary holds them: terms, category, area, a definition, some notes and contexts. */
function* typicalEntries(count: number): Generator<ExportEntry> {
  const rnd = prng(42);
  for (let i = 0; i < count; i += 1) {
    const k = Math.floor(rnd() * ES.length);
    yield {
      id: i + 1,
      termino: { es: `${ES[k]} ${i}`, en: `${EN[k]} ${i}` },
      categoria: 'sustantivo',
      area: rnd() < 0.5 ? 'Juegos de rol' : 'Estrategia',
      definicion: sentence(WORDS_ES, rnd, 14),
      contexto_es: rnd() < 0.3 ? sentence(WORDS_ES, rnd, 10) : null,
      contexto_en: rnd() < 0.3 ? sentence(WORDS_EN, rnd, 10) : null,
      notas: rnd() < 0.3 ? `Revisado; véase «${ES[(k + 3) % ES.length]}».` : null,
      autor: 'bench@example.com',
      fecha_creacion: '2026-01-02T10:00:00.000Z',
    };
  }
}

/** Entries with every card field filled, for the PDF. */
function* fullEntries(count: number): Generator<ExportEntry> {
  const rnd = prng(7);
  for (let i = 0; i < count; i += 1) {
    const k = Math.floor(rnd() * ES.length);
    yield {
      id: i + 1,
      termino: { es: `${ES[k]} ${i}`, en: `${EN[k]} ${i}` },
      subindice: 'RPG',
      categoria: 'sustantivo',
      area: 'Juegos de rol',
      mecanismo: 'préstamo del inglés',
      definicion: sentence(WORDS_ES, rnd, 22),
      fuente: 'Manual del juego, p. 12',
      contexto_es: sentence(WORDS_ES, rnd, 14),
      contexto_en: sentence(WORDS_EN, rnd, 14),
      fuente_contexto_es: 'Capítulo 2, misión 4',
      fuente_contexto_en: 'Chapter 2, quest 4',
      relaciones: 'hechizo; vida; energía',
      variante: 'mana; MP',
      cuestiones_traductologicas: sentence(WORDS_ES, rnd, 12),
      notas: `Pronunciación [ˈmɑːnə] → ${ES[(k + 5) % ES.length]}.`,
      autor: 'bench@example.com',
      fecha_creacion: '2026-01-02T10:00:00.000Z',
    };
  }
}

/** Peak resident memory during a run, sampled by the run itself. */
class MemoryProbe {
  readonly baseline: number;
  peak: number;
  constructor() {
    gc();
    this.baseline = process.memoryUsage().rss;
    this.peak = this.baseline;
  }
  sample(): void {
    const rss = process.memoryUsage().rss;
    if (rss > this.peak) this.peak = rss;
  }
  get growthMb(): number {
    return (this.peak - this.baseline) / MB;
  }
}

/** Times a writer, its output consumed chunk by chunk and dropped, as a response stream would. */
async function timeWrite(formato: ExportFormat, entries: Iterable<ExportEntry>, version?: 2 | 3) {
  const probe = new MemoryProbe();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of writeExport(formato, entries, META, { version })) {
    bytes += chunk.byteLength;
    if (++chunks % 16 === 0) probe.sample();
  }
  const seconds = (performance.now() - started) / 1000;
  probe.sample();
  return { seconds, cpu: cpuSeconds(cpu), bytes, growth: probe.growthMb };
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/** A whole export in memory (untimed): the input of the read benchmarks. */
async function exportBuffer(formato: ExportFormat, entries: Iterable<ExportEntry>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of writeExport(formato, entries, META)) parts.push(chunk);
  return Buffer.concat(parts);
}

async function timeRead(formato: ImportFormat, bytes: Buffer, mapping?: Record<string, string>) {
  const probe = new MemoryProbe();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const count = await readEntries(formato, bytes, {
    mapping,
    onEntry: (n) => {
      if (n % 5000 === 0) probe.sample();
    },
  });
  const seconds = (performance.now() - started) / 1000;
  probe.sample();
  return { seconds, cpu: cpuSeconds(cpu), count, growth: probe.growthMb };
}

const bench: Bench = {
  name: 'formatos',
  async run() {
    const rows: BenchRow[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'ludoterm-bench-formats-'));
    try {
      const n = ENTRIES.toLocaleString('es-ES');
      // Other work on this shared machine slows every figure: the load and CPU times tell how much.
      rows.push({ metric: 'carga media de la máquina (1 min) al empezar', value: loadavg()[0] ?? Number.NaN, unit: '' });
      // Entries built beforehand, as the server holds a keyset page: the timings are the writers'.
      const typical = [...typicalEntries(ENTRIES)];
      const full = [...fullEntries(PDF_ENTRIES)];
      // Warm-up: the JIT compiles the hot paths of every writer and reader.
      for (const f of ['csv', 'tsv', 'json', 'tmx', 'tbx'] as const) await timeWrite(f, typical.slice(0, 2000));

      const writes: [ExportFormat, number, (2 | 3)?][] = [
        ['csv', 1.5],
        ['tsv', 1.5],
        ['json', 1.5],
        ['tmx', 3],
        ['tbx', 3, 2],
        ['tbx', 3, 3],
      ];
      for (const [formato, limit, version] of writes) {
        const label = version ? `${formato} v${version}` : formato;
        const result = await timeWrite(formato, typical, version);
        rows.push(atMost(`escribir ${n} entradas a ${label} (${(result.bytes / MB).toFixed(1)} MB)`, result.seconds, 's', limit));
        rows.push({ metric: `escribir ${label}: tiempo de CPU`, value: result.cpu, unit: 's' });
        rows.push({ metric: `escribir ${label}: memoria añadida (pico de RSS)`, value: result.growth, unit: 'MB' });
      }

      const csvMapping = Object.fromEntries(
        ['es', 'en', 'subindice', 'categoria', 'area', 'mecanismo', 'definicion', 'fuente', 'contexto_es', 'contexto_en', 'fuente_contexto_es', 'fuente_contexto_en', 'relaciones', 'variante', 'cuestiones_traductologicas', 'notas'].map((h) => [
          h,
          h === 'es' || h === 'en' ? `termino.${h}` : h,
        ]),
      );
      const reads: [ImportFormat, Record<string, string>?][] = [['tmx'], ['csv', csvMapping], ['tbx']];
      for (const [formato, mapping] of reads) {
        const bytes = await exportBuffer(formato, typical);
        await writeFile(join(dir, `glosario.${formato}`), bytes);
        const result = await timeRead(formato, bytes, mapping);
        if (result.count !== ENTRIES) throw new Error(`${formato}: ${result.count} entradas leídas de ${ENTRIES}`);
        rows.push(atMost(`leer ${n} entradas de ${formato} (${(bytes.length / MB).toFixed(1)} MB), sin base de datos`, result.seconds, 's', 3));
        rows.push({ metric: `leer ${formato}: tiempo de CPU`, value: result.cpu, unit: 's' });
        rows.push({ metric: `leer ${formato}: memoria añadida (pico de RSS)`, value: result.growth, unit: 'MB' });
      }

      const toolkit = translateToolkitParse(join(dir, 'glosario.tmx'));
      if (toolkit) {
        rows.push({ metric: `translate-toolkit (Debian) analiza el mismo TMX (${toolkit.units} unidades; la más rápida de 3)`, value: toolkit.parse, unit: 's' });
        rows.push({ metric: 'translate-toolkit: con el arranque de Python', value: toolkit.wall, unit: 's' });
      } else {
        rows.push({ metric: 'translate-toolkit no está instalado: sin comparación', value: Number.NaN, unit: '' });
      }

      await timeWrite('pdf', full.slice(0, 300));
      const pdf = await timeWrite('pdf', full);
      const k = PDF_ENTRIES.toLocaleString('es-ES');
      rows.push(atMost(`escribir ${k} entradas completas a PDF (${(pdf.bytes / MB).toFixed(1)} MB)`, pdf.seconds, 's', 12));
      rows.push(atLeast('PDF: entradas completas por segundo', PDF_ENTRIES / pdf.seconds, 'entradas/s', 800));
      rows.push({ metric: 'escribir PDF: tiempo de CPU', value: pdf.cpu, unit: 's' });
      rows.push({ metric: 'escribir PDF: memoria añadida (pico de RSS)', value: pdf.growth, unit: 'MB' });
      return rows;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export default bench;
