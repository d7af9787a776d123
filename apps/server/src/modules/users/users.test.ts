import type { AdminUser } from '@ludoterm/contract';
import { expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';

describeEngines('GET /api/admin/users', (t) => {
  it('is for administrators only', async () => {
    const editor = await createUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'ADMIN_ONLY',
      detail: 'Solo un administrador puede hacer esto.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('pages accounts by 5 with X-Total-Count and never answers password hashes', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (let i = 0; i < 6; i += 1) await createUser(t);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: admin.headers,
    });
    const total = Number(all.headers['x-total-count']);
    expect(all.json()).toHaveLength(total);
    expect(total).toBeGreaterThanOrEqual(7);

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?pagina=1',
      headers: admin.headers,
    });
    expect(first.json()).toHaveLength(5);
    expect(first.headers['x-total-count']).toBe(String(total));
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?pagina=${Math.ceil(total / 5)}&por_pagina=5`,
      headers: admin.headers,
    });
    expect(last.json()).toHaveLength(total % 5 || 5);
    const user = first.json<AdminUser[]>()[0]!;
    expect(Object.keys(user).sort()).toEqual(
      [
        'avatar_url',
        'created_at',
        'display_name',
        'email',
        'id',
        'plan',
        'role',
        'trial_ends_at',
        'trial_remaining',
        'verificacion_codigo',
      ].sort(),
    );
  });

  it('filters by a case-insensitive e-mail substring, with % and _ matched literally', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await createUser(t, { email: 'marta.ruiz@estudio-ludico.es' });
    await createUser(t, { email: 'martin_lopez@traduce.es' });
    await createUser(t, { email: 'ana@otra.es' });
    const search = async (email: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?email=${encodeURIComponent(email)}&pagina=1&por_pagina=5`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return {
        emails: res.json<AdminUser[]>().map((u) => u.email),
        total: res.headers['x-total-count'],
      };
    };
    expect(await search('MART')).toEqual({
      emails: ['marta.ruiz@estudio-ludico.es', 'martin_lopez@traduce.es'],
      total: '2',
    });
    expect((await search('n_l')).emails).toEqual(['martin_lopez@traduce.es']);
    expect((await search('%')).emails).toEqual([]);
    expect((await search('ESTUDIO-LUDICO')).emails).toEqual(['marta.ruiz@estudio-ludico.es']);
  });
});

describeEngines('PUT /api/admin/users/{id}', (t) => {
  const put = (headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers, payload });

  it('is for administrators only', async () => {
    const editor = await createUser(t);
    const other = await createUser(t);
    const res = await put(editor.headers, other.user.id, { role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ADMIN_ONLY');
    const self = await put(editor.headers, editor.user.id, { plan: 'pro' });
    expect(self.statusCode).toBe(403);
  });

  it('changes role and plan, which apply at once to the user', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const target = await createUser(t, { role: 'editor', plan: 'pro' });
    const res = await put(admin.headers, target.user.id, { role: 'lector', plan: 'free' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.user.id,
      role: 'lector',
      plan: 'free',
      trial_remaining: null,
      trial_ends_at: null,
    });
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'lector', plan: 'free' });

    const promote = await put(admin.headers, target.user.id, { role: 'admin' });
    expect(promote.json()).toMatchObject({ role: 'admin', plan: 'free' });
    // The promoted user can use the admin API with the token issued before the change.
    const asNewAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: target.headers,
    });
    expect(asNewAdmin.statusCode).toBe(200);
  });

  it('gives a fresh trial of TRIAL_DAYS when the plan is set to pro_trial', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const expired = await createUser(t, {
      plan: 'pro_trial',
      trial_ends_at: new Date(Date.now() - DAY_MS).toISOString(),
    });
    const res = await put(admin.headers, expired.user.id, { plan: 'pro_trial' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminUser>();
    expect(body.plan).toBe('pro_trial');
    expect(body.trial_remaining).toBe(14);
    expect(Date.parse(body.trial_ends_at!) - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
  });

  it('never demotes the last administrator (409 LAST_ADMIN) but demotes one of two', async () => {
    // This suite's database may already hold administrators from other tests: demote them first.
    const admin = await createUser(t, { role: 'admin' });
    await t.db
      .updateTable('users')
      .set({ role: 'editor' })
      .where('id', '!=', admin.user.id)
      .execute();

    const alone = await put(admin.headers, admin.user.id, { role: 'editor' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({
      code: 'LAST_ADMIN',
      detail: 'No se puede quitar el rol de administrador al último administrador.',
    });
    const planOnly = await put(admin.headers, admin.user.id, { plan: 'free', role: 'admin' });
    expect(planOnly.statusCode).toBe(200);

    const second = await createUser(t, { role: 'admin' });
    const demoted = await put(admin.headers, second.user.id, { role: 'lector' });
    expect(demoted.json()).toMatchObject({ role: 'lector' });
    const third = await createUser(t, { role: 'admin' });
    const [a, b] = await Promise.all([
      put(admin.headers, third.user.id, { role: 'editor' }),
      put(third.headers, admin.user.id, { role: 'editor' }),
    ]);
    // Two administrators demoting each other at once: exactly one wins. The other is refused
    // as the last admin (409), or, when its request starts after the first one committed, as
    // no longer an admin (403).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('refuses an empty change, unknown values and unknown users', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const target = await createUser(t);
    const empty = await put(admin.headers, target.user.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('Indica un rol o un plan.');
    expect((await put(admin.headers, target.user.id, { role: 'root' })).statusCode).toBe(422);
    expect((await put(admin.headers, target.user.id, { plan: 'gold' })).statusCode).toBe(422);
    expect((await put(admin.headers, 999_999, { plan: 'pro' })).statusCode).toBe(404);
  });
});
