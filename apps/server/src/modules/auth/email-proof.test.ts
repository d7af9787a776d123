import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { waitForMails } from '../../test/outbox.ts';

const PASSWORD = 'contraseña-segura';
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@ejemplo.es`;

function post(t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
}

/** Registers through the API, as a stranger would, and answers the account's access token. */
async function register(t: TestApp, email: string): Promise<{ authorization: string }> {
  expect((await post(t, '/auth/register', { email, password: PASSWORD })).statusCode).toBe(201);
  const login = await post(t, '/auth/login', { email, password: PASSWORD });
  return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
}

/** A glossary shared with an address that has no account yet. */
async function invite(t: TestApp, email: string): Promise<GlossaryRow> {
  const owner = await createUser(t);
  const glossary = await createGlossaryRow(t, owner.user);
  const res = await post(
    t,
    `/glosarios/${glossary.nombre_seguro}/miembros`,
    { email, rol: 'editor' },
    owner.headers,
  );
  expect(res.statusCode).toBeLessThan(300);
  return glossary;
}

async function visibleNames(t: TestApp, headers: { authorization: string }): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/glosarios', headers });
  expect(res.statusCode).toBe(200);
  return res.json<Array<{ nombre_seguro: string }>>().map((g) => g.nombre_seguro);
}

/** Proves the address the way the app offers: sign-in code on, then the code e-mailed to it. */
async function proveWithCode(t: TestApp, email: string, headers: { authorization: string }) {
  const on = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers,
    payload: { verificacion_codigo: true },
  });
  expect(on.statusCode).toBe(200);
  const login = await post(t, '/auth/login', { email, password: PASSWORD });
  expect(login.json()).toEqual({ requires_verification: true });
  const [mail] = await waitForMails(t.config.DATA_DIR, email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')![1]!;
  const verified = await post(t, '/auth/verify-login', { email, code });
  expect(verified.statusCode).toBe(200);
  return { authorization: `Bearer ${verified.json<{ access_token: string }>().access_token}` };
}

describeEngines('invitations to an address wait for the proof that the account owns it', (t) => {
  it('gives nothing to whoever registers the invited address first', async () => {
    const email = uniqueEmail('invitada');
    const glossary = await invite(t, email);
    const headers = await register(t, email.toUpperCase());

    expect(await visibleNames(t, headers)).not.toContain(glossary.nombre_seguro);
    const entries = await t.app.inject({
      url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
      headers,
    });
    expect(entries.statusCode).toBe(404);
    const member = await t.db
      .selectFrom('glossary_members')
      .select('user_id')
      .where('glossary_id', '=', glossary.id)
      .executeTakeFirstOrThrow();
    expect(member.user_id).toBeNull();
  });

  it('gives the invited glossaries once the account enters with a code e-mailed to it', async () => {
    const email = uniqueEmail('invitada');
    const glossary = await invite(t, email);
    const headers = await proveWithCode(t, email, await register(t, email));
    expect(await visibleNames(t, headers)).toContain(glossary.nombre_seguro);
    const user = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
  });

  it('gives them once the account uses a password-reset link e-mailed to it', async () => {
    const email = uniqueEmail('olvidadiza');
    const glossary = await invite(t, email);
    await register(t, email);
    await post(t, '/auth/forgot-password', { email });
    const [mail] = await waitForMails(t.config.DATA_DIR, email);
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    const reset = await post(t, '/auth/reset-password', { token, password: 'otra-contraseña-1' });
    expect(reset.statusCode).toBe(200);

    const login = await post(t, '/auth/login', { email, password: 'otra-contraseña-1' });
    const headers = {
      authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
    };
    expect(await visibleNames(t, headers)).toContain(glossary.nombre_seguro);
  });

  it('leaves invitations to other addresses alone', async () => {
    const invited = uniqueEmail('invitada');
    const glossary = await invite(t, invited);
    const other = uniqueEmail('otra');
    const headers = await proveWithCode(t, other, await register(t, other));
    expect(await visibleNames(t, headers)).not.toContain(glossary.nombre_seguro);
    const member = await t.db
      .selectFrom('glossary_members')
      .select(['user_id', 'email'])
      .where('glossary_id', '=', glossary.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ user_id: null, email: invited });
  });
});

describeEngines(
  'ADMIN_EMAIL waits for the proof of the address',
  (t) => {
    it('registers that address as an editor, and makes it admin once it proves the address', async () => {
      const headers = await register(t, 'Jefa@Ejemplo.es');
      const before = await t.app.inject({ url: '/api/auth/me', headers });
      expect(before.json()).toMatchObject({ role: 'editor', plan: 'pro_trial' });
      const admin = await t.app.inject({ url: '/api/admin/users', headers });
      expect(admin.statusCode).toBe(403);

      const proven = await proveWithCode(t, 'jefa@ejemplo.es', headers);
      const after = await t.app.inject({ url: '/api/auth/me', headers: proven });
      expect(after.json()).toMatchObject({ role: 'admin', plan: 'pro', trial_remaining: null });
    });

    it('never makes another address admin, proven or not', async () => {
      const email = uniqueEmail('otra');
      const headers = await proveWithCode(t, email, await register(t, email));
      const me = await t.app.inject({ url: '/api/auth/me', headers });
      expect(me.json()).toMatchObject({ role: 'editor' });
    });
  },
  { ADMIN_EMAIL: 'jefa@ejemplo.es', TRIAL_DAYS: '30' },
);
