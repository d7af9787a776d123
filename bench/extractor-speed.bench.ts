// Speed of the term extractor (issue 9): the Spanish game text repeated to 10 MB, extracted in
// process on one thread, end to end (language detection, tokenising, tagging, candidates,
// ranking), with the process's peak memory. The English game text is measured the same way.
import os from 'node:os';
import { extractTerms } from '@ludoterm/extractor';
import { atLeast, type Bench, type BenchRow } from './lib/bench-types.ts';
import { readFixture } from './lib/extractor-data.ts';

const TARGET_BYTES = 10 * 1024 * 1024;

function repeatTo(text: string, bytes: number): string {
  const unit = Buffer.byteLength(text, 'utf8');
  return `${text}\n\n`.repeat(Math.ceil(bytes / unit));
}

function measure(language: 'es' | 'en'): BenchRow[] {
  const sample = readFixture(`games/spd-${language}.txt`);
  // Warm-up on the plain text: loads the models and lets the JIT compile the hot paths.
  extractTerms(sample, { minFreq: 2, stopwordsMode: 'predeterminadas' });
  const text = repeatTo(sample, TARGET_BYTES);
  const megabytes = Buffer.byteLength(text, 'utf8') / 1024 / 1024;
  const heapBefore = process.memoryUsage().heapUsed;
  const load = os.loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = extractTerms(text, { minFreq: 2, stopwordsMode: 'predeterminadas' });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const memory = process.memoryUsage();
  const words = result.estadisticas.palabras;
  // The work is one synchronous call on this thread, so its CPU time is the single-thread cost
  // even when other processes share the cores; the wall-clock rate is given beside it.
  const rows: BenchRow[] = [
    atLeast(`${language}: palabras por segundo de CPU, un hilo, de extremo a extremo (${megabytes.toFixed(1)} MB, ${words} palabras)`, words / cpuSeconds, 'palabras/s', 200_000),
    { metric: `${language}: palabras por segundo de reloj (carga media de la máquina ${load.toFixed(1)} en ${os.cpus().length} núcleos)`, value: words / seconds, unit: 'palabras/s' },
    { metric: `${language}: tiempo total (reloj / CPU ${cpuSeconds.toFixed(1)} s)`, value: seconds, unit: 's' },
    { metric: `${language}: heap usado al terminar (antes: ${(heapBefore / 1048576).toFixed(0)} MB)`, value: memory.heapUsed / 1048576, unit: 'MB' },
  ];
  return rows;
}

const bench: Bench = {
  name: 'extractor-velocidad',
  async run() {
    const rows = [...measure('es'), ...measure('en')];
    // maxRSS is the peak resident set of the whole process so far (text, models, results).
    rows.push({ metric: 'memoria residente máxima del proceso (maxRSS)', value: process.resourceUsage().maxRSS / 1024, unit: 'MB' });
    return rows;
  },
};

export default bench;
