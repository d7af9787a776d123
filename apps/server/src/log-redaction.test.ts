import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { createUser } from './test/factories.ts';

/** A careless handler that logs the whole body it receives. */
function addBodyLoggingRoute(app: FastifyInstance): void {
  app.post('/api/test/registra-cuerpo', async (request) => {
    request.log.info({ body: request.body }, 'cuerpo recibido');
    return { ok: true };
  });
}

// Logging is the same whatever the engine, so SQLite is enough.
describe('log redaction', () => {
  let t: TestApp;
  const written: string[] = [];
  const output = () => written.join('');
  const entries = () =>
    output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    // pino writes through process.stdout.write when it has been replaced (instead of straight
    // to file descriptor 1), so the test reads exactly the lines production would log.
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    t = await buildTestApp('sqlite', { LOG_LEVEL: 'info' }, addBodyLoggingRoute);
  });
  afterAll(async () => {
    await t.close();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    written.length = 0;
  });

  it('keeps the bearer token of a request out of the logs', async () => {
    const { token, headers } = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(200);
    expect(entries()).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/api/auth/me' }),
      }),
    );
    expect(output()).not.toContain(token);
  });

  it('keeps the password of a sign-in, right or wrong, and the tokens answered out of the logs', async () => {
    const password = 'contraseña-que-no-se-registra';
    const { user } = await createUser(t, { password });
    const login = (pw: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: pw },
      });
    const ok = await login(password);
    expect(ok.statusCode).toBe(200);
    expect((await login('otra-contraseña-equivocada')).statusCode).toBe(401);
    expect(entries().filter((e) => e.msg === 'incoming request')).toHaveLength(2);
    expect(output()).not.toContain(password);
    expect(output()).not.toContain('otra-contraseña-equivocada');
    expect(output()).not.toContain(ok.json().access_token);
    expect(output()).not.toContain(ok.json().refresh_token);
  });

  it('censors the password and token of a body that a handler logs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/registra-cuerpo',
      payload: { email: 'ana@ejemplo.es', password: 'secreto-de-ana', token: 'enlace-de-ana' },
    });
    expect(res.statusCode).toBe(200);
    expect(entries().find((e) => e.msg === 'cuerpo recibido')?.body).toEqual({
      email: 'ana@ejemplo.es',
      password: '[REDACTED]',
      token: '[REDACTED]',
    });
    expect(output()).not.toContain('secreto-de-ana');
    expect(output()).not.toContain('enlace-de-ana');
  });

  it('censors the token and code of a logged URL, keeping the other parameters', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/no-existe?token=enlace-secreto&code=123456&pagina=2',
    });
    const logged = entries().find((e) => e.msg === 'incoming request')?.req;
    expect(logged).toMatchObject({
      url: '/api/no-existe?token=[REDACTED]&code=[REDACTED]&pagina=2',
    });
    expect(output()).not.toContain('enlace-secreto');
    expect(output()).not.toContain('123456');
  });
});
