import { expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { waitForMails } from '../../test/outbox.ts';

const PUBLIC_URL = 'https://ludoterm.example';

type Headers = { authorization: string } | Record<string, never>;

function post(t: TestApp, url: string, headers: Headers, payload?: object) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
}

const status = (t: TestApp, headers: Headers) =>
  t.app.inject({ url: '/api/auth/email-confirmation', headers });

/** Asks for a link as `user` and answers the token of the `nth` e-mail that arrives. */
async function requestLink(t: TestApp, user: TestUser, nth = 1): Promise<string> {
  const res = await post(t, '/auth/email-confirmation', user.headers);
  expect(res.statusCode).toBe(200);
  const mails = await waitForMails(t.config.DATA_DIR, user.user.email, nth);
  const mail = mails[nth - 1];
  expect(mail?.subject).toBe('Confirma tu correo en LudoTerm');
  const link = /https:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error('no ha llegado el enlace');
  expect(link.startsWith(`${PUBLIC_URL}/confirmar-correo?token=`)).toBe(true);
  return new URL(link).searchParams.get('token')!;
}

/** A glossary of a new owner, shared through the API with `email`. */
async function share(t: TestApp, email: string): Promise<GlossaryRow> {
  const owner = await createUser(t);
  const glossary = await createGlossaryRow(t, owner.user);
  const res = await post(t, `/glosarios/${glossary.nombre_seguro}/miembros`, owner.headers, {
    email,
    rol: 'editor',
  });
  expect(res.statusCode).toBe(204);
  return glossary;
}

async function sees(t: TestApp, user: TestUser, glossary: GlossaryRow): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/glosarios', headers: user.headers });
  return res.json<Array<{ id: number }>>().some((g) => g.id === glossary.id);
}

describeEngines(
  'confirming the address through an e-mailed link',
  (t) => {
    it('gives an unproven account the glossaries shared with it only once it uses the link', async () => {
      const colleague = await createUser(t);
      const first = await share(t, colleague.user.email.toUpperCase());
      const second = await share(t, colleague.user.email);
      expect(await sees(t, colleague, first)).toBe(false);
      expect((await status(t, colleague.headers)).json()).toEqual({
        correo_confirmado: false,
        invitaciones_pendientes: 2,
      });

      const token = await requestLink(t, colleague);
      const stored = await t.db
        .selectFrom('email_confirmation_tokens')
        .select(['token_hash', 'expires_at', 'created_at'])
        .where('user_id', '=', colleague.user.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(token);
      expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(24 * 3600_000);
      // Asking for the link proves nothing yet.
      expect(await sees(t, colleague, first)).toBe(false);

      const used = await post(t, '/auth/confirm-email', colleague.headers, { token });
      expect(used.statusCode).toBe(200);
      expect(used.json().detail).toBe(
        'Correo confirmado. Ya puedes ver los glosarios que te han compartido.',
      );
      expect(await sees(t, colleague, first)).toBe(true);
      expect(await sees(t, colleague, second)).toBe(true);
      expect((await status(t, colleague.headers)).json()).toEqual({
        correo_confirmado: true,
        invitaciones_pendientes: 0,
      });

      const again = await post(t, '/auth/confirm-email', colleague.headers, { token });
      expect(again.statusCode).toBe(422);
      expect(again.json().code).toBe('INVALID_CONFIRMATION_LINK');
      // A proven account is linked at once when shared with later.
      expect(await sees(t, colleague, await share(t, colleague.user.email))).toBe(true);
    });

    it('refuses the link to any other account, which stays unproven', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const glossary = await share(t, other.user.email);
      const token = await requestLink(t, owner);

      const borrowed = await post(t, '/auth/confirm-email', other.headers, { token });
      expect(borrowed.statusCode).toBe(422);
      expect(borrowed.json()).toEqual({
        code: 'INVALID_CONFIRMATION_LINK',
        detail:
          'El enlace para confirmar el correo no es válido, ya se ha usado, ha caducado o es de otra cuenta. Pide uno nuevo desde Glosarios.',
      });
      expect(await sees(t, other, glossary)).toBe(false);
      expect((await status(t, other.headers)).json()).toMatchObject({ correo_confirmado: false });
      // Refused, it stays usable by its own account.
      expect((await post(t, '/auth/confirm-email', owner.headers, { token })).statusCode).toBe(200);
    });

    it('refuses an expired link, an unknown one, and anonymous callers', async () => {
      const user = await createUser(t);
      const token = await requestLink(t, user);
      await t.db
        .updateTable('email_confirmation_tokens')
        .set({ expires_at: nowIso() })
        .where('user_id', '=', user.user.id)
        .execute();
      const expired = await post(t, '/auth/confirm-email', user.headers, { token });
      expect(expired.statusCode).toBe(422);
      expect(expired.json().code).toBe('INVALID_CONFIRMATION_LINK');
      const unknown = await post(t, '/auth/confirm-email', user.headers, { token: 'no-existe' });
      expect(unknown.json().code).toBe('INVALID_CONFIRMATION_LINK');
      const empty = await post(t, '/auth/confirm-email', user.headers, { token: '' });
      expect(empty.statusCode).toBe(422);
      expect((await status(t, user.headers)).json()).toMatchObject({ correo_confirmado: false });

      expect((await status(t, {})).statusCode).toBe(401);
      expect((await post(t, '/auth/email-confirmation', {})).statusCode).toBe(401);
      expect((await post(t, '/auth/confirm-email', {}, { token })).statusCode).toBe(401);
    });

    it('e-mails at most three links an hour, and none to a proven address', async () => {
      const user = await createUser(t);
      for (let nth = 1; nth <= 3; nth += 1) await requestLink(t, user, nth);
      const fourth = await post(t, '/auth/email-confirmation', user.headers);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().detail).toBe(
        'Ya te hemos enviado 3 enlaces en la última hora. Usa el más reciente o vuelve a intentarlo más tarde.',
      );

      const proven = await createUser(t, { email_verified_at: nowIso() });
      const refused = await post(t, '/auth/email-confirmation', proven.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe('Tu correo ya está confirmado.');
    });

    it('does not count invitations to glossaries in the trash', async () => {
      const user = await createUser(t);
      const glossary = await share(t, user.user.email);
      await t.db
        .updateTable('glossaries')
        .set({ eliminado_en: nowIso() })
        .where('id', '=', glossary.id)
        .execute();
      expect((await status(t, user.headers)).json()).toEqual({
        correo_confirmado: false,
        invitaciones_pendientes: 0,
      });
    });
  },
  { PUBLIC_URL },
);

describeEngines(
  'ADMIN_EMAIL and the confirmation link',
  (t) => {
    it('makes the ADMIN_EMAIL account admin only once it uses the link', async () => {
      const boss = await createUser(t, { email: 'jefa@ejemplo.es' });
      expect(
        (await t.app.inject({ url: '/api/admin/users', headers: boss.headers })).statusCode,
      ).toBe(403);
      const token = await requestLink(t, boss);
      expect((await post(t, '/auth/confirm-email', boss.headers, { token })).statusCode).toBe(200);
      const me = await t.app.inject({ url: '/api/auth/me', headers: boss.headers });
      expect(me.json()).toMatchObject({ role: 'admin' });
      expect(
        (await t.app.inject({ url: '/api/admin/users', headers: boss.headers })).statusCode,
      ).toBe(200);
    });
  },
  { PUBLIC_URL, ADMIN_EMAIL: 'jefa@ejemplo.es' },
);
