import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@ludoterm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createDatabase } from './db/database.ts';
import { glossaryCounts, postImport } from './modules/transfers/import-test-helpers.ts';
import { testConfig, type TestApp } from './test/build-test-app.ts';
import { createGlossaryRow, createUser } from './test/factories.ts';
import { multipartBody, pngImage } from './test/multipart.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './test/test-database.ts';

// Two app instances on one PostgreSQL database, each with its own DATA_DIR, as two servers
// behind a load balancer: what one receives or counts, the other must see.

const LIMITS = { AUTH_RATE_LIMIT_PER_MINUTE: '4', LOGIN_FAILURES_PER_ACCOUNT: '3' };

describe.runIf(testEngines.includes('postgres'))('several instances on one PostgreSQL', () => {
  let database: TestDatabase;
  const instances: TestApp[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (const handle of [
      database.handle,
      createDatabase({ postgresUrl: database.postgresUrl! }),
    ]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'ludoterm-instance-'));
      dataDirs.push(dataDir);
      const config = testConfig(dataDir, { DATABASE_URL: database.postgresUrl!, ...LIMITS });
      const app = await buildApp(config, handle);
      await app.ready();
      instances.push({ app, db: handle.db, engine: 'postgres', config, close: () => app.close() });
    }
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves from one instance the avatar uploaded to the other', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const ana = await createUser(a);
    const body = multipartBody(
      {},
      { filename: 'yo.png', contentType: 'image/png', data: await pngImage(64, 64) },
    );
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      headers: { ...ana.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<User>().avatar_url!;
    const served = await b.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('counts the sign-in rate limit across both instances', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    // Another account each time, so only the address's request count can refuse.
    const attempt = (app: TestApp, i: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.7',
        payload: { email: `nadie-${i}@ejemplo.es`, password: 'no-es-esta' },
      });
    const codes = [];
    for (const [i, app] of [a, b, a, b, a].entries())
      codes.push((await attempt(app, i)).statusCode);
    expect(codes.slice(0, 4).every((code) => code !== 429)).toBe(true);
    expect(codes[4]).toBe(429);
  });

  it('makes a guesser wait on either instance after failures on the other', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const luis = await createUser(a);
    const attempt = (app: TestApp, address: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email: luis.user.email, password: 'mala-contraseña' },
      });
    // The account's three failures from this address, spread over both instances.
    for (const app of [a, b, a]) expect((await attempt(app, '192.0.2.44')).statusCode).toBe(401);
    const waiting = await attempt(b, '192.0.2.44');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('rotates one refresh token once when both instances get it at the same moment', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const eva = await createUser(a, { password: 'contraseña-de-eva' });
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.20',
      payload: { email: eva.user.email, password: 'contraseña-de-eva' },
    });
    const { refresh_token } = login.json<{ refresh_token: string }>();
    const answers = await Promise.all(
      [a, b].map((app) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          remoteAddress: '203.0.113.20',
          payload: { refresh_token },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((r) => r.json<{ refresh_token: string }>().refresh_token);
    expect(first).toBe(second);
    const tokens = await a.db
      .selectFrom('refresh_tokens')
      .select(['family_id'])
      .where('user_id', '=', eva.user.id)
      .execute();
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens.map((t) => t.family_id)).size).toBe(1);
  });

  it('runs two imports into one glossary one after the other, whichever instances take them', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const owner = await createUser(a);
    const glossary = await createGlossaryRow(a, owner.user);
    const rows = Array.from({ length: 400 }, (_, i) => `término ${i},term ${i}`).join('\n');
    const file = `es,en\n${rows}\n`;
    const mapping = { es: 'termino.es', en: 'termino.en' };
    const results = await Promise.all(
      [a, b].map((app) =>
        postImport(app, owner, glossary, { file, filename: 'g.csv', formato: 'csv', mapping }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const answers = results.map((r) => r.json<{ importados: number; omitidos: number }>());
    // The second to run sees the first one's entries as repeated.
    expect(answers.map((x) => x.importados).sort((x, y) => x - y)).toEqual([0, 400]);
    expect((await glossaryCounts(a, glossary)).entradas).toBe(400);
  });
});
