import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { readOutbox, waitForMails } from '../../test/outbox.ts';

const PUBLIC_URL = 'https://ludoterm.example';
const NEW_PASSWORD = 'nueva-contraseña-larga';

function post(t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
}

/** Asks for a link and answers the token of the e-mail that arrives. */
async function requestLink(t: TestApp, user: TestUser, nth = 1): Promise<string> {
  const res = await post(t, '/auth/forgot-password', { email: user.user.email });
  expect(res.statusCode).toBe(200);
  const mails = await waitForMails(t.config.DATA_DIR, user.user.email, nth);
  const link = /https:\/\/\S+/.exec(mails[nth - 1]?.text ?? '')?.[0];
  if (!link) throw new Error('no ha llegado el enlace');
  return new URL(link).searchParams.get('token')!;
}

/** An access token issued `seconds` ago, as one from before a reset would be. */
function accessTokenIssuedAgo(t: TestApp, userId: number, seconds: number) {
  const iat = Math.floor(Date.now() / 1000) - seconds;
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(new TextEncoder().encode(t.config.JWT_SECRET));
}

describeEngines(
  'POST /auth/forgot-password',
  (t) => {
    it('answers the same for known and unknown addresses and e-mails a link built from PUBLIC_URL', async () => {
      const ana = await createUser(t);
      const known = await post(
        t,
        '/auth/forgot-password',
        { email: ana.user.email.toUpperCase() },
        { host: 'atacante.example' },
      );
      const unknown = await post(t, '/auth/forgot-password', { email: 'nadie@ejemplo.es' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().detail).toMatch(/^Si existe una cuenta con ese correo/);

      const [mail] = await waitForMails(t.config.DATA_DIR, ana.user.email);
      expect(mail!.subject).toBe('Restablece tu contraseña de LudoTerm');
      expect(mail!.text).toMatch(
        /https:\/\/ludoterm\.example\/restablecer-contrasena\?token=[A-Za-z0-9_-]{43}/,
      );
      expect(mail!.text).toContain('caduca en 1 hora');
      expect(mail!.text).not.toContain('atacante');
      expect(readOutbox(t.config.DATA_DIR).some((m) => m.to === 'nadie@ejemplo.es')).toBe(false);

      const rows = await t.db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('user_id', '=', ana.user.id)
        .execute();
      const token = new URL(/https:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
      expect(rows[0]!.token_hash).not.toBe(token);
      expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(60 * 60_000);
    });

    it('e-mails at most 3 links per account per hour, still answering the same', async () => {
      const luis = await createUser(t);
      for (let i = 1; i <= 3; i += 1) await requestLink(t, luis, i);
      const fourth = await post(t, '/auth/forgot-password', { email: luis.user.email });
      expect(fourth.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(readOutbox(t.config.DATA_DIR).filter((m) => m.to === luis.user.email)).toHaveLength(3);
    });

    it('refuses a malformed e-mail (422)', async () => {
      expect((await post(t, '/auth/forgot-password', { email: 'no-es-correo' })).statusCode).toBe(
        422,
      );
    });
  },
  { PUBLIC_URL },
);

describeEngines(
  'POST /auth/reset-password',
  (t) => {
    it('sets the new password and ends every session of the account', async () => {
      const ana = await createUser(t);
      const login = await post(t, '/auth/login', { email: ana.user.email, password: ana.password });
      const session = login.json<{ refresh_token: string; access_token: string }>();
      const oldAccess = await accessTokenIssuedAgo(t, ana.user.id, 5);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${oldAccess}` },
          })
        ).statusCode,
      ).toBe(200);

      const token = await requestLink(t, ana);
      const res = await post(t, '/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        detail: 'Contraseña cambiada. Ya puedes iniciar sesión con la nueva contraseña.',
      });

      const oldMe = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${oldAccess}` },
      });
      expect(oldMe.statusCode).toBe(401);
      expect(oldMe.json().code).toBe('INVALID_TOKEN');
      // Even the access token issued the same second as the reset: its session was revoked.
      const sessionMe = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(sessionMe.statusCode).toBe(401);
      expect(
        (await post(t, '/auth/refresh', { refresh_token: session.refresh_token })).statusCode,
      ).toBe(401);
      expect(
        (await post(t, '/auth/login', { email: ana.user.email, password: ana.password }))
          .statusCode,
      ).toBe(401);
      const fresh = await post(t, '/auth/login', { email: ana.user.email, password: NEW_PASSWORD });
      expect(fresh.statusCode).toBe(200);
      const freshMe = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${fresh.json<{ access_token: string }>().access_token}` },
      });
      expect(freshMe.statusCode).toBe(200);
    });

    it('refuses a link used once already, and closes the other links of the account', async () => {
      const luis = await createUser(t);
      const first = await requestLink(t, luis, 1);
      const second = await requestLink(t, luis, 2);
      expect(
        (await post(t, '/auth/reset-password', { token: first, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const reused = await post(t, '/auth/reset-password', {
        token: first,
        password: 'otra-contraseña-más',
      });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        code: 'INVALID_RESET_LINK',
        detail:
          'El enlace para restablecer la contraseña no es válido, ya se ha usado o ha caducado. Pide uno nuevo.',
      });
      expect(
        (await post(t, '/auth/reset-password', { token: second, password: 'otra-contraseña-más' }))
          .statusCode,
      ).toBe(422);
      expect(
        (await post(t, '/auth/login', { email: luis.user.email, password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses an expired link and a made-up one', async () => {
      const eva = await createUser(t);
      const token = await requestLink(t, eva);
      await t.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', eva.user.id)
        .execute();
      expect(
        (await post(t, '/auth/reset-password', { token, password: NEW_PASSWORD })).json().code,
      ).toBe('INVALID_RESET_LINK');
      expect(
        (await post(t, '/auth/reset-password', { token: 'inventado', password: NEW_PASSWORD }))
          .statusCode,
      ).toBe(422);
      expect(
        (await post(t, '/auth/login', { email: eva.user.email, password: eva.password }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a password under 8 characters without spending the link', async () => {
      const pia = await createUser(t);
      const token = await requestLink(t, pia);
      const short = await post(t, '/auth/reset-password', { token, password: 'corta' });
      expect(short.statusCode).toBe(422);
      expect(short.json().detail).toBe('La contraseña debe tener al menos 8 caracteres.');
      expect(
        (await post(t, '/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('lets only one of two parallel uses of a link through', async () => {
      const ines = await createUser(t);
      const token = await requestLink(t, ines);
      const answers = await Promise.all([
        post(t, '/auth/reset-password', { token, password: 'primera-contraseña' }),
        post(t, '/auth/reset-password', { token, password: 'segunda-contraseña' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    });

    it('ends a pending sign-in code too', async () => {
      const ona = await createUser(t, { verificacion_codigo: 1 });
      await post(t, '/auth/login', { email: ona.user.email, password: ona.password });
      const code = /\b(\d{6})\b/.exec(
        (await waitForMails(t.config.DATA_DIR, ona.user.email))[0]!.text,
      )![1]!;
      const token = await requestLink(t, ona, 2);
      await post(t, '/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(
        (await post(t, '/auth/verify-login', { email: ona.user.email, code })).statusCode,
      ).toBe(401);
    });
  },
  { PUBLIC_URL },
);
