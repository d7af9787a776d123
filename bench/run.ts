// Runs every bench/*.bench.ts (or those named on the command line), prints one table and
// writes results/latest.json, where the rows of the benchmarks run replace their earlier rows
// and the others' are kept. Benchmarks are never part of `npm test`.
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import type { Bench, BenchRow } from './lib/bench-types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const results: Array<{ bench: string } & BenchRow> = [];
let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  const bench = mod.default;
  console.info(`▶ ${bench.name}`);
  const started = performance.now();
  try {
    const rows = await bench.run();
    for (const row of rows) results.push({ bench: bench.name, ...row });
  } catch (error) {
    failed += 1;
    console.error(`✖ ${bench.name} falló:`, error);
    results.push({ bench: bench.name, metric: 'error', value: Number.NaN, unit: '', pass: false });
  }
  console.info(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const fmt = (n: number) =>
  Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2)) : 'n/a';
const table = results.map((r) => ({
  bench: r.bench,
  metric: r.metric,
  value: `${fmt(r.value)} ${r.unit}`.trim(),
  target: r.target ?? '',
  ok: r.pass === undefined ? '' : r.pass ? '✓' : '✗',
}));
const widths = Object.keys(table[0] ?? { bench: '' }).map((k) =>
  Math.max(k.length, ...table.map((row) => String(row[k as keyof typeof row]).length)),
);
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' │ ');
if (table.length > 0) {
  console.info('\n' + line(Object.keys(table[0]!)));
  console.info(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const row of table) console.info(line(Object.values(row).map(String)));
}

type StoredRow = { bench: string; date?: string } & BenchRow;

/** The rows of benchmarks not run this time, from the previous latest.json. */
async function keptRows(path: string, ran: ReadonlySet<string>): Promise<StoredRow[]> {
  try {
    const previous = JSON.parse(await readFile(path, 'utf8')) as {
      date: string;
      results: StoredRow[];
    };
    return previous.results
      .filter((row) => !ran.has(row.bench))
      .map((row) => ({ ...row, date: row.date ?? previous.date }));
  } catch {
    return [];
  }
}

const latest = join(here, 'results', 'latest.json');
const date = new Date().toISOString();
await mkdir(dirname(latest), { recursive: true });
await writeFile(
  latest,
  JSON.stringify(
    {
      date,
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memory_gb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      results: [
        ...(await keptRows(latest, new Set(results.map((r) => r.bench)))),
        ...results.map((row) => ({ ...row, date })),
      ],
    },
    null,
    2,
  ) + '\n',
);
console.info(`\nResultados en bench/results/latest.json`);
process.exitCode = failed > 0 ? 1 : 0;
