import { describe, expect, it, vi } from 'vitest';
import { fakeAdapter, fakeLockManager, type FixtureHandler } from '@/test/fake-http.ts';
import { ApiError, createApiClient } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, createTokenStore } from './token-store.ts';

const expiredPair = { access_token: 'access-1', refresh_token: 'refresh-1' };
const renewedPair = {
  access_token: 'access-2',
  refresh_token: 'refresh-2',
  token_type: 'bearer',
  expires_in: 900,
};

/**
 * Fixtures: `/glosarios` answers 200 to the renewed token and 401 to anything else;
 * `/auth/refresh` answers `refreshAnswer`.
 */
function fixtures(refreshAnswer: { status: number; data?: unknown }): FixtureHandler {
  return ({ url, authorization }) => {
    if (url === '/auth/refresh') return refreshAnswer;
    if (authorization === `Bearer ${renewedPair.access_token}`) return { status: 200, data: [] };
    return {
      status: 401,
      data: { detail: 'La sesión ha caducado. Vuelve a iniciar sesión.', code: 'INVALID_TOKEN' },
    };
  };
}

function storeTokens(pair: { access_token?: string; refresh_token?: string }) {
  if (pair.access_token) localStorage.setItem(ACCESS_TOKEN_KEY, pair.access_token);
  if (pair.refresh_token) localStorage.setItem(REFRESH_TOKEN_KEY, pair.refresh_token);
}

function makeClient(handler: FixtureHandler, locks: LockManager | null = null) {
  const http = fakeAdapter(handler);
  const client = createApiClient({
    baseURL: '/api',
    adapter: http.adapter,
    locks,
    tokens: createTokenStore(localStorage, null),
  });
  const onUnauthorized = vi.fn();
  client.setOnUnauthorized(onUnauthorized);
  return { client, calls: http.calls, onUnauthorized };
}

const refreshCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url === '/auth/refresh').length;

describe('api client', () => {
  it('sends the stored access token as a Bearer header', async () => {
    storeTokens({ access_token: renewedPair.access_token });
    const { client, calls } = makeClient(fixtures({ status: 500 }));
    await client.http.get('/glosarios');
    expect(calls).toEqual([
      { method: 'GET', url: '/glosarios', authorization: 'Bearer access-2' },
    ]);
  });

  it('renews once for five parallel 401s and repeats all five', async () => {
    storeTokens(expiredPair);
    const { client, calls, onUnauthorized } = makeClient(
      fixtures({ status: 200, data: renewedPair }),
    );

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.http.get('/glosarios')),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(refreshCalls(calls)).toBe(1);
    expect(calls.filter((call) => call.url === '/glosarios')).toHaveLength(10);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-2');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('renews once for two tabs sharing local storage and a Web Lock', async () => {
    storeTokens(expiredPair);
    const locks = fakeLockManager();
    let spent = 0;
    // The server rotates a refresh token once: a second use of refresh-1 would be refused.
    const handler = fixtures({ status: 200, data: renewedPair });
    const server: FixtureHandler = (request) => {
      if (request.url === '/auth/refresh') {
        spent += 1;
        return spent === 1 ? handler(request) : { status: 401, data: { code: 'INVALID_TOKEN' } };
      }
      return handler(request);
    };
    const tabA = makeClient(server, locks);
    const tabB = makeClient(server, locks);

    const [a, b] = await Promise.all([tabA.client.http.get('/glosarios'), tabB.client.http.get('/glosarios')]);

    expect([a.status, b.status]).toEqual([200, 200]);
    expect(spent).toBe(1);
    expect(locks.requests).toBe(2);
    expect(tabA.onUnauthorized).not.toHaveBeenCalled();
    expect(tabB.onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it('clears both tokens and calls onUnauthorized when renewal is refused', async () => {
    storeTokens(expiredPair);
    const { client, onUnauthorized } = makeClient(
      fixtures({ status: 401, data: { detail: 'Sesión revocada.', code: 'INVALID_TOKEN' } }),
    );

    const failures = await Promise.allSettled([
      client.http.get('/glosarios'),
      client.http.get('/glosarios'),
    ]);

    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      const reason = (failure as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
    }
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('passes the 401 on when no refresh token is stored', async () => {
    storeTokens({ access_token: 'access-1' });
    const { client, calls, onUnauthorized } = makeClient(fixtures({ status: 200, data: renewedPair }));

    const error = await client.http.get('/glosarios').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect(refreshCalls(calls)).toBe(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
  });

  it('keeps the session when renewal fails for lack of network', async () => {
    storeTokens(expiredPair);
    const { client, onUnauthorized } = makeClient(fixtures({ status: 503 }));

    const error = await client.http.get('/glosarios').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 503 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('never renews on a sign-in 401', async () => {
    storeTokens(expiredPair);
    const { client, calls } = makeClient(() => ({
      status: 401,
      data: { detail: 'Correo electrónico o contraseña incorrectos.', code: 'INVALID_CREDENTIALS' },
    }));

    const error = await client.http
      .post('/auth/login', { email: 'a@b.es', password: 'x' }, { skipAuth: true })
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(refreshCalls(calls)).toBe(0);
    expect(calls[0]?.authorization).toBeNull();
  });

  it('turns failures into ApiError with the answer detail and code', async () => {
    const detail = { campo: 'nombre', problema: 'vacío' };
    const { client } = makeClient(() => ({ status: 422, data: { detail, code: 'VALIDATION_FAILED' } }));

    const error = await client.http.post('/glosarios', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', detail });
    expect(errorMessage(error)).toBe(JSON.stringify(detail, null, 2));
  });
});
