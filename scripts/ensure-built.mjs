// Builds the web app and the server when they are missing or older than their sources.
// Used by `npm start` (so a fresh clone works with one command) and by the e2e setup.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const targets = {
  web: {
    stamp: 'apps/web/dist/.build-stamp',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src'],
    workspace: 'apps/web',
  },
  server: {
    stamp: 'apps/server/dist/.build-stamp',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src', 'packages/formats/src', 'packages/extractor/src'],
    workspace: 'apps/server',
  },
};

/** Newest modification time under a file or folder (0 when absent). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(target) {
  const stamp = join(root, target.stamp);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return target.sources.some((source) => newestMtime(join(root, source)) > built);
}

/** Builds each named target ('web', 'server') that is not built or is out of date. */
export function ensureBuilt(names = ['web', 'server']) {
  for (const name of names) {
    const target = targets[name];
    if (!target) throw new Error(`Objetivo de compilación desconocido: ${name}`);
    if (!isStale(target)) continue;
    console.info(`Compilando ${target.workspace}…`);
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      throw new Error(`La compilación de ${target.workspace} falló (código ${result.status}).`);
    }
    writeFileSync(join(root, target.stamp), new Date().toISOString() + '\n');
    console.info(`${target.workspace} compilado en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureBuilt(process.argv.slice(2).length > 0 ? process.argv.slice(2) : undefined);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
