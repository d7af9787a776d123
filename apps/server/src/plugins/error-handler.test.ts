import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { describeEngines } from '../test/build-test-app.ts';
import { toAppError } from './error-handler.ts';

const QUERY_CANCELED_ANSWER = {
  code: 'SERVICE_UNAVAILABLE',
  detail:
    'La base de datos tardó demasiado en responder y se ha cancelado la operación. Vuelve a intentarlo dentro de unos minutos.',
};

/** Routes that exist only in this test, to drive each kind of failure through the real app. */
function addFailingRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/validado',
    {
      schema: {
        body: z.object({
          nombre: z.string().trim().min(1, { error: 'Pon un nombre de glosario.' }),
          n: z.number().max(3),
          version: z.number().int().positive().optional(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  typed.get('/api/test/conflicto', async () => {
    throw new AppError('GLOSSARY_NAME_TAKEN');
  });
  typed.get('/api/test/roto', async () => {
    throw new Error('secreto interno: contraseña=1234');
  });
  // PostgreSQL only: a statement past its time limit, which the server cancels (57014).
  typed.get('/api/test/consulta-lenta', async () => {
    await app.db.transaction().execute(async (tx) => {
      await sql`set local statement_timeout = 50`.execute(tx);
      await sql`select pg_sleep(5)`.execute(tx);
    });
    return { ok: true };
  });
  typed.get(
    '/api/test/respuesta-invalida',
    { schema: { response: { 200: z.object({ id: z.number() }) } } },
    async () => ({ id: 'no es un número' }) as unknown as { id: number },
  );
}

describeEngines(
  'the error handler',
  (t) => {
    it('answers unknown API routes with 404 ROUTE_NOT_FOUND in Spanish', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'ROUTE_NOT_FOUND',
        detail: 'Esa dirección del API no existe.',
      });
    });

    it('answers schema failures with 422 and a Spanish detail naming the field', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/validado',
        payload: { nombre: ' ', n: 9 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        detail: 'Pon un nombre de glosario. n: No puede ser mayor que 3.',
      });
      const wrongTypes = await t.app.inject({
        method: 'POST',
        url: '/api/test/validado',
        payload: { nombre: 'a', n: 'tres', version: 0 },
      });
      expect(wrongTypes.json()).toEqual({
        code: 'VALIDATION_FAILED',
        detail: 'n: Debe ser un número. version: Debe ser mayor que 0.',
      });
    });

    it('answers malformed JSON with 400 INVALID_JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/validado',
        headers: { 'content-type': 'application/json' },
        payload: '{"nombre": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_JSON');
    });

    it('answers bodies over 1 MiB with 413 in Spanish', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/validado',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ nombre: 'x'.repeat(1024 * 1024 + 10), n: 1 }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        detail: expect.stringContaining('1 MiB'),
      });
    });

    it('answers an unsupported content type with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/validado',
        headers: { 'content-type': 'application/x-desconocido' },
        payload: 'x',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it("answers a service's AppError with the contract's status", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/conflicto' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('GLOSSARY_NAME_TAKEN');
    });

    it('answers unexpected failures with a generic 500 that reveals nothing', async () => {
      for (const url of ['/api/test/roto', '/api/test/respuesta-invalida']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(500);
        expect(res.json().code).toBe('INTERNAL');
        expect(res.body).not.toContain('secreto');
        expect(res.body).not.toContain('no es un número');
      }
    });

    it('answers a statement PostgreSQL cancelled for its time limit with 503 in Spanish', async (ctx) => {
      if (t.engine !== 'postgres') ctx.skip();
      const limit = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t.db);
      expect(limit.rows[0]?.statement_timeout).toBe('30s');
      const res = await t.app.inject({ method: 'GET', url: '/api/test/consulta-lenta' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(QUERY_CANCELED_ANSWER);
      // The connection went back to the pool in a usable state.
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });

    it('answers what Node refuses before routing (a search longer than the headers allow) in Spanish', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.end(request));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const long = await raw(
        `GET /api/buscar?termino=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(long).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'HEADERS_TOO_LARGE',
        detail:
          'La dirección o las cabeceras de la petición son demasiado largas (más de 16 KB). Acorta lo que buscas o envías en la dirección.',
      });
      const malformed = await raw('ESTO NO ES HTTP\r\n\r\n');
      expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
      expect(malformed).toContain('"code":"BAD_REQUEST"');
    });
  },
  {},
  addFailingRoutes,
);

describe('toAppError', () => {
  it("maps PostgreSQL's query_canceled (57014) to 503 SERVICE_UNAVAILABLE", () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const appError = toAppError(cancelled);
    expect(appError.status).toBe(503);
    expect({ code: appError.code, detail: appError.detail }).toEqual(QUERY_CANCELED_ANSWER);
    expect(toAppError(Object.assign(new Error('otro'), { code: '23505' })).status).toBe(500);
  });
});
