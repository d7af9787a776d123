import { spawnSync } from 'node:child_process';

/** What Debian's translate-toolkit takes to load a TMX: the parse alone and with Python's start. */
export interface ToolkitParse {
  units: number;
  /** Seconds to parse the file into units, timed inside Python. */
  parse: number;
  /** Seconds from spawning Python to its exit. */
  wall: number;
}

function parseOnce(path: string): ToolkitParse | null {
  const script =
    'import sys, time\nt = time.time()\nfrom translate.storage import tmx\n' +
    "store = tmx.tmxfile(open(sys.argv[1], 'rb'), 'es', 'en')\nprint(len(store.units), time.time() - t)\n";
  for (const python of ['/usr/bin/python3', 'python3']) {
    const started = performance.now();
    const run = spawnSync(python, ['-c', script, path], { encoding: 'utf8', timeout: 300_000 });
    if (run.status !== 0) continue;
    const [units, parse] = run.stdout.trim().split(/\s+/).map(Number);
    return {
      units: units ?? 0,
      parse: parse ?? Number.NaN,
      wall: (performance.now() - started) / 1000,
    };
  }
  return null;
}

/**
 * translate-toolkit parsing the TMX at `path`, for scale: the fastest of three runs (a first run
 * can take twice as long, its files cold); null when it is not installed.
 */
export function translateToolkitParse(path: string): ToolkitParse | null {
  let best: ToolkitParse | null = null;
  for (let i = 0; i < 3; i += 1) {
    const run = parseOnce(path);
    if (!run) return null;
    if (!best || run.parse < best.parse) best = run;
  }
  return best;
}
