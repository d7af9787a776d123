// The load phase of the search benchmark: N connections for a while, cycling through a fixed
// list of paths, with either load generator. wrk (Debian's `wrk`, written in C) spends about
// 0.05 ms of CPU per search on the same two cores; autocannon (Node) about 0.3 ms, a sixth of
// what the server itself has left per search at 500/s.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export type LoadTool = 'wrk' | 'autocannon';

export interface LoadRun {
  baseUrl: string;
  /** Request paths, sent in turn from the first, over and over. */
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  tool: LoadTool;
  perSecond: number;
  p99Ms: number;
  /** Answers other than 2xx, socket errors and timeouts (over 10 s). */
  failed: number;
}

const run = promisify(execFile);

/** Whether Debian's wrk is installed. */
export async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk prints its usage and exits 1 for --version: it is there when it could be started.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

function durationMs(value: string, unit: string): number {
  const scale: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
  return Number(value) * scale[unit]!;
}

/** The figures of wrk's report (`--latency`). */
export function parseWrkReport(report: string): Omit<LoadResult, 'tool'> {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)\b/.exec(report);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(report);
  if (!total || !p99) throw new Error(`informe de wrk inesperado:\n${report}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  return {
    perSecond: Number(total[1]) / (durationMs(total[2]!, total[3]!) / 1000),
    p99Ms: durationMs(p99[1]!, p99[2]!),
    failed: socketErrors + non2xx,
  };
}

async function runWrk(load: LoadRun): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ludoterm-wrk-'));
  try {
    // encodeURIComponent leaves no "]]" in a path, so Lua's long brackets hold it as it is.
    const script = join(dir, 'paths.lua');
    writeFileSync(
      script,
      `local paths = {${load.paths.map((p) => `[[${p}]]`).join(',\n')}}\n` +
        'local i = 0\n' +
        'request = function()\n  i = i + 1\n  return wrk.format("GET", paths[((i - 1) % #paths) + 1])\nend\n',
    );
    const headers = Object.entries(load.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const { stdout } = await run('wrk', [
      '-t1',
      `-c${load.connections}`,
      `-d${load.seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      script,
      ...headers,
      load.baseUrl,
    ]);
    return { tool: 'wrk', ...parseWrkReport(stdout) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon(load: LoadRun): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: load.baseUrl,
    connections: load.connections,
    duration: load.seconds,
    headers: load.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: load.paths[next++ % load.paths.length]! }),
      },
    ],
  });
  return {
    tool: 'autocannon',
    perSecond: result.requests.total / result.duration,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export function runLoad(tool: LoadTool, load: LoadRun): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(load) : runAutocannon(load);
}
