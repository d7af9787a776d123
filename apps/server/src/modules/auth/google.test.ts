import { afterAll, expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { nowIso } from '../../lib/clock.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { createTestGoogleKeys, serveJwks, signGoogleIdToken } from './google-test-keys.ts';

const CLIENT_ID = '1234-ludoterm.apps.googleusercontent.com';
const google = await createTestGoogleKeys();
// Google's published key set, served locally: the app fetches and caches it like the real one.
const jwks = await serveJwks([google.publicJwk]);
afterAll(() => jwks.close());

let counter = 0;
function googleAccount(email = `jugador${(counter += 1)}-${Date.now()}@gmail.com`) {
  return { sub: `sub-${Date.now()}-${(counter += 1)}`, email, name: 'Jugador de Prueba' };
}

function signIn(t: TestApp, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/auth/google', payload });
}

async function meOf(t: TestApp, accessToken: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return res.json<{ email: string; role: string; plan: string; display_name: string | null }>();
}

describeEngines(
  'POST /auth/google',
  (t) => {
    it('creates an account for a new e-mail, by the registration rules, and signs in', async () => {
      const account = googleAccount();
      const token = await signGoogleIdToken(google, account, { audience: CLIENT_ID });
      const res = await signIn(t, { id_token: token });
      expect(res.statusCode).toBe(200);
      const me = await meOf(t, res.json<{ access_token: string }>().access_token);
      // The first account of this installation: admin on pro.
      expect(me).toMatchObject({
        email: account.email,
        role: 'admin',
        plan: 'pro',
        display_name: 'Jugador de Prueba',
      });

      const second = googleAccount();
      const other = await signIn(t, {
        id_token: await signGoogleIdToken(google, second, { audience: CLIENT_ID }),
      });
      expect(await meOf(t, other.json<{ access_token: string }>().access_token)).toMatchObject({
        role: 'editor',
        plan: 'pro_trial',
      });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', second.email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ google_sub: second.sub, password_hash: null });
    });

    it('signs the same Google account in again, to the same user, with the keys fetched once', async () => {
      const account = googleAccount();
      const first = await signIn(t, {
        id_token: await signGoogleIdToken(google, account, { audience: CLIENT_ID }),
      });
      const again = await signIn(t, {
        id_token: await signGoogleIdToken(google, account, { audience: CLIENT_ID }),
      });
      expect(again.statusCode).toBe(200);
      const ids = await t.db
        .selectFrom('users')
        .select('id')
        .where('google_sub', '=', account.sub)
        .execute();
      expect(ids).toHaveLength(1);
      expect(first.statusCode).toBe(200);
      expect(jwks.requests()).toBeLessThanOrEqual(2);
    });

    it('never signs in to an existing account by e-mail alone: 403 ACCOUNT_LINK_REQUIRED', async () => {
      const ana = await createUser(t);
      const token = await signGoogleIdToken(google, googleAccount(ana.user.email), {
        audience: CLIENT_ID,
      });
      const res = await signIn(t, { id_token: token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'ACCOUNT_LINK_REQUIRED',
        detail:
          'Ya existe una cuenta con este correo. Inicia sesión con tu contraseña para vincular Google.',
      });
      const row = await t.db
        .selectFrom('users')
        .select('google_sub')
        .where('id', '=', ana.user.id)
        .executeTakeFirstOrThrow();
      expect(row.google_sub).toBeNull();
    });

    it('links an existing account with its password, then signs in with Google alone', async () => {
      const luis = await createUser(t);
      const account = googleAccount(luis.user.email.toUpperCase());
      const token = await signGoogleIdToken(google, account, { audience: CLIENT_ID });
      const wrong = await signIn(t, { id_token: token, password: 'no-es-la-contraseña' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

      const linked = await signIn(t, { id_token: token, password: luis.password });
      expect(linked.statusCode).toBe(200);
      expect((await meOf(t, linked.json<{ access_token: string }>().access_token)).email).toBe(
        luis.user.email,
      );
      const later = await signIn(t, {
        id_token: await signGoogleIdToken(google, account, { audience: CLIENT_ID }),
      });
      expect(later.statusCode).toBe(200);
    });

    it('gives a Google account the invitations to its address: Google verified it', async () => {
      const owner = await createUser(t);
      const invitedAtOnce = await createGlossaryRow(t, owner.user);
      const invitedLater = await createGlossaryRow(t, owner.user);
      const invite = (glossaryId: number, email: string) =>
        t.db
          .insertInto('glossary_members')
          .values({
            glossary_id: glossaryId,
            user_id: null,
            email,
            rol: 'lector',
            created_at: nowIso(),
          })
          .execute();
      const account = googleAccount();
      await invite(invitedAtOnce.id, account.email);
      const res = await signIn(t, {
        id_token: await signGoogleIdToken(google, account, { audience: CLIENT_ID }),
      });
      expect(res.statusCode).toBe(200);
      const members = await t.db
        .selectFrom('glossary_members')
        .select('user_id')
        .where('email', '=', account.email)
        .execute();
      expect(members.map((m) => m.user_id)).toEqual([expect.any(Number)]);

      // A password account with a pending invitation proves its address by linking Google.
      const luisa = await createUser(t);
      const linkedAccount = googleAccount(luisa.user.email);
      await invite(invitedLater.id, luisa.user.email);
      const linked = await signIn(t, {
        id_token: await signGoogleIdToken(google, linkedAccount, { audience: CLIENT_ID }),
        password: luisa.password,
      });
      expect(linked.statusCode).toBe(200);
      const luisaMember = await t.db
        .selectFrom('glossary_members')
        .select('user_id')
        .where('glossary_id', '=', invitedLater.id)
        .executeTakeFirstOrThrow();
      expect(luisaMember.user_id).toBe(luisa.user.id);
    });

    it('refuses an account already linked to another Google account (409)', async () => {
      const eva = await createUser(t, { google_sub: `otra-${Date.now()}` });
      const token = await signGoogleIdToken(google, googleAccount(eva.user.email), {
        audience: CLIENT_ID,
      });
      const res = await signIn(t, { id_token: token, password: eva.password });
      expect(res.statusCode).toBe(409);
    });

    it('refuses forged, foreign, expired and unverified tokens', async () => {
      const account = googleAccount();
      const forger = await createTestGoogleKeys(google.kid);
      const cases = [
        await signGoogleIdToken(forger, account, { audience: CLIENT_ID }),
        await signGoogleIdToken(google, account, {
          audience: 'otra-app.apps.googleusercontent.com',
        }),
        await signGoogleIdToken(google, account, {
          audience: CLIENT_ID,
          issuer: 'https://evil.example',
        }),
        await signGoogleIdToken(google, account, { audience: CLIENT_ID, expiresInSeconds: -120 }),
      ];
      for (const idToken of cases) {
        const res = await signIn(t, { id_token: idToken });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('INVALID_TOKEN');
      }
      const unverified = await signIn(t, {
        id_token: await signGoogleIdToken(
          google,
          { ...account, email_verified: false },
          { audience: CLIENT_ID },
        ),
      });
      expect(unverified.statusCode).toBe(403);
      const users = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email)
        .execute();
      expect(users).toHaveLength(0);
    });

    it('offers Google in GET /health and lets its script in through the CSP', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json().google_client_id).toBe(CLIENT_ID);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://accounts.google.com");
      expect(csp).toContain('frame-src https://accounts.google.com');
    });

    it('asks for the token (422)', async () => {
      expect((await signIn(t, {})).statusCode).toBe(422);
    });
  },
  { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url },
);

describeEngines('POST /auth/google without GOOGLE_CLIENT_ID', (t) => {
  it('offers no Google in GET /health and keeps Google out of the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().google_client_id).toBeNull();
    expect(String(res.headers['content-security-policy'])).not.toContain('google');
  });

  it('answers 404 saying Google sign-in is off', async () => {
    const token = await signGoogleIdToken(google, googleAccount(), { audience: CLIENT_ID });
    const res = await signIn(t, { id_token: token });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(
      'El inicio de sesión con Google no está activado en esta instalación.',
    );
  });
});

describeEngines(
  'POST /auth/google when Google cannot be reached',
  (t) => {
    it("answers 503: fetching Google's keys needs the internet", async () => {
      const token = await signGoogleIdToken(google, googleAccount(), { audience: CLIENT_ID });
      const res = await signIn(t, { id_token: token });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toMatch(/No se ha podido contactar con Google/);
    });
  },
  // Nothing listens on port 9 of the loopback interface.
  { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/oauth2/v3/certs' },
);
