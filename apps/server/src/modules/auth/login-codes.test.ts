import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { readOutbox } from '../../test/outbox.ts';
import { hashLoginCode } from './login-codes.service.ts';

function post(t: TestApp, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, payload });
}

/** A user who asked for a sign-in code, and the code of the last e-mail sent to them. */
async function codeUser(t: TestApp): Promise<TestUser> {
  return createUser(t, { verificacion_codigo: 1 });
}

function lastCode(t: TestApp, email: string): string {
  const mail = readOutbox(t.config.DATA_DIR)
    .filter((m) => m.to === email)
    .at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no hay código para ${email}`);
  return code;
}

async function startLogin(t: TestApp, user: TestUser) {
  const res = await post(t, '/auth/login', { email: user.user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ requires_verification: true });
  return lastCode(t, user.user.email);
}

describeEngines('POST /auth/login with verificacion_codigo', (t) => {
  it('answers requires_verification and e-mails a 6-digit code in Spanish, stored only as a keyed hash', async () => {
    const ana = await codeUser(t);
    const res = await post(t, '/auth/login', { email: ana.user.email, password: ana.password });
    expect(res.json()).toEqual({ requires_verification: true });
    const mail = readOutbox(t.config.DATA_DIR).find((m) => m.to === ana.user.email)!;
    expect(mail.subject).toMatch(/^Tu código de verificación de LudoTerm: \d{6}$/);
    expect(mail.text).toContain('Escribe este código para terminar de entrar');
    expect(mail.text).toContain('caduca en 10 minutos');
    const code = lastCode(t, ana.user.email);
    const rows = await t.db
      .selectFrom('login_codes')
      .selectAll()
      .where('user_id', '=', ana.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toBe(hashLoginCode(t.config.JWT_SECRET, ana.user.id, code));
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(10 * 60_000);
  });

  it('sends nothing for a wrong password', async () => {
    const luis = await codeUser(t);
    const res = await post(t, '/auth/login', {
      email: luis.user.email,
      password: 'otra-contraseña',
    });
    expect(res.statusCode).toBe(401);
    expect(readOutbox(t.config.DATA_DIR).filter((m) => m.to === luis.user.email)).toHaveLength(0);
  });

  it('limits the codes e-mailed to one account to 5 per 15 minutes (429 in Spanish)', async () => {
    const eva = await codeUser(t);
    for (let i = 0; i < 5; i += 1) await startLogin(t, eva);
    const sixth = await post(t, '/auth/login', { email: eva.user.email, password: eva.password });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/códigos/),
    });
    expect(readOutbox(t.config.DATA_DIR).filter((m) => m.to === eva.user.email)).toHaveLength(5);
  });
});

describeEngines('POST /auth/verify-login', (t) => {
  it('answers tokens for the right code, once', async () => {
    const ana = await codeUser(t);
    const code = await startLogin(t, ana);
    const res = await post(t, '/auth/verify-login', { email: ana.user.email.toUpperCase(), code });
    expect(res.statusCode).toBe(200);
    const tokens = res.json<{ access_token: string; refresh_token: string }>();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.json()).toMatchObject({ email: ana.user.email, verificacion_codigo: true });
    const again = await post(t, '/auth/verify-login', { email: ana.user.email, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_CODE');
  });

  it('refuses a wrong code saying how many attempts are left, then nothing after 5 attempts', async () => {
    const luis = await codeUser(t);
    const code = await startLogin(t, luis);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post(t, '/auth/verify-login', { email: luis.user.email, code: wrong });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({
      code: 'INVALID_CODE',
      detail: 'El código no es correcto. Te quedan 4 intentos.',
    });
    for (let i = 0; i < 4; i += 1)
      await post(t, '/auth/verify-login', { email: luis.user.email, code: wrong });
    const exhausted = await post(t, '/auth/verify-login', { email: luis.user.email, code });
    expect(exhausted.statusCode).toBe(401);
    expect(exhausted.json().detail).toMatch(/agotado los intentos/);
  });

  it('never allows more than 5 attempts, even in parallel', async () => {
    const pia = await codeUser(t);
    const code = await startLogin(t, pia);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 8 }, () =>
        post(t, '/auth/verify-login', { email: pia.user.email, code: wrong }),
      ),
    );
    const row = await t.db
      .selectFrom('login_codes')
      .selectAll()
      .where('user_id', '=', pia.user.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await post(t, '/auth/verify-login', { email: pia.user.email, code })).statusCode).toBe(
      401,
    );
  });

  it('refuses an expired code', async () => {
    const eva = await codeUser(t);
    const code = await startLogin(t, eva);
    await t.db
      .updateTable('login_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', eva.user.id)
      .execute();
    const res = await post(t, '/auth/verify-login', { email: eva.user.email, code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'INVALID_CODE',
      detail: 'El código no es correcto o ha caducado. Pide uno nuevo iniciando sesión otra vez.',
    });
  });

  it('accepts only the newest code after a second sign-in', async () => {
    const ines = await codeUser(t);
    const firstCode = await startLogin(t, ines);
    const secondCode = await startLogin(t, ines);
    if (firstCode !== secondCode) {
      expect(
        (await post(t, '/auth/verify-login', { email: ines.user.email, code: firstCode }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (await post(t, '/auth/verify-login', { email: ines.user.email, code: secondCode }))
        .statusCode,
    ).toBe(200);
  });

  it('answers the same 401 for an unknown e-mail and 422 for a malformed code', async () => {
    const unknown = await post(t, '/auth/verify-login', {
      email: 'nadie@ejemplo.es',
      code: '123456',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_CODE');
    const malformed = await post(t, '/auth/verify-login', {
      email: 'nadie@ejemplo.es',
      code: '12345',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toBe('El código tiene 6 cifras.');
  });
});
