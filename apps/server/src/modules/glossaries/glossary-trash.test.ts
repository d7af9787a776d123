import type { Glossary, TrashItem } from '@ludoterm/contract';
import { describe, expect, it } from 'vitest';
import { runTrashPurge } from '../../jobs/trash-purge.job.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  trashedDaysAgo,
} from '../../test/factories.ts';
import { daysRemaining, purgeExpiredTrash } from './glossary-trash.service.ts';

type Headers = { authorization: string } | Record<string, never>;
const DAY = 24 * 60 * 60 * 1000;

describe('daysRemaining', () => {
  const deleted = '2026-01-01T00:00:00.000Z';
  const at = (ms: number) => Date.parse(deleted) + ms;
  it.each([
    [0, 30],
    [1, 30],
    [DAY - 1, 30],
    [DAY, 29],
    [29 * DAY, 1],
    [30 * DAY - 1, 1],
    [30 * DAY, 0],
    [45 * DAY, 0],
  ])('after %i ms answers %i', (elapsed, expected) => {
    expect(daysRemaining(deleted, at(elapsed))).toBe(expected);
  });
});

async function trashedGlossary(
  t: TestApp,
  owner: Parameters<typeof createGlossaryRow>[1],
  days: number,
  nombre?: string,
) {
  const row = await createGlossaryRow(t, owner, { nombre, eliminado_en: new Date().toISOString() });
  await trashedDaysAgo(t, row, days);
  return row;
}

describeEngines('GET /api/glosarios/eliminados', (t) => {
  const trash = (headers: Headers) =>
    t.app.inject({ method: 'GET', url: '/api/glosarios/eliminados', headers });

  it('lists only the caller trash, most recent first, with the days remaining', async () => {
    const { user, headers } = await createUser(t);
    const other = await createUser(t);
    const old = await trashedGlossary(t, user, 29.5, 'Viejo');
    const expired = await trashedGlossary(t, user, 30, 'Caducado');
    const recent = await trashedGlossary(t, user, 0.01, 'Reciente');
    await createGlossaryRow(t, user, { nombre: 'Activo' });
    await trashedGlossary(t, other.user, 1, 'De otra persona');

    const res = await trash(headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TrashItem[];
    expect(body.map((i) => [i.nombre, i.dias_restantes])).toEqual([
      ['Reciente', 30],
      ['Viejo', 1],
      ['Caducado', 0],
    ]);
    expect(body[0]).toEqual({
      id: recent.id,
      nombre: 'Reciente',
      nombre_seguro: recent.nombre_seguro,
      idioma_origen: 'es',
      idioma_meta: 'en',
      eliminado_en: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      dias_restantes: 30,
    });
    expect([old.id, expired.id]).toEqual([body[1]!.id, body[2]!.id]);
  });

  it('answers an empty list and 401 to anonymous callers', async () => {
    expect((await trash((await createUser(t)).headers)).json()).toEqual([]);
    expect((await trash({})).statusCode).toBe(401);
  });
});

describeEngines('POST /api/glosarios/restaurar', (t) => {
  const restore = (headers: Headers, nombre: string) =>
    t.app.inject({ method: 'POST', url: '/api/glosarios/restaurar', headers, payload: { nombre } });
  const listed = async (headers: Headers) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/glosarios', headers })).json() as Glossary[]
    ).map((g) => g.id);

  it('brings a glossary back by name (case and accents ignored), with its members', async () => {
    const { user, headers } = await createUser(t, { display_name: 'Restauradora' });
    const member = await createUser(t);
    const row = await trashedGlossary(t, user, 3, 'Mazmorras');
    await addMemberRow(t, row, member.user, 'lector');
    const res = await restore(headers, '  MAZMÓRRAS ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      nombre: 'Mazmorras',
      propietario: 'Restauradora',
      acceso: 'propietario',
    });
    expect(await listed(headers)).toContain(row.id);
    expect(await listed(member.headers)).toContain(row.id);
    const trash = await t.app.inject({ method: 'GET', url: '/api/glosarios/eliminados', headers });
    expect(trash.json()).toEqual([]);
  });

  it('accepts the nombre_seguro, and takes the most recently deleted of two with one name', async () => {
    const { user, headers } = await createUser(t);
    const older = await trashedGlossary(t, user, 5, 'Gemelo');
    const newer = await trashedGlossary(t, user, 2, 'Gemelo');
    expect((await restore(headers, 'Gemelo')).json().id).toBe(newer.id);
    // The other one now clashes with the restored one's name.
    const clash = await restore(headers, older.nombre_seguro);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('GLOSSARY_NAME_TAKEN');
  });

  it('restores at 29 days and refuses once 30 days have fully elapsed', async () => {
    const { user, headers } = await createUser(t);
    const almost = await trashedGlossary(t, user, 29, 'Casi');
    await trashedGlossary(t, user, 30, 'Tarde');
    expect((await restore(headers, 'Casi')).statusCode).toBe(200);
    expect(await listed(headers)).toContain(almost.id);
    const late = await restore(headers, 'Tarde');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'TRASH_EXPIRED',
      detail: 'Han pasado 30 días desde que se eliminó: ya no se puede restaurar.',
    });
  });

  it('refuses when an active glossary of the caller now has that name (409)', async () => {
    const { user, headers } = await createUser(t);
    await trashedGlossary(t, user, 1, 'Repetido');
    await createGlossaryRow(t, user, { nombre: 'repetido' });
    const res = await restore(headers, 'Repetido');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('GLOSSARY_NAME_TAKEN');
  });

  it("never reaches someone else's trash, except an admin by nombre_seguro", async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const row = await trashedGlossary(t, owner.user, 1, 'Privado');
    await addMemberRow(t, row, member.user, 'editor');
    expect((await restore(member.headers, 'Privado')).statusCode).toBe(404);
    expect((await restore(member.headers, row.nombre_seguro)).statusCode).toBe(404);
    expect((await restore(admin.headers, 'Privado')).statusCode).toBe(404);
    const res = await restore(admin.headers, row.nombre_seguro);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(row.id);
  });

  it('refuses a read-only account, an unknown name, a blank one and anonymous callers', async () => {
    const lector = await createUser(t, { role: 'lector' });
    await trashedGlossary(t, lector.user, 1, 'De lectora');
    expect((await restore(lector.headers, 'De lectora')).statusCode).toBe(403);
    const { headers } = await createUser(t);
    const unknown = await restore(headers, 'No existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No hay ningún glosario con ese nombre en tu papelera.');
    expect((await restore(headers, '  ')).statusCode).toBe(422);
    expect((await restore({}, 'x')).statusCode).toBe(401);
  });
});

describeEngines('trash purge', (t) => {
  const exists = async (id: number) =>
    (await t.db.selectFrom('glossaries').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('deletes exactly the glossaries with 0 days remaining, with their members', async () => {
    const { user } = await createUser(t);
    const member = await createUser(t);
    const expired = await trashedGlossary(t, user, 30);
    const longExpired = await trashedGlossary(t, user, 90);
    const lastDay = await trashedGlossary(t, user, 29.9);
    const active = await createGlossaryRow(t, user);
    await addMemberRow(t, expired, member.user, 'editor');

    expect(await purgeExpiredTrash(t.db)).toBe(2);
    expect(await exists(expired.id)).toBe(false);
    expect(await exists(longExpired.id)).toBe(false);
    expect(await exists(lastDay.id)).toBe(true);
    expect(await exists(active.id)).toBe(true);
    const members = await t.db
      .selectFrom('glossary_members')
      .select('id')
      .where('glossary_id', '=', expired.id)
      .execute();
    expect(members).toEqual([]);
    expect(await purgeExpiredTrash(t.db)).toBe(0);
  });

  it('runs twice at once without errors and deletes each expired glossary once', async () => {
    const { user } = await createUser(t);
    const expired = await Promise.all(
      Array.from({ length: 7 }, () => trashedGlossary(t, user, 31)),
    );
    const kept = await trashedGlossary(t, user, 10);
    const results = await Promise.all([
      runTrashPurge(t.db, 'instancia-a'),
      runTrashPurge(t.db, 'instancia-b'),
    ]);
    expect(results.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(7);
    for (const row of expired) expect(await exists(row.id)).toBe(false);
    expect(await exists(kept.id)).toBe(true);
    // The lock was given back: the next run takes it again.
    expect(await runTrashPurge(t.db, 'instancia-c')).toBe(0);
  });

  it('two unlocked purges racing still delete each glossary once (the delete is idempotent)', async () => {
    const { user } = await createUser(t);
    const expired = await Promise.all(
      Array.from({ length: 5 }, () => trashedGlossary(t, user, 40)),
    );
    const counts = await Promise.all([purgeExpiredTrash(t.db), purgeExpiredTrash(t.db)]);
    expect(counts[0] + counts[1]).toBe(5);
    for (const row of expired) expect(await exists(row.id)).toBe(false);
  });

  it('skips the run while another instance holds a live lock', async () => {
    const { user } = await createUser(t);
    const expired = await trashedGlossary(t, user, 31);
    const until = new Date(Date.now() + 60_000).toISOString();
    await t.db
      .updateTable('job_locks')
      .set({ holder: 'otra-instancia', locked_until: until })
      .where('name', '=', 'trash-purge')
      .execute();
    expect(await runTrashPurge(t.db, 'esta-instancia')).toBeNull();
    expect(await exists(expired.id)).toBe(true);
    // A lease that ran out (the holder crashed) is taken over.
    await t.db
      .updateTable('job_locks')
      .set({ locked_until: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect(await runTrashPurge(t.db, 'esta-instancia')).toBe(1);
  });
});

describeEngines(
  'scheduled trash purge',
  (t) => {
    it('purges the expired trash when the app starts', async () => {
      for (let i = 0; i < 50; i += 1) {
        const left = await t.db.selectFrom('glossaries').select('nombre').execute();
        if (left.length === 1) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const left = await t.db.selectFrom('glossaries').select('nombre').execute();
      expect(left).toEqual([{ nombre: 'Reciente' }]);
    });
  },
  { PURGE_INTERVAL_MINUTES: '60' },
  async (app) => {
    const now = new Date().toISOString();
    const user = await app.db
      .insertInto('users')
      .values({
        email: 'planificada@ejemplo.es',
        role: 'editor',
        plan: 'pro',
        password_hash: null,
        verificacion_codigo: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 31 * DAY).toISOString();
    for (const [nombre, eliminado_en] of [
      ['Caducado', old],
      ['Reciente', now],
    ] as const) {
      await app.db
        .insertInto('glossaries')
        .values({
          owner_id: user.id,
          nombre,
          nombre_plegado: nombre.toLowerCase(),
          nombre_seguro: `${nombre.toLowerCase()}-planificada`,
          idioma_origen: 'es',
          idioma_meta: 'en',
          descripcion: null,
          num_entradas: 0,
          created_at: now,
          updated_at: now,
          eliminado_en,
        })
        .execute();
    }
  },
);
