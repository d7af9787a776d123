// `npm run test:cluster`: LudoTerm as several instances. A fresh PostgreSQL database, two
// servers started as `npm start` starts them (own ports and DATA_DIRs, one JWT_SECRET) and
// Debian's HAProxy in front, round-robin. Everything goes through the balancer as a client
// would; one instance is killed with SIGKILL in the middle of an import. Prints each check and
// `N passed, N failed`, and writes .tmp/cluster.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { ensureBuilt } from './ensure-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.LUDOTERM_CLUSTER_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const BASE_PORT = Number(process.env.LUDOTERM_CLUSTER_PORT ?? 3121);
const BALANCER = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCES = [
  { name: 'a', port: BASE_PORT + 1 },
  { name: 'b', port: BASE_PORT + 2 },
];
const LOGIN_LIMIT = 12;
const IMPORT_ENTRIES = 20_000;
/** The import killed mid-way is larger, so that even a fast machine is still writing it. */
const KILLED_IMPORT_ENTRIES = 60_000;
const JWT_SECRET = 'cluster-secret-cluster-secret-cluster-secret-0123';

const work = mkdtempSync(join(tmpdir(), 'ludoterm-cluster-'));
const results = [];
const children = [];

function check(name, ok, detail = '') {
  results.push({ name, ok: Boolean(ok), detail });
  console.info(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(query) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

function startInstance(instance, dbUrl) {
  const dataDir = join(work, instance.name);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
      LOG_LEVEL: 'warn',
      PURGE_INTERVAL_MINUTES: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  instance.child = child;
  children.push(child);
  return child;
}

async function waitHealthy(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

/** The shipped deploy/haproxy.cfg, pointed at this test's instances and quiet. */
function balancerConfig() {
  let config = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = INSTANCES.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n');
  const edits = [
    [/^\s*(log|option httplog)\b.*\n/gm, ''],
    [/^(\s*bind) :8080$/m, `$1 127.0.0.1:${BASE_PORT}`],
    [/^resolvers docker\n(?:[ \t]+\S.*\n)*/m, ''],
    [/(^\s*server .*\n)+/m, `${servers}\n  http-response set-header X-Servidor %s\n`],
  ];
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(config)) throw new Error(`deploy/haproxy.cfg ya no tiene ${pattern}`);
    pattern.lastIndex = 0;
    config = config.replace(pattern, replacement);
  }
  return config;
}

function startBalancer() {
  const path = join(work, 'haproxy.cfg');
  writeFileSync(path, balancerConfig());
  const child = spawn('haproxy', ['-f', path, '-db'], { stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
}

async function api(path, { token, json, form, method } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const res = await fetch(`${BALANCER}/api${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  return { status: res.status, data, server: res.headers.get('x-servidor') };
}

function csvOf(prefix, n) {
  const lines = ['es,en'];
  for (let i = 0; i < n; i += 1) lines.push(`${prefix} ${i} castillo,${prefix} ${i} castle`);
  return lines.join('\n') + '\n';
}

function importForm(csv) {
  const form = new FormData();
  form.append('formato', 'csv');
  form.append('mapping_json', JSON.stringify({ es: 'termino.es', en: 'termino.en' }));
  form.append('archivo', new Blob([csv], { type: 'text/csv' }), 'glosario.csv');
  return form;
}

async function entryCount(token, ns) {
  const { data } = await api('/glosarios', { token });
  const glossary = (Array.isArray(data) ? data : (data.glosarios ?? [])).find(
    (g) => g.nombre_seguro === ns,
  );
  return glossary?.num_entradas ?? null;
}

/** CPU time (user + system, in clock ticks) a process has used so far. */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function run() {
  if (spawnSync('haproxy', ['-v']).status !== 0) {
    throw new Error(
      'Falta HAProxy para la prueba de varias instancias: sudo apt-get install haproxy',
    );
  }
  ensureBuilt(['web', 'server']);
  const name = `ludoterm_cluster_${Date.now()}`;
  await admin(`create database ${name}`);
  const dbUrl = databaseUrl(name);
  try {
    for (const instance of INSTANCES) startInstance(instance, dbUrl);
    const healthy = await Promise.all(
      INSTANCES.map((i) => waitHealthy(`http://127.0.0.1:${i.port}`, 60)),
    );
    check(
      'las dos instancias arrancan sobre la misma base de datos (migraciones a la vez)',
      healthy.every(Boolean),
    );
    startBalancer();
    check('HAProxy responde', await waitHealthy(BALANCER, 15));

    const email = `cluster-${Date.now()}@ejemplo.es`;
    const password = 'contraseña-de-prueba';
    const registered = await api('/auth/register', { json: { email, password } });
    check(
      'registro a través del balanceador',
      registered.status === 201,
      `HTTP ${registered.status}`,
    );
    const login = await api('/auth/login', { json: { email, password } });
    const token = login.data?.access_token;
    check(
      'inicio de sesión a través del balanceador',
      login.status === 200 && token,
      `HTTP ${login.status}`,
    );

    const seen = new Set();
    for (let i = 0; i < 4; i += 1) seen.add((await api('/auth/me', { token })).server);
    check('el balanceador reparte entre las dos instancias', seen.size === 2, [...seen].join(', '));

    const created = await api('/glosarios', {
      token,
      json: { nombre: 'Cluster uno', idioma_origen: 'es', idioma_meta: 'en' },
    });
    const ns = created.data?.nombre_seguro;
    check('crear un glosario', created.status === 201 && ns, `HTTP ${created.status}`);

    const started = Date.now();
    const imported = await api(`/glosarios/${ns}/importar`, {
      token,
      form: importForm(csvOf('uno', IMPORT_ENTRIES)),
    });
    check(
      `importar ${IMPORT_ENTRIES} entradas`,
      imported.status === 200 && imported.data?.importados === IMPORT_ENTRIES,
      `HTTP ${imported.status}, ${JSON.stringify(imported.data)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const avatarForm = new FormData();
    avatarForm.append('archivo', new Blob([png], { type: 'image/png' }), 'yo.png');
    const avatar = await api('/auth/avatar', { token, form: avatarForm });
    const avatarUrl = avatar.data?.avatar_url;
    check(
      'subir un avatar',
      avatar.status === 200 && avatarUrl,
      `HTTP ${avatar.status} en ${avatar.server}`,
    );
    const served = await Promise.all(
      INSTANCES.map((i) => fetch(`http://127.0.0.1:${i.port}${avatarUrl}`).then((r) => r.status)),
    );
    check(
      'las dos instancias sirven el avatar',
      served.every((s) => s === 200),
      `a: ${served[0]}, b: ${served[1]}`,
    );

    const quick = await api(`/buscar?termino=${encodeURIComponent('uno 19999 castillo')}`, {
      token,
    });
    const quickTerms = JSON.stringify(quick.data);
    check(
      'la búsqueda rápida encuentra una entrada importada',
      quick.status === 200 && quickTerms.includes('uno 19999 castle'),
      `HTTP ${quick.status}`,
    );
    const own = await api(`/glosarios/${ns}/entradas?q=${encodeURIComponent('uno 12345')}`, {
      token,
    });
    check(
      'la búsqueda del glosario encuentra una entrada importada',
      own.status === 200 && JSON.stringify(own.data).includes('uno 12345 castle'),
      `HTTP ${own.status}`,
    );

    const limited = [];
    for (let i = 0; i <= LOGIN_LIMIT; i += 1) {
      const res = await api('/auth/login', {
        json: { email: `nadie-${i}@ejemplo.es`, password: 'no-es-esta' },
      });
      limited.push(res);
    }
    const servers = new Set(limited.map((r) => r.server));
    check(
      'el límite de inicios de sesión cuenta las peticiones de las dos instancias',
      limited.at(-1).status === 429 && servers.size === 2,
      `última: HTTP ${limited.at(-1).status}; instancias: ${[...servers].join(', ')}`,
    );

    // An import killed mid-way: the instance doing the work (the one using CPU) gets SIGKILL.
    const second = await api('/glosarios', {
      token,
      json: { nombre: 'Cluster dos', idioma_origen: 'es', idioma_meta: 'en' },
    });
    const ns2 = second.data?.nombre_seguro;
    const csv2 = csvOf('dos', KILLED_IMPORT_ENTRIES);
    const firstTry = api(`/glosarios/${ns2}/importar`, { token, form: importForm(csv2) }).then(
      (r) => r,
      (error) => ({ status: 0, data: String(error) }),
    );
    await sleep(300);
    const before = INSTANCES.map((i) => cpuTicks(i.child.pid));
    await sleep(250);
    const busy = INSTANCES.map((i, k) => cpuTicks(i.child.pid) - before[k]);
    const victim = INSTANCES[busy[0] >= busy[1] ? 0 : 1];
    victim.child.kill('SIGKILL');
    const answer = await firstTry;
    check(
      'el primer intento falla con la instancia muerta',
      answer.status !== 200,
      `${victim.name} muerta; respuesta: ${answer.status || answer.data}`,
    );
    const afterKill = await entryCount(token, ns2);
    check(
      'el glosario tiene todo o nada de ese intento',
      afterKill === 0 || afterKill === KILLED_IMPORT_ENTRIES,
      `${afterKill} entradas`,
    );
    const retry = await api(`/glosarios/${ns2}/importar`, { token, form: importForm(csv2) });
    check(
      'el reintento del cliente por el balanceador funciona',
      retry.status === 200,
      `HTTP ${retry.status} en ${retry.server}`,
    );
    check(
      'después del reintento están todas, una vez',
      (await entryCount(token, ns2)) === KILLED_IMPORT_ENTRIES,
    );
    check('lo escrito antes sigue ahí', (await entryCount(token, ns)) === IMPORT_ENTRIES);
    const me = await api('/auth/me', { token });
    check(
      'la sesión y el avatar siguen ahí',
      me.status === 200 && me.data?.avatar_url === avatarUrl,
    );

    startInstance(victim, dbUrl);
    check(
      'la instancia muerta vuelve a arrancar en 10 s',
      await waitHealthy(`http://127.0.0.1:${victim.port}`, 10),
    );
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await sleep(300);
    await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

const startedAll = Date.now();
try {
  await run();
} catch (error) {
  check('la prueba llega al final', false, error instanceof Error ? error.message : String(error));
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(
  join(root, '.tmp/cluster.json'),
  JSON.stringify({ passed, failed, results }, null, 2) + '\n',
);
console.info(
  `\n${passed} passed, ${failed} failed (${((Date.now() - startedAll) / 1000).toFixed(1)} s)`,
);
process.exit(failed > 0 ? 1 : 0);
