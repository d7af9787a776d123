// The server for the search benchmark: the production build (apps/server/dist), as its own
// process so the load generator never shares its event loop, on a given database.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './server-process.ts';

export const SEARCH_BENCH_PORT = Number(process.env.LUDOTERM_BENCH_SEARCH_PORT ?? 3108);
export const SEARCH_BENCH_SECRET = 'bench-search-secret-bench-search-secret-0123';

export interface SearchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Builds the server when its sources changed, then starts it on `databaseUrl`. */
export async function startSearchServer(databaseUrl: string): Promise<SearchServer> {
  const { ensureBuilt } = (await import(
    pathToFileURL(join(repoRoot, 'scripts', 'ensure-built.mjs')).href
  )) as { ensureBuilt: (names: string[]) => void };
  ensureBuilt(['server']);
  const dataDir = '/tmp/lt-search/bench-data';
  mkdirSync(dataDir, { recursive: true });
  const child = spawn('node', [join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(SEARCH_BENCH_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SEARCH_BENCH_SECRET,
      PURGE_INTERVAL_MINUTES: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
  });
  const baseUrl = `http://127.0.0.1:${SEARCH_BENCH_PORT}`;
  const deadline = performance.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó con código ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet (migrations on a large database take a while)
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('el servidor no respondió a tiempo');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
