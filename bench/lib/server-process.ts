import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
  /** `performance.now()` at the first healthy answer (the server listened just before). */
  readyAt: number;
  stop(): Promise<void>;
}

/** Starts LudoTerm exactly as `npm start` does and waits for /api/health. */
export async function startServer(
  options: {
    port: number;
    env?: Record<string, string>;
    timeoutMs?: number;
    /** 'pipe' to read the server's log lines from `child.stdout` (default: ignored). */
    stdout?: 'ignore' | 'pipe';
  } = { port: 3198 },
): Promise<StartedServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: repoRoot,
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ludoterm-bench-')),
      ...options.env,
    },
  });
  const deadline = started + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó con código ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('el servidor no respondió a tiempo');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyAt = performance.now();
  return {
    child,
    baseUrl,
    readyMs: readyAt - started,
    readyAt,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU seconds (user + system, every thread) of a process so far, from /proc; NaN elsewhere. */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a process has used under 5 % of a core for half a second (at most `timeoutMs`),
 * so that a measurement does not share the cores with what the previous one left running.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let before = cpuSecondsOf(pid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSecondsOf(pid);
    if (now - before < 0.025) return;
    before = now;
  }
}
