// `npm test`: lint, typecheck, Vitest (every workspace, SQLite and — with TEST_DATABASE_URL —
// PostgreSQL), the Playwright journeys in Chromium and, with PostgreSQL, two instances behind
// HAProxy (scripts/test-cluster.mjs). Prints each phase's time and a final
// line `N passed, N failed` with the totals of every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const CHROMIUM = '/usr/bin/chromium';

const phases = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function phase(name, body) {
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  const { passed, failed } = body();
  const seconds = (Date.now() - started) / 1000;
  phases.push({ name, passed, failed, seconds });
  console.info(`━━ ${name}: ${passed} passed, ${failed} failed (${seconds.toFixed(1)} s)`);
}

/** Installs a Debian package when its program is missing and allowed (root); otherwise says how. */
function ensureDebianPackage(program, pkg, purpose) {
  if (existsSync(program)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.info(`${pkg} no está instalado: instalándolo con apt-get…`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq'], env) === 0 && run('apt-get', ['install', '-y', '-qq', pkg], env) === 0) {
      return existsSync(program);
    }
  }
  console.error(`Falta ${pkg} para ${purpose}. Instálalo con: sudo apt-get install ${pkg}`);
  return false;
}

phase('lint', () => {
  const status = run('npx', ['eslint', '--max-warnings=0', '.']);
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
});

phase('typecheck', () => {
  const status = run('npm', ['run', 'typecheck', '--silent']);
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
});

phase('vitest', () => {
  const output = join(tmp, 'vitest.json');
  rmSync(output, { force: true });
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
  const report = readJson(output);
  if (!report) return { passed: 0, failed: 1 };
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed };
});

phase('e2e', () => {
  if (!ensureDebianPackage(CHROMIUM, 'chromium', 'las pruebas de extremo a extremo')) return { passed: 0, failed: 1 };
  const output = join(tmp, 'playwright.json');
  rmSync(output, { force: true });
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  const stats = readJson(output)?.stats;
  if (!stats) return { passed: 0, failed: 1 };
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { passed: stats.expected + stats.flaky, failed };
});

// Several instances behind HAProxy need PostgreSQL: run whenever the PostgreSQL suite runs.
if (process.env.TEST_DATABASE_URL) {
  phase('cluster', () => {
    if (!ensureDebianPackage('/usr/sbin/haproxy', 'haproxy', 'la prueba de varias instancias')) return { passed: 0, failed: 1 };
    const output = join(tmp, 'cluster.json');
    rmSync(output, { force: true });
    const status = run('node', ['scripts/test-cluster.mjs']);
    const report = readJson(output);
    if (!report) return { passed: 0, failed: 1 };
    return { passed: report.passed, failed: report.failed + (status !== 0 && report.failed === 0 ? 1 : 0) };
  });
} else {
  console.info('\n━━ cluster ━━ sin TEST_DATABASE_URL: la prueba de varias instancias (PostgreSQL) no se ejecuta');
}

const passed = phases.reduce((n, p) => n + p.passed, 0);
const failed = phases.reduce((n, p) => n + p.failed, 0);
writeFileSync(join(tmp, 'test-summary.json'), JSON.stringify({ phases, passed, failed }, null, 2) + '\n');
console.info('\nFase        Tiempo   Resultado');
for (const p of phases) {
  console.info(`${p.name.padEnd(11)} ${`${p.seconds.toFixed(1)} s`.padStart(7)}   ${p.passed} passed, ${p.failed} failed`);
}
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
