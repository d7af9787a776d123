// Cold `npm start` (with the build) and warm start to a healthy server, and the web app's
// initial JavaScript (gzip). Targets from issue 2: ≤ 90 s cold, ≤ 3 s warm, ≤ 250 KB gzip.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { atMost, type Bench } from './lib/bench-types.ts';
import { repoRoot, startServer } from './lib/server-process.ts';

/** Gzip size of the scripts index.html loads before any route chunk. */
function initialJsGzipKb(): number {
  const dist = join(repoRoot, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const total = [...new Set(files)].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length,
    0,
  );
  return total / 1024;
}

const bench: Bench = {
  name: 'arranque',
  async run() {
    rmSync(join(repoRoot, 'apps/web/dist'), { recursive: true, force: true });
    rmSync(join(repoRoot, 'apps/server/dist'), { recursive: true, force: true });
    const cold = await startServer({ port: 3198 });
    await cold.stop();
    const warmRuns: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const warm = await startServer({ port: 3198 });
      warmRuns.push(warm.readyMs);
      await warm.stop();
    }
    warmRuns.sort((a, b) => a - b);
    return [
      atMost('npm start en frío (con compilación)', cold.readyMs / 1000, 's', 90),
      atMost('npm start en caliente (mediana de 3)', warmRuns[1]! / 1000, 's', 3),
      atMost('JavaScript inicial de la web (gzip)', initialJsGzipKb(), 'KB', 250),
    ];
  },
};

export default bench;
