import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
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
    if (child.exitCode !== null) throw new Error(`el servidor terminó con código ${child.exitCode}`);
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
  const readyMs = performance.now() - started;
  return {
    child,
    baseUrl,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
