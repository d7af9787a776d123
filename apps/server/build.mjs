// Bundles the server (and its worker entry points) into dist/ with esbuild. The workspace
// packages (@ludoterm/*) are TypeScript and get bundled; npm dependencies stay external.
import { build } from 'esbuild';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const workersDir = 'src/workers';
const workerEntries = existsSync(workersDir)
  ? readdirSync(workersDir)
      .filter((f) => f.endsWith('.worker.ts'))
      .map((f) => join(workersDir, f))
  : [];

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ludoterm/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [
    'src/server.ts',
    'src/db/migrate-cli.ts',
    'src/modules/entries/search-index-cli.ts',
    ...workerEntries,
  ],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpm],
  logLevel: 'warning',
});
console.info('servidor compilado en apps/server/dist');
