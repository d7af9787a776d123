import type { Glossary, Member } from '@ludoterm/contract';
import { beforeAll, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { waitForMails } from '../../test/outbox.ts';
import { claimInvitations } from './glossary-members.service.ts';

type Headers = { authorization: string } | Record<string, never>;

describeEngines('glossary members', (t) => {
  let owner: TestUser;
  let editor: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  /** A read-only account (global role lector), shared as editor: its role wins. */
  let globalReader: TestUser;
  let glossary: GlossaryRow;

  beforeAll(async () => {
    owner = await createUser(t, { email: 'duena@ejemplo.es', display_name: 'Dueña' });
    editor = await createUser(t, { display_name: 'Eva Editora' });
    reader = await createUser(t);
    stranger = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
    globalReader = await createUser(t, { role: 'lector' });
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'Compartido' });
    await addMemberRow(t, glossary, editor.user, 'editor');
    await addMemberRow(t, glossary, reader.user, 'lector');
    await addMemberRow(t, glossary, globalReader.user, 'editor');
  });

  const url = (slug = glossary.nombre_seguro) => `/api/glosarios/${slug}/miembros`;
  const listMembers = (headers: Headers) => t.app.inject({ method: 'GET', url: url(), headers });
  const add = (headers: Headers, payload: object, slug?: string) =>
    t.app.inject({ method: 'POST', url: url(slug), headers, payload });
  const remove = (headers: Headers, userId: number, slug?: string) =>
    t.app.inject({ method: 'DELETE', url: `${url(slug)}/${userId}`, headers });
  const visibleTo = async (headers: Headers, slug: string) => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/glosarios', headers })
    ).json() as Glossary[];
    return list.find((g) => g.nombre_seguro === slug);
  };

  it('lists the members with their role, name and whether the invitation is pending', async () => {
    const res = await listMembers(owner.headers);
    expect(res.statusCode).toBe(200);
    const editorRow = (res.json() as Member[]).find((m) => m.user_id === editor.user.id);
    expect(editorRow).toEqual({
      user_id: editor.user.id,
      email: editor.user.email,
      display_name: 'Eva Editora',
      rol: 'editor',
      pendiente: false,
      created_at: expect.any(String),
    });
  });

  it.each([
    ['editor', 200],
    ['reader', 200],
    ['admin', 200],
    ['global lector', 200],
    ['stranger', 404],
  ] as const)('answers the member list to the %s with %i', async (who, status) => {
    const headers = { editor, reader, admin, 'global lector': globalReader, stranger }[who].headers;
    expect((await listMembers(headers)).statusCode).toBe(status);
  });

  it('answers 401 to anonymous callers on every members route', async () => {
    expect((await listMembers({})).statusCode).toBe(401);
    expect((await add({}, { email: 'x@ejemplo.es', rol: 'lector' })).statusCode).toBe(401);
    expect((await remove({}, reader.user.id)).statusCode).toBe(401);
  });

  it('shares with a proven account as lector: the colleague sees it read-only', async () => {
    const colleague = await createUser(t, { email_verified_at: nowIso() });
    const res = await add(owner.headers, {
      email: colleague.user.email.toUpperCase(),
      rol: 'lector',
    });
    expect(res.statusCode).toBe(204);
    expect(await visibleTo(colleague.headers, glossary.nombre_seguro)).toMatchObject({
      acceso: 'lector',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/glosarios/${glossary.nombre_seguro}/configuracion`,
      headers: colleague.headers,
      payload: { descripcion: 'no debería' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('READ_ONLY');

    // Adding the same e-mail again changes the role.
    expect(
      (await add(owner.headers, { email: colleague.user.email, rol: 'editor' })).statusCode,
    ).toBe(204);
    expect(await visibleTo(colleague.headers, glossary.nombre_seguro)).toMatchObject({
      acceso: 'editor',
    });
    const members = (await listMembers(owner.headers)).json() as Member[];
    expect(members.filter((m) => m.email === colleague.user.email)).toHaveLength(1);
  });

  it('keeps a share with an account that has not proven its address pending until it does', async () => {
    const unproven = await createUser(t);
    expect(
      (await add(owner.headers, { email: unproven.user.email, rol: 'editor' })).statusCode,
    ).toBe(204);
    expect(await visibleTo(unproven.headers, glossary.nombre_seguro)).toBeUndefined();
    const members = (await listMembers(owner.headers)).json() as Member[];
    expect(members.find((m) => m.email === unproven.user.email)).toMatchObject({
      user_id: null,
      display_name: null,
      pendiente: true,
    });

    // Sharing again (a role change) does not link it either.
    await add(owner.headers, { email: unproven.user.email, rol: 'lector' });
    expect(await visibleTo(unproven.headers, glossary.nombre_seguro)).toBeUndefined();

    await t.db
      .updateTable('users')
      .set({ email_verified_at: nowIso() })
      .where('id', '=', unproven.user.id)
      .execute();
    expect(await claimInvitations(t.db, unproven.user)).toBe(1);
    expect(await visibleTo(unproven.headers, glossary.nombre_seguro)).toMatchObject({
      acceso: 'lector',
    });
  });

  it('answers an unknown e-mail exactly as a known one (no account enumeration)', async () => {
    const known = await createUser(t);
    const a = await add(owner.headers, { email: known.user.email, rol: 'lector' });
    const b = await add(owner.headers, { email: 'nadie-todavia@ejemplo.es', rol: 'lector' });
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    const strip = (h: Record<string, unknown>) => {
      const { 'x-request-id': _id, date: _date, 'x-ratelimit-remaining': _left, ...rest } = h;
      return rest;
    };
    expect(strip(a.headers)).toEqual(strip(b.headers));
    const pending = (await listMembers(owner.headers)).json() as Member[];
    expect(pending.find((m) => m.email === 'nadie-todavia@ejemplo.es')).toMatchObject({
      user_id: null,
      pendiente: true,
    });
  });

  it('links pending invitations when that e-mail registers', async () => {
    await add(owner.headers, { email: 'Futura@Ejemplo.es', rol: 'editor' });
    const newcomer = await createUser(t, { email: 'futura@ejemplo.es' });
    expect(await visibleTo(newcomer.headers, glossary.nombre_seguro)).toBeUndefined();
    expect(await claimInvitations(t.db, newcomer.user)).toBe(1);
    expect(await visibleTo(newcomer.headers, glossary.nombre_seguro)).toMatchObject({
      acceso: 'editor',
    });
    expect(await claimInvitations(t.db, newcomer.user)).toBe(0);
  });

  it('gives an invitation effect once that e-mail registers and proves it owns the address', async () => {
    const email = `registro-${Date.now()}@ejemplo.es`;
    expect((await add(owner.headers, { email, rol: 'lector' })).statusCode).toBe(204);
    const password = 'contraseña-larga-1';
    const post = (url: string, payload: object, headers: Headers = {}) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
    const registered = await post('/auth/register', { email, password });
    expect(registered.statusCode).toBe(201);
    const login = await post('/auth/login', { email, password });
    const headers = { authorization: `Bearer ${login.json().access_token as string}` };
    // Registering proves nothing: whoever registers an invited address first gets nothing.
    expect(await visibleTo(headers, glossary.nombre_seguro)).toBeUndefined();
    const pending = (await listMembers(owner.headers)).json() as Member[];
    expect(pending.find((m) => m.email === email)).toMatchObject({
      user_id: null,
      pendiente: true,
    });

    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { verificacion_codigo: true },
    });
    expect((await post('/auth/login', { email, password })).json()).toEqual({
      requires_verification: true,
    });
    const [mail] = await waitForMails(t.config.DATA_DIR, email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')![1]!;
    const proven = await post('/auth/verify-login', { email, code });
    const provenHeaders = { authorization: `Bearer ${proven.json().access_token as string}` };
    expect(await visibleTo(provenHeaders, glossary.nombre_seguro)).toMatchObject({
      acceso: 'lector',
    });
    const members = (await listMembers(owner.headers)).json() as Member[];
    expect(members.find((m) => m.email === email)).toMatchObject({
      user_id: registered.json().id,
      pendiente: false,
    });
  });

  it("refuses the owner's own e-mail (422) and a malformed one (422)", async () => {
    const own = await add(owner.headers, { email: 'DUENA@ejemplo.es', rol: 'editor' });
    expect(own.statusCode).toBe(422);
    expect(own.json().detail).toBe('Esa persona ya es la propietaria del glosario.');
    const bad = await add(owner.headers, { email: 'no-es-correo', rol: 'editor' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Escribe un correo electrónico válido.');
    expect((await add(owner.headers, { email: 'a@ejemplo.es', rol: 'admin' })).statusCode).toBe(
      422,
    );
  });

  it.each([
    ['editor', 403],
    ['reader', 403],
    ['global lector', 403],
    ['stranger', 404],
  ] as const)('refuses sharing to the %s with %i', async (who, status) => {
    const headers = { editor, reader, 'global lector': globalReader, stranger }[who].headers;
    expect((await add(headers, { email: 'otra@ejemplo.es', rol: 'editor' })).statusCode).toBe(
      status,
    );
  });

  it('lets an admin share anyone glossary', async () => {
    expect(
      (await add(admin.headers, { email: 'por-admin@ejemplo.es', rol: 'lector' })).statusCode,
    ).toBe(204);
  });

  it('refuses sharing to an owner whose account is read-only', async () => {
    const lectorOwner = await createUser(t, { role: 'lector' });
    const own = await createGlossaryRow(t, lectorOwner.user);
    expect(
      (await add(lectorOwner.headers, { email: 'x@ejemplo.es', rol: 'lector' }, own.nombre_seguro))
        .statusCode,
    ).toBe(403);
  });

  it('removes a member (owner): the former member no longer sees the glossary', async () => {
    const member = await createUser(t);
    await addMemberRow(t, glossary, member.user, 'editor');
    expect((await remove(editor.headers, member.user.id)).statusCode).toBe(403);
    expect((await remove(globalReader.headers, member.user.id)).statusCode).toBe(403);
    expect((await remove(stranger.headers, member.user.id)).statusCode).toBe(404);
    expect((await remove(owner.headers, member.user.id)).statusCode).toBe(204);
    expect(await visibleTo(member.headers, glossary.nombre_seguro)).toBeUndefined();
    const config = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${glossary.nombre_seguro}/configuracion`,
      headers: member.headers,
    });
    expect(config.statusCode).toBe(404);
    expect((await remove(owner.headers, member.user.id)).statusCode).toBe(404);
  });

  it('lets a member leave, and an admin remove anyone', async () => {
    const leaver = await createUser(t);
    const removed = await createUser(t);
    await addMemberRow(t, glossary, leaver.user, 'lector');
    await addMemberRow(t, glossary, removed.user, 'lector');
    expect((await remove(leaver.headers, leaver.user.id)).statusCode).toBe(204);
    expect(await visibleTo(leaver.headers, glossary.nombre_seguro)).toBeUndefined();
    expect((await remove(admin.headers, removed.user.id)).statusCode).toBe(204);
  });

  it('removes a pending invitation by e-mail', async () => {
    await add(owner.headers, { email: 'pendiente@ejemplo.es', rol: 'lector' });
    const del = (headers: Headers) =>
      t.app.inject({
        method: 'DELETE',
        url: `${url()}?email=${encodeURIComponent('Pendiente@ejemplo.es')}`,
        headers,
      });
    expect((await del(reader.headers)).statusCode).toBe(403);
    expect((await del(owner.headers)).statusCode).toBe(204);
    expect((await del(owner.headers)).statusCode).toBe(404);
    const members = (await listMembers(owner.headers)).json() as Member[];
    expect(members.find((m) => m.email === 'pendiente@ejemplo.es')).toBeUndefined();
  });

  it.each(['editor', 'reader'] as const)(
    "answers 404 to the %s restoring the trashed glossary: it is not in the member's own trash",
    async (who) => {
      const trashed = await createGlossaryRow(t, owner.user, {
        nombre: `Papelera compartida ${who}`,
        eliminado_en: nowIso(),
      });
      await addMemberRow(t, trashed, editor.user, 'editor');
      await addMemberRow(t, trashed, reader.user, 'lector');
      const headers = { editor, reader }[who].headers;
      for (const nombre of [trashed.nombre, trashed.nombre_seguro]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/glosarios/restaurar',
          headers,
          payload: { nombre },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().detail).toBe('No hay ningún glosario con ese nombre en tu papelera.');
      }
      const row = await t.db
        .selectFrom('glossaries')
        .select('eliminado_en')
        .where('id', '=', trashed.id)
        .executeTakeFirstOrThrow();
      expect(row.eliminado_en).not.toBeNull();
    },
  );

  it('drops the members with the glossary when it is purged', async () => {
    const doomed = await createGlossaryRow(t, owner.user);
    await addMemberRow(t, doomed, editor.user, 'editor');
    await t.db.deleteFrom('glossaries').where('id', '=', doomed.id).execute();
    const left = await t.db
      .selectFrom('glossary_members')
      .select('id')
      .where('glossary_id', '=', doomed.id)
      .execute();
    expect(left).toEqual([]);
  });
});
