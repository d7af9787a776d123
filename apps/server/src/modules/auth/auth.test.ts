import { randomBytes } from 'node:crypto';
import { userSchema } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { readOutbox } from '../../test/outbox.ts';
import { hashRefreshToken, signSessionAccessToken } from './session-tokens.ts';

const PASSWORD = 'contraseña-segura';
const uniqueEmail = (name = 'persona') => `${name}-${randomBytes(4).toString('hex')}@ejemplo.es`;

function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
}

async function register(t: TestApp, email = uniqueEmail(), password = PASSWORD) {
  const res = await post(t, '/auth/register', { email, password });
  return { res, email };
}

async function signIn(t: TestApp, email: string, password = PASSWORD) {
  const res = await post(t, '/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    access_token: string;
    refresh_token: string;
    token_type: string;
    expires_in: number;
  };
}

function me(t: TestApp, accessToken: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/** Moves a refresh token's rotation `seconds` into the past. */
async function rotatedSecondsAgo(t: TestApp, refreshToken: string, seconds: number) {
  await t.db
    .updateTable('refresh_tokens')
    .set({ rotated_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('token_hash', '=', hashRefreshToken(refreshToken))
    .execute();
}

describeEngines('POST /auth/register', (t) => {
  it('makes the first account of the installation admin on plan pro', async () => {
    const { res } = await register(t, '  Primera@Ejemplo.ES ');
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({
      email: 'primera@ejemplo.es',
      role: 'admin',
      plan: 'pro',
      trial_remaining: null,
      display_name: null,
      avatar_url: null,
      verificacion_codigo: false,
    });
    expect(Object.keys(user)).not.toContain('password_hash');
  });

  it('makes later accounts editors on a 14-day pro trial', async () => {
    const { res } = await register(t);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'editor', plan: 'pro_trial', trial_remaining: 14 });
  });

  it('refuses an e-mail already taken, whatever its case (409)', async () => {
    const { email } = await register(t);
    const again = await post(t, '/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'EMAIL_TAKEN',
      detail: 'Ya existe una cuenta con ese correo electrónico. Inicia sesión.',
    });
  });

  it('refuses a password under 8 characters (422)', async () => {
    const res = await post(t, '/auth/register', { email: uniqueEmail(), password: '1234567' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'La contraseña debe tener al menos 8 caracteres.',
    });
  });

  it('refuses a malformed e-mail (422)', async () => {
    const res = await post(t, '/auth/register', { email: 'no-es-un-correo', password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Escribe un correo electrónico válido.');
  });

  it('registers internationalised addresses, signing in whatever their case or form', async () => {
    const tag = randomBytes(3).toString('hex');
    for (const email of [
      `josé-${tag}@ejemplo.es`,
      `ana-${tag}@correos.españa.es`,
      `пользователь-${tag}@пример.рф`,
    ]) {
      const { res } = await register(t, email.toUpperCase());
      expect(res.statusCode).toBe(201);
      expect(res.json().email).toBe(email);
      // The same address typed with a combining accent signs in to the same account.
      await signIn(t, email.normalize('NFD'));
    }
  });

  it('leaves glossary invitations to the address waiting for the proof that it owns it', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    const email = uniqueEmail('invitada');
    await t.db
      .insertInto('glossary_members')
      .values({
        glossary_id: glossary.id,
        user_id: null,
        email,
        rol: 'lector',
        created_at: nowIso(),
      })
      .execute();
    const { res } = await register(t, email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const member = await t.db
      .selectFrom('glossary_members')
      .select('user_id')
      .where('glossary_id', '=', glossary.id)
      .executeTakeFirstOrThrow();
    // email-proof.test.ts: the invitation takes effect once the address is proven.
    expect(member.user_id).toBeNull();
  });
});

describeEngines('first account of an installation', (t) => {
  it('makes exactly one admin when two people register at the same time', async () => {
    const results = await Promise.all([register(t), register(t), register(t)]);
    expect(results.map(({ res }) => res.statusCode)).toEqual([201, 201, 201]);
    const roles = results.map(({ res }) => res.json().role).sort();
    expect(roles).toEqual(['admin', 'editor', 'editor']);
  });
});

describeEngines(
  'ADMIN_EMAIL',
  (t) => {
    it('makes not even the first account admin, nor that address before it proves it', async () => {
      const first = await register(t);
      expect(first.res.json()).toMatchObject({ role: 'editor', plan: 'pro_trial' });
      // email-proof.test.ts: it becomes admin once it proves it owns the address.
      const boss = await register(t, 'Jefa@Ejemplo.es');
      expect(boss.res.json()).toMatchObject({ role: 'editor', plan: 'pro_trial' });
    });
  },
  { ADMIN_EMAIL: 'jefa@ejemplo.es', TRIAL_DAYS: '30' },
);

describeEngines('POST /auth/login', (t) => {
  it('answers a token pair that opens GET /auth/me', async () => {
    const { email } = await register(t);
    const tokens = await signIn(t, email.toUpperCase());
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(tokens.refresh_token).toMatch(/^[\w-]{40,}$/);
    const res = await me(t, tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(email);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await register(t);
    const wrong = await post(t, '/auth/login', { email, password: 'otra-contraseña' });
    const unknown = await post(t, '/auth/login', {
      email: uniqueEmail('nadie'),
      password: PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      detail: 'Correo electrónico o contraseña incorrectos.',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an account without a password (identity-provider only) with the same 401', async () => {
    const { user } = await createUser(t, { password_hash: null });
    const res = await post(t, '/auth/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('asks for both fields (422)', async () => {
    const res = await post(t, '/auth/login', { email: '', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describeEngines(
  'failed sign-ins per account and address',
  (t) => {
    it('locks an address after the configured failures, with a Spanish 429', async () => {
      const { email } = await register(t);
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await post(t, '/auth/login', { email, password: 'mala-contraseña' })).statusCode,
        ).toBe(401);
      }
      const locked = await post(t, '/auth/login', { email, password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        code: 'RATE_LIMITED',
        detail:
          'Demasiados intentos fallidos con esta cuenta desde tu conexión. Espera 15 minutos y vuelve a intentarlo.',
      });
      expect(locked.headers['retry-after']).toBe('900');
    });

    it('lets the right password in from another address while one address is locked out', async () => {
      const { email } = await register(t);
      const from = (remoteAddress: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password },
          remoteAddress,
        });
      for (let i = 0; i < 3; i += 1) {
        expect((await from('203.0.113.9', 'mala-contraseña')).statusCode).toBe(401);
      }
      expect((await from('203.0.113.9', PASSWORD)).statusCode).toBe(429);
      expect((await from('198.51.100.4', PASSWORD)).statusCode).toBe(200);
      // The owner's success elsewhere does not reopen the attacker's address.
      expect((await from('203.0.113.9', 'mala-contraseña')).statusCode).toBe(429);
    });

    it('counts unknown addresses too, and leaves other accounts alone', async () => {
      const ghost = uniqueEmail('fantasma');
      for (let i = 0; i < 3; i += 1) await post(t, '/auth/login', { email: ghost, password: 'x' });
      expect((await post(t, '/auth/login', { email: ghost, password: 'x' })).statusCode).toBe(429);
      const { email } = await register(t);
      expect((await post(t, '/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('forgets the failures after a successful sign-in', async () => {
      const { email } = await register(t);
      for (let i = 0; i < 2; i += 1)
        await post(t, '/auth/login', { email, password: 'mala-contraseña' });
      await signIn(t, email);
      for (let i = 0; i < 2; i += 1)
        await post(t, '/auth/login', { email, password: 'mala-contraseña' });
      await signIn(t, email);
    });
  },
  { LOGIN_FAILURES_PER_ACCOUNT: '3' },
);

describeEngines('failed sign-ins slow down and warn the owner', (t) => {
  const from = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('makes each failure past the third wait twice as long as the one before', async () => {
    const { email } = await register(t);
    for (let i = 0; i < 3; i += 1) {
      expect((await from('203.0.113.20', email, 'mala-contraseña')).statusCode).toBe(401);
    }
    const waiting = await from('203.0.113.20', email, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().detail).toBe(
      'Demasiados intentos fallidos con esta cuenta desde tu conexión. Espera 1 segundo y vuelve a intentarlo.',
    );
    // Another address is not slowed down by this one.
    expect((await from('198.51.100.20', email, PASSWORD)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await from('203.0.113.20', email, 'mala-contraseña')).statusCode).toBe(401);
    const longer = await from('203.0.113.20', email, PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
  });

  it('e-mails the owner once after repeated failures from any address', async () => {
    const { email } = await register(t);
    const warnings = () =>
      readOutbox(t.config.DATA_DIR).filter(
        (m) =>
          m.to === email && m.subject === 'Intentos fallidos de entrar en tu cuenta de LudoTerm',
      );
    for (let i = 0; i < 4; i += 1) await from(`203.0.113.${30 + i}`, email, 'mala-contraseña');
    expect(warnings()).toHaveLength(0);
    await from('203.0.113.40', email, 'mala-contraseña');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.text).toContain('5 veces en los últimos 15 minutos');
    await from('203.0.113.41', email, 'mala-contraseña');
    expect(warnings()).toHaveLength(1);
    // Failures on an address nobody registered warn nobody.
    const ghost = uniqueEmail('fantasma');
    for (let i = 0; i < 6; i += 1) await from(`203.0.113.${50 + i}`, ghost, 'x');
    expect(readOutbox(t.config.DATA_DIR).filter((m) => m.to === ghost)).toHaveLength(0);
  });
});

describeEngines(
  'requests per address on the auth routes',
  (t) => {
    it('answers 429 in Spanish past the configured rate', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push(
          (await post(t, '/auth/login', { email: uniqueEmail(), password: PASSWORD })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Each auth route counts on its own: a burst of sign-ins never blocks renewals.
      for (let i = 0; i < 5; i += 1) {
        expect((await post(t, '/auth/refresh', { refresh_token: 'x' })).statusCode).toBe(401);
      }
      const res = await post(t, '/auth/refresh', { refresh_token: 'x' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        code: 'RATE_LIMITED',
        detail: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('does not limit GET /auth/me', async () => {
      const { headers } = await createUser(t);
      for (let i = 0; i < 8; i += 1) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
        expect(res.statusCode).toBe(200);
      }
    });
  },
  { AUTH_RATE_LIMIT_PER_MINUTE: '5' },
);

describeEngines('POST /auth/refresh', (t) => {
  async function session() {
    const { email } = await register(t);
    return signIn(t, email);
  }

  it('rotates the refresh token and answers a working access token', async () => {
    const first = await session();
    const res = await post(t, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await me(t, next.access_token)).statusCode).toBe(200);
    const stored = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(next.refresh_token);
    expect(stored.map((row) => row.token_hash)).toContain(hashRefreshToken(next.refresh_token));
  });

  it('answers the same pair to a token reused within the grace window', async () => {
    const first = await session();
    const a = await post(t, '/auth/refresh', { refresh_token: first.refresh_token });
    const b = await post(t, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });

  it('answers the same pair to parallel renewals of one token', async () => {
    const first = await session();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(t, '/auth/refresh', { refresh_token: first.refresh_token }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.json().refresh_token)).size).toBe(1);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const first = await session();
    const second = (await post(t, '/auth/refresh', { refresh_token: first.refresh_token })).json();
    await rotatedSecondsAgo(t, first.refresh_token, 60);

    const replay = await post(t, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_TOKEN');
    const successor = await post(t, '/auth/refresh', { refresh_token: second.refresh_token });
    expect(successor.statusCode).toBe(401);
    // The access tokens of the revoked family stop too: a thief's copy is no use either.
    expect((await me(t, second.access_token)).statusCode).toBe(401);
    expect((await me(t, first.access_token)).statusCode).toBe(401);
  });

  it('follows a chain rotated twice within the grace window to the live token', async () => {
    const first = await session();
    const second = (await post(t, '/auth/refresh', { refresh_token: first.refresh_token })).json();
    const third = (await post(t, '/auth/refresh', { refresh_token: second.refresh_token })).json();
    const late = await post(t, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(late.statusCode).toBe(200);
    expect(late.json().refresh_token).toBe(third.refresh_token);
  });

  it('refuses an unknown or expired refresh token (401)', async () => {
    const unknown = await post(t, '/auth/refresh', { refresh_token: 'no-existe' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      code: 'INVALID_TOKEN',
      detail: 'La sesión ha caducado. Vuelve a iniciar sesión.',
    });
    const { refresh_token } = await session();
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashRefreshToken(refresh_token))
      .execute();
    expect((await post(t, '/auth/refresh', { refresh_token })).statusCode).toBe(401);
  });

  it('refuses sessions started before a password reset', async () => {
    const { email } = await register(t);
    const tokens = await signIn(t, email);
    await t.db
      .updateTable('users')
      .set({ sessions_valid_after: new Date(Date.now() + 5000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect(
      (await post(t, '/auth/refresh', { refresh_token: tokens.refresh_token })).statusCode,
    ).toBe(401);
  });
});

describeEngines('POST /auth/logout', (t) => {
  it('revokes the family of the token (204)', async () => {
    const { email } = await register(t);
    const first = await signIn(t, email);
    const second = (await post(t, '/auth/refresh', { refresh_token: first.refresh_token })).json();
    const res = await post(t, '/auth/logout', { refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(
      (await post(t, '/auth/refresh', { refresh_token: second.refresh_token })).statusCode,
    ).toBe(401);
  });

  it('leaves other sessions of the same account alone', async () => {
    const { email } = await register(t);
    const laptop = await signIn(t, email);
    const phone = await signIn(t, email);
    await post(t, '/auth/logout', { refresh_token: laptop.refresh_token });
    expect(
      (await post(t, '/auth/refresh', { refresh_token: phone.refresh_token })).statusCode,
    ).toBe(200);
  });

  it("ends that session's access tokens at once, not when they expire", async () => {
    const { email } = await register(t);
    const laptop = await signIn(t, email);
    const phone = await signIn(t, email);
    expect((await me(t, laptop.access_token)).statusCode).toBe(200);
    await post(t, '/auth/logout', { refresh_token: laptop.refresh_token });
    const after = await me(t, laptop.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('INVALID_TOKEN');
    expect((await me(t, phone.access_token)).statusCode).toBe(200);
  });

  it('answers 204 to an unknown token, and 422 without one', async () => {
    expect((await post(t, '/auth/logout', { refresh_token: 'desconocido' })).statusCode).toBe(204);
    expect((await post(t, '/auth/logout', {})).statusCode).toBe(422);
  });
});

describeEngines('GET /auth/me', (t) => {
  it('answers the user with every field of the contract', async () => {
    const { user, headers } = await createUser(t, {
      plan: 'pro_trial',
      trial_ends_at: new Date(Date.now() + 2.5 * 24 * 3600 * 1000).toISOString(),
      display_name: 'Ana',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      role: 'editor',
      plan: 'pro_trial',
      trial_remaining: 3,
      display_name: 'Ana',
      avatar_url: null,
      created_at: user.created_at,
      verificacion_codigo: false,
    });
  });

  it('says 0 days once the trial has ended', async () => {
    const { headers } = await createUser(t, {
      plan: 'pro_trial',
      trial_ends_at: new Date(Date.now() - 1000).toISOString(),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.json().trial_remaining).toBe(0);
  });

  it('answers 401 without a token, and INVALID_TOKEN with an expired or forged one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');

    const { user } = await createUser(t);
    const anHourAgo = new Date(Date.now() - 3600 * 1000).toISOString();
    const expired = await signSessionAccessToken(
      t.config.JWT_SECRET,
      user.id,
      'sesion',
      anHourAgo,
      900,
    );
    const res = await me(t, expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');

    const forged = await signSessionAccessToken(
      'otro-secreto-otro-secreto-otro-secreto',
      user.id,
      'sesion',
      nowIso(),
      900,
    );
    expect((await me(t, forged)).statusCode).toBe(401);
  });
});

describeEngines('PUT /auth/profile', (t) => {
  it('changes the display name and the sign-in code switch', async () => {
    const { headers } = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { display_name: '  Lucía  ', verificacion_codigo: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ display_name: 'Lucía', verificacion_codigo: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(after.json()).toMatchObject({ display_name: 'Lucía', verificacion_codigo: true });
  });

  it('clears the display name when blank and leaves what is not sent', async () => {
    const { headers } = await createUser(t, { display_name: 'Ana', verificacion_codigo: 1 });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { display_name: '' },
    });
    expect(res.json()).toMatchObject({ display_name: null, verificacion_codigo: true });
  });

  it('refuses a name over 100 characters (422) and anonymous callers (401)', async () => {
    const { headers } = await createUser(t);
    const long = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { display_name: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(422);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('session tokens', () => {
  it('signs the same access token for the same session step', async () => {
    const at = '2026-11-22T10:00:00.000Z';
    expect(await signSessionAccessToken('s'.repeat(40), 7, 'familia', at, 900)).toBe(
      await signSessionAccessToken('s'.repeat(40), 7, 'familia', at, 900),
    );
  });
});
