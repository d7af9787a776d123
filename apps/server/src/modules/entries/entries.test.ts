import type { Entry, HistoryItem } from '@ludoterm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { checkSearchIndex } from './search-index-check.ts';

type Headers = { authorization: string } | Record<string, never>;
const anonymous: Headers = {};

function api(t: TestApp) {
  const base = (g: Pick<GlossaryRow, 'nombre_seguro'>) =>
    `/api/glosarios/${g.nombre_seguro}/entradas`;
  return {
    list: (g: GlossaryRow, headers: Headers, query = '') =>
      t.app.inject({ method: 'GET', url: `${base(g)}${query}`, headers }),
    create: (g: GlossaryRow, headers: Headers, payload: object) =>
      t.app.inject({ method: 'POST', url: base(g), headers, payload }),
    update: (g: GlossaryRow, headers: Headers, id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `${base(g)}/${id}`, headers, payload }),
    remove: (g: GlossaryRow, headers: Headers, id: number) =>
      t.app.inject({ method: 'DELETE', url: `${base(g)}/${id}`, headers }),
    removeMany: (g: GlossaryRow, headers: Headers, ids: number[]) =>
      t.app.inject({ method: 'POST', url: `${base(g)}/eliminar`, headers, payload: { ids } }),
    recover: (g: GlossaryRow, headers: Headers, id: number) =>
      t.app.inject({ method: 'POST', url: `${base(g)}/${id}/recuperar`, headers }),
    history: (g: GlossaryRow, headers: Headers, id: number) =>
      t.app.inject({ method: 'GET', url: `${base(g)}/${id}/historial`, headers }),
    restore: (g: GlossaryRow, headers: Headers, id: number, version_index: number) =>
      t.app.inject({
        method: 'POST',
        url: `${base(g)}/${id}/restaurar`,
        headers,
        payload: { version_index },
      }),
  };
}

async function entryCount(t: TestApp, glossary: GlossaryRow): Promise<number> {
  const row = await t.db
    .selectFrom('glossaries')
    .select('num_entradas')
    .where('id', '=', glossary.id)
    .executeTakeFirstOrThrow();
  return row.num_entradas;
}

describeEngines('entries', (t) => {
  const call = api(t);
  let owner: TestUser;
  let editor: TestUser;
  let reader: TestUser;
  let lectorAccount: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let glossary: GlossaryRow;

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Ana Dueña' });
    editor = await createUser(t, { display_name: 'Eva Editora' });
    reader = await createUser(t);
    lectorAccount = await createUser(t, { role: 'lector' });
    stranger = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'RPG' });
    await addMemberRow(t, glossary, editor.user, 'editor');
    await addMemberRow(t, glossary, reader.user, 'lector');
    // A read-only account never writes, even as an editor member.
    await addMemberRow(t, glossary, lectorAccount.user, 'editor');
  });

  async function create(
    payload: object,
    headers: Headers = owner.headers,
    g = glossary,
  ): Promise<Entry> {
    const res = await call.create(g, headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Entry;
  }

  async function expectConsistent(g = glossary) {
    expect(await checkSearchIndex(t.db, { glossaryId: g.id })).toEqual([]);
  }

  describe('POST /glosarios/:nombre_seguro/entradas', () => {
    it('creates the entry with the creator as autor and the server date, ignoring server-set fields', async () => {
      const before = await entryCount(t, glossary);
      const res = await call.create(glossary, owner.headers, {
        id: 999_999,
        autor: 'Otra persona',
        fecha_creacion: '1999-01-01T00:00:00.000Z',
        created_at: 'x',
        glosario: 'otro',
        desconocido: true,
        termino: { es: 'Espada', en: 'Sword' },
        categoria: 'sustantivo',
        contexto_es: 'Empuña la espada.',
      });
      expect(res.statusCode).toBe(201);
      const entry = res.json() as Entry;
      expect(entry).toMatchObject({
        termino: { es: 'Espada', en: 'Sword' },
        categoria: 'sustantivo',
        contexto_es: 'Empuña la espada.',
        contexto_en: null,
        fuente_contexto_es: null,
        notas: null,
        autor: 'Ana Dueña',
        comentarios_privados: null,
        origen: null,
      });
      expect(entry.id).not.toBe(999_999);
      expect(Date.parse(entry.fecha_creacion)).toBeGreaterThan(Date.parse('2020-01-01'));
      expect(await entryCount(t, glossary)).toBe(before + 1);
      await expectConsistent();
    });

    it('writes the e-mail as autor when the creator has no display name', async () => {
      const entry = await create({ termino: { es: 'escudo', en: 'shield' } }, admin.headers);
      expect(entry.autor).toBe(admin.user.email);
    });

    it('refuses an entry without terms, with terms of other languages, or with a field too long', async () => {
      const noTerm = await call.create(glossary, owner.headers, { notas: 'hola' });
      expect(noTerm.statusCode).toBe(422);
      expect(noTerm.json()).toEqual({
        code: 'VALIDATION_FAILED',
        detail: 'Escribe el término en al menos uno de los dos idiomas.',
      });
      const french = await call.create(glossary, owner.headers, { termino: { es: 'a', fr: 'b' } });
      expect(french.statusCode).toBe(422);
      expect(french.json().detail).toContain('Término (fr)');
      const long = await call.create(glossary, owner.headers, {
        termino: { es: 'a' },
        definicion: 'x'.repeat(20_001),
      });
      expect(long.statusCode).toBe(422);
      expect(long.json().code).toBe('VALIDATION_FAILED');
      expect(long.json().detail).toContain('definicion');
    });
  });

  describe('access', () => {
    let entry: Entry;
    beforeAll(async () => {
      entry = await create({ termino: { es: 'acceso', en: 'access' } });
    });

    it('lets owner, editor members and admins write; readers get 403 READ_ONLY', async () => {
      for (const user of [owner, editor, admin]) {
        const res = await call.update(glossary, user.headers, entry.id, {
          notas: `por ${user.user.id}`,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (const user of [reader, lectorAccount]) {
        for (const res of [
          await call.create(glossary, user.headers, { termino: { es: 'no' } }),
          await call.update(glossary, user.headers, entry.id, { notas: 'no' }),
          await call.remove(glossary, user.headers, entry.id),
          await call.removeMany(glossary, user.headers, [entry.id]),
          await call.recover(glossary, user.headers, entry.id),
          await call.restore(glossary, user.headers, entry.id, 0),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('READ_ONLY');
        }
      }
    });

    it('lets every member read', async () => {
      for (const user of [owner, editor, reader, lectorAccount, admin]) {
        expect((await call.list(glossary, user.headers)).statusCode).toBe(200);
        expect((await call.list(glossary, user.headers, '?pagina=1')).statusCode).toBe(200);
        expect((await call.history(glossary, user.headers, entry.id)).statusCode).toBe(200);
      }
    });

    it('answers 404 to strangers and 401 to anonymous callers, on every route', async () => {
      const routes = (headers: Headers) => [
        call.list(glossary, headers),
        call.list(glossary, headers, '?q=a'),
        call.create(glossary, headers, { termino: { es: 'x' } }),
        call.update(glossary, headers, entry.id, { notas: 'x' }),
        call.remove(glossary, headers, entry.id),
        call.removeMany(glossary, headers, [entry.id]),
        call.recover(glossary, headers, entry.id),
        call.history(glossary, headers, entry.id),
        call.restore(glossary, headers, entry.id, 0),
      ];
      for (const res of await Promise.all(routes(stranger.headers))) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      for (const res of await Promise.all(routes(anonymous))) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('answers 404 for a trashed glossary and for an entry of another glossary', async () => {
      const trashed = await createGlossaryRow(t, owner.user, { eliminado_en: nowIso() });
      expect((await call.list(trashed, owner.headers)).statusCode).toBe(404);
      const other = await createGlossaryRow(t, owner.user);
      expect((await call.update(other, owner.headers, entry.id, { notas: 'x' })).statusCode).toBe(
        404,
      );
      expect((await call.history(other, owner.headers, entry.id)).statusCode).toBe(404);
    });
  });

  describe('PUT /glosarios/:nombre_seguro/entradas/:id', () => {
    it('answers {entrada}, keeps autor and fecha_creacion, and records a version on every edit', async () => {
      const entry = await create({ termino: { es: 'poción', en: 'potion' }, notas: 'cura' });
      const res = await call.update(glossary, editor.headers, entry.id, {
        ...entry,
        autor: 'Intruso',
        fecha_creacion: '2000-01-01T00:00:00.000Z',
        termino: { es: 'poción curativa', en: 'healing potion' },
      });
      expect(res.statusCode).toBe(200);
      const { entrada } = res.json() as { entrada: Entry };
      expect(entrada).toMatchObject({
        id: entry.id,
        termino: { es: 'poción curativa', en: 'healing potion' },
        notas: 'cura',
        autor: 'Ana Dueña',
        fecha_creacion: entry.fecha_creacion,
      });
      const { historial } = (await call.history(glossary, owner.headers, entry.id)).json() as {
        historial: HistoryItem[];
      };
      expect(historial.map((h) => [h.version, h.autor, h.termino.es])).toEqual([
        [1, 'Ana Dueña', 'poción'],
        [2, 'Eva Editora', 'poción curativa'],
      ]);
      await expectConsistent();
    });

    it('writes and reads the target language’s definition, and answers null where there is none', async () => {
      const plain = await create({ termino: { es: 'arco', en: 'bow' } });
      // A seed client that never heard of it gets null, not a missing field.
      expect(plain.definicion_en).toBeNull();
      expect(plain).not.toHaveProperty('definicion_es');
      const entry = await create({
        termino: { es: 'botín', en: 'loot' },
        definicion: 'Objetos que suelta un enemigo.',
        definicion_en: 'Items dropped by an enemy.',
      });
      expect(entry).toMatchObject({
        definicion: 'Objetos que suelta un enemigo.',
        definicion_en: 'Items dropped by an enemy.',
      });
      const listed = (await call.list(glossary, owner.headers)).json() as Entry[];
      expect(listed.find((e) => e.id === entry.id)?.definicion_en).toBe(
        'Items dropped by an enemy.',
      );
      const { entrada } = (
        await call.update(glossary, owner.headers, entry.id, { definicion_en: 'Loot, in English.' })
      ).json() as { entrada: Entry };
      expect(entrada).toMatchObject({
        definicion: 'Objetos que suelta un enemigo.',
        definicion_en: 'Loot, in English.',
      });
      const base = await call.update(glossary, owner.headers, entry.id, {
        definicion_es: 'Botín.',
      });
      expect(base.statusCode).toBe(422);
      expect(base.json().detail).toBe(
        'Este glosario es es→en: el campo «Definición (es)» no forma parte de su ficha. La definición en es va en el campo «Definición».',
      );
      await expectConsistent();
    });

    it('keeps fields the body leaves out and clears those sent as null or empty', async () => {
      const entry = await create({
        termino: { es: 'maná', en: 'mana' },
        notas: 'azul',
        area: 'magia',
      });
      const { entrada } = (
        await call.update(glossary, owner.headers, entry.id, {
          notas: null,
          area: '',
          termino: { en: 'MP' },
        })
      ).json() as { entrada: Entry };
      expect(entrada).toMatchObject({ termino: { es: 'maná', en: 'MP' }, notas: null, area: null });
    });

    it('answers 404 for an entry that does not exist', async () => {
      expect((await call.update(glossary, owner.headers, 987_654, { notas: 'x' })).statusCode).toBe(
        404,
      );
    });
  });

  describe('PUT …/entradas/:id from a stale version', () => {
    const STALE =
      /^Otra persona ha cambiado esta entrada desde que la abriste \(ahora va por la versión \d+\)\. Vuelve a cargarla para ver sus cambios y aplica de nuevo los tuyos\.$/;

    it('answers the version with the entry, in the list too', async () => {
      const entry = await create({ termino: { es: 'gema', en: 'gem' } });
      expect(entry.version).toBe(1);
      const res = await call.update(glossary, owner.headers, entry.id, { notas: 'roja' });
      expect(res.json().entrada.version).toBe(2);
      expect(res.headers.etag).toBe('W/"v2"');
      const page = (await call.list(glossary, owner.headers, '?q=gema')).json() as Entry[];
      expect(page.find((e) => e.id === entry.id)?.version).toBe(2);
    });

    it('refuses with 409 an edit sent back from the version someone else changed since', async () => {
      const opened = await create({ termino: { es: 'hacha', en: 'axe' }, notas: 'arma' });
      const first = await call.update(glossary, editor.headers, opened.id, {
        ...opened,
        notas: 'arma a dos manos',
      });
      expect(first.statusCode).toBe(200);
      // The owner saves the entry as they loaded it: the seed's client sends it back whole.
      const second = await call.update(glossary, owner.headers, opened.id, {
        ...opened,
        area: 'combate',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('CONFLICT');
      expect(second.json().detail).toMatch(STALE);
      expect(second.json().detail).toContain('versión 2');
      // The entry as it is now comes with the 409, to show both versions side by side.
      expect(second.json().entrada).toMatchObject({
        id: opened.id,
        version: 2,
        notas: 'arma a dos manos',
      });
      const { historial } = (await call.history(glossary, owner.headers, opened.id)).json() as {
        historial: HistoryItem[];
      };
      expect(historial.map((h) => [h.version, h.notas, h.area])).toEqual([
        [1, 'arma', null],
        [2, 'arma a dos manos', null],
      ]);
      await expectConsistent();
    });

    it('takes the version from If-Match too, weak or strong, and * as any', async () => {
      const entry = await create({ termino: { es: 'arco', en: 'bow' } });
      const put = (ifMatch: string, payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/glosarios/${glossary.nombre_seguro}/entradas/${entry.id}`,
          headers: { ...owner.headers, 'if-match': ifMatch },
          payload,
        });
      expect((await put('W/"v1"', { notas: 'uno' })).statusCode).toBe(200);
      expect((await put('"2"', { notas: 'dos' })).statusCode).toBe(200);
      const stale = await put('W/"v2"', { notas: 'tarde' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().detail).toMatch(STALE);
      expect((await put('W/"v1", W/"v3"', { notas: 'cuatro' })).statusCode).toBe(200);
      // Header and body disagree: no version can satisfy both.
      expect((await put('W/"v4"', { notas: 'x', version: 3 })).statusCode).toBe(409);
      expect((await put('*', { notas: 'cinco' })).statusCode).toBe(200);
      const bad = await put('v5', { notas: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/^La cabecera If-Match no es válida/);
    });

    it('keeps last-write-wins for a client that sends no version', async () => {
      const entry = await create({ termino: { es: 'yelmo', en: 'helm' } });
      await call.update(glossary, editor.headers, entry.id, { notas: 'de hierro' });
      const res = await call.update(glossary, owner.headers, entry.id, { notas: 'de acero' });
      expect(res.statusCode).toBe(200);
      expect(res.json().entrada).toMatchObject({ notas: 'de acero', version: 3 });
    });

    it('lets exactly one of two simultaneous edits from the same version through', async () => {
      const entry = await create({ termino: { es: 'lanza', en: 'spear' } });
      const answers = await Promise.all([
        call.update(glossary, owner.headers, entry.id, { ...entry, notas: 'de la dueña' }),
        call.update(glossary, editor.headers, entry.id, { ...entry, notas: 'de la editora' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const { historial } = (await call.history(glossary, owner.headers, entry.id)).json() as {
        historial: HistoryItem[];
      };
      expect(historial).toHaveLength(2);
      const winner = answers.find((r) => r.statusCode === 200)!.json().entrada as Entry;
      expect(historial[1]!.notas).toBe(winner.notas);
      await expectConsistent();
    });

    it('refuses an edit whose entry another transaction changes between its check and its write', async () => {
      // A glossary of its own: the bare version bump below leaves no version row behind it.
      const own = await createGlossaryRow(t, owner.user);
      const entry = await create({ termino: { es: 'maza', en: 'mace' } }, owner.headers, own);
      let pending: ReturnType<typeof call.update> | undefined;
      await t.db.transaction().execute(async (tx) => {
        // Holds the row (PostgreSQL) or the write lock (SQLite) while the PUT starts.
        await tx.updateTable('entries').set({ version: 2 }).where('id', '=', entry.id).execute();
        pending = call.update(own, owner.headers, entry.id, { ...entry, notas: 'tarde' });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const res = await pending!;
      expect(res.statusCode).toBe(409);
      const row = await t.db
        .selectFrom('entries')
        .select(['version', 'ficha'])
        .where('id', '=', entry.id)
        .executeTakeFirstOrThrow();
      expect(row.version).toBe(2);
      expect(row.ficha).not.toContain('tarde');
    });

    it('refuses with 409 a restore sent from a version someone else changed since', async () => {
      const opened = await create({ termino: { es: 'báculo', en: 'staff' }, notas: 'de roble' });
      await call.update(glossary, editor.headers, opened.id, { ...opened, notas: 'de fresno' });
      const restore = (payload: object, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: `/api/glosarios/${glossary.nombre_seguro}/entradas/${opened.id}/restaurar`,
          headers: { ...owner.headers, ...headers },
          payload,
        });
      const stale = await restore({ version_index: 0, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().detail).toMatch(STALE);
      expect((await restore({ version_index: 0 }, { 'if-match': 'W/"v1"' })).statusCode).toBe(409);
      const current = await restore({ version_index: 0, version: 2 });
      expect(current.statusCode).toBe(200);
      expect(current.headers.etag).toBe('W/"v3"');
      expect(current.json().entrada).toMatchObject({ notas: 'de roble', version: 3 });
      // A seed-style client that sends no version still restores.
      expect((await restore({ version_index: 1 })).statusCode).toBe(200);
      await expectConsistent();
    });
  });

  describe('listing', () => {
    let list: GlossaryRow;
    beforeAll(async () => {
      list = await createGlossaryRow(t, owner.user, { nombre: 'Lista' });
      for (const [es, en, subindice] of [
        ['oso', 'bear', null],
        ['Ñandú', 'rhea', null],
        ['nube', 'cloud', 'clima'],
        ['Árbol de habilidades', 'skill tree', 'RPG'],
        ['año', 'year', null],
        ['ano', 'anus', null],
        ['50% de daño', '50% damage', null],
        ['daño_crítico', 'critical_damage', null],
        ['"jefe" final', 'final "boss"', null],
        ['arma', 'weapon', 'combate'],
      ] as const) {
        await create({ termino: { es, en }, subindice }, owner.headers, list);
      }
    });

    const terms = (body: string) => (JSON.parse(body) as Entry[]).map((e) => e.termino.es);

    it('streams the full list without parameters, in Spanish order (ñ after n)', async () => {
      const res = await call.list(list, owner.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['x-total-count']).toBeUndefined();
      expect(terms(res.body)).toEqual([
        '50% de daño',
        'ano',
        'año',
        'Árbol de habilidades',
        'arma',
        'daño_crítico',
        '"jefe" final',
        'nube',
        'Ñandú',
        'oso',
      ]);
    });

    it('streams an empty glossary as an empty array', async () => {
      const empty = await createGlossaryRow(t, owner.user);
      const res = await call.list(empty, owner.headers);
      expect(res.json()).toEqual([]);
    });

    it('answers one page with X-Total-Count, either way round', async () => {
      const first = await call.list(list, owner.headers, '?pagina=1&por_pagina=3');
      expect(first.headers['x-total-count']).toBe('10');
      expect(terms(first.body)).toEqual(['50% de daño', 'ano', 'año']);
      const second = await call.list(list, owner.headers, '?pagina=2&por_pagina=3');
      expect(terms(second.body)).toEqual(['Árbol de habilidades', 'arma', 'daño_crítico']);
      const desc = await call.list(list, owner.headers, '?orden=desc&por_pagina=2');
      expect(terms(desc.body)).toEqual(['oso', 'Ñandú']);
      const beyond = await call.list(list, owner.headers, '?pagina=9&por_pagina=3');
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('10');
    });

    it('searches both terms and the subindice, ignoring accents and case', async () => {
      const search = async (q: string, extra = '') => {
        const res = await call.list(list, owner.headers, `?q=${encodeURIComponent(q)}${extra}`);
        expect(res.statusCode).toBe(200);
        return { terms: terms(res.body), total: res.headers['x-total-count'] };
      };
      expect(await search('ARBOL')).toEqual({ terms: ['Árbol de habilidades'], total: '1' });
      expect(await search('habilid')).toEqual({ terms: ['Árbol de habilidades'], total: '1' });
      expect(await search('nandu')).toEqual({ terms: ['Ñandú'], total: '1' });
      expect(await search('tree')).toEqual({ terms: ['Árbol de habilidades'], total: '1' });
      expect(await search('combate')).toEqual({ terms: ['arma'], total: '1' });
      // Matching folds ñ to n: 'año' finds año, ano, daño…
      expect((await search('año')).terms).toEqual(['50% de daño', 'ano', 'año', 'daño_crítico']);
      expect(await search('dan', '&orden=desc')).toEqual({
        terms: ['daño_crítico', '50% de daño'],
        total: '2',
      });
    });

    it('matches one or two characters by prefix only', async () => {
      expect(terms((await call.list(list, owner.headers, '?q=o')).body)).toEqual(['oso']);
      // 'an' starts ano, año (folded) and the target term anus (of ano).
      expect(terms((await call.list(list, owner.headers, '?q=an')).body)).toEqual(['ano', 'año']);
      expect(terms((await call.list(list, owner.headers, '?q=ña')).body)).toEqual(['Ñandú']);
    });

    it('takes every query character literally', async () => {
      for (const [q, expected] of [
        ['50%', ['50% de daño']],
        ['%', []],
        ['o_c', ['daño_crítico']],
        ['_', []],
        ['"jefe"', ['"jefe" final']],
        ['e" f', ['"jefe" final']],
        ["' OR 1=1 --", []],
        ['NEAR(', []],
        ['*', []],
      ] as const) {
        const res = await call.list(list, owner.headers, `?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, q).toBe(200);
        expect(terms(res.body), q).toEqual(expected);
      }
    });

    it('counts the live entries in num_entradas', async () => {
      expect(await entryCount(t, list)).toBe(10);
      await expectConsistent(list);
    });
  });

  describe('DELETE, bulk delete and recovery', () => {
    it('soft-deletes an entry, then brings it back with its id and history', async () => {
      const entry = await create({ termino: { es: 'trampa', en: 'trap' } });
      await call.update(glossary, owner.headers, entry.id, { notas: 'v2' });
      const before = await entryCount(t, glossary);
      const del = await call.remove(glossary, owner.headers, entry.id);
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');
      expect(await entryCount(t, glossary)).toBe(before - 1);
      const all = (await call.list(glossary, owner.headers)).json() as Entry[];
      expect(all.some((e) => e.id === entry.id)).toBe(false);
      expect((await call.remove(glossary, owner.headers, entry.id)).statusCode).toBe(404);
      expect(
        (await call.update(glossary, owner.headers, entry.id, { notas: 'x' })).statusCode,
      ).toBe(404);
      expect((await call.history(glossary, owner.headers, entry.id)).statusCode).toBe(404);
      await expectConsistent();

      const rec = await call.recover(glossary, editor.headers, entry.id);
      expect(rec.statusCode).toBe(200);
      expect(rec.json()).toMatchObject({ id: entry.id, notas: 'v2', autor: 'Ana Dueña' });
      expect(await entryCount(t, glossary)).toBe(before);
      const { historial } = (await call.history(glossary, owner.headers, entry.id)).json();
      expect(historial).toHaveLength(2);
      // Recovering twice is harmless.
      expect((await call.recover(glossary, owner.headers, entry.id)).statusCode).toBe(200);
      expect(await entryCount(t, glossary)).toBe(before);
      expect((await call.recover(glossary, owner.headers, 987_654)).statusCode).toBe(404);
      await expectConsistent();
    });

    it('deletes many at once and ignores ids of other glossaries or already deleted', async () => {
      const other = await createGlossaryRow(t, owner.user);
      const foreign = await create({ termino: { es: 'ajeno' } }, owner.headers, other);
      const a = await create({ termino: { es: 'uno' } });
      const b = await create({ termino: { es: 'dos' } });
      await call.remove(glossary, owner.headers, b.id);
      const res = await call.removeMany(glossary, owner.headers, [a.id, b.id, foreign.id, 123_456]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ eliminadas: 1 });
      expect(((await call.list(other, owner.headers)).json() as Entry[]).map((e) => e.id)).toEqual([
        foreign.id,
      ]);
      await expectConsistent();
      await expectConsistent(other);
    });

    it('keeps the old undo working: the deleted entry re-posted as it was answered', async () => {
      const entry = await create({ termino: { es: 'deshacer', en: 'undo' }, notas: 'n' });
      await call.remove(glossary, owner.headers, entry.id);
      const again = await create(entry);
      expect(again.id).not.toBe(entry.id);
      expect(again).toMatchObject({ termino: entry.termino, notas: 'n' });
    });
  });

  describe('history and restore', () => {
    it('lists versions oldest first and restores one as a new version', async () => {
      const entry = await create({ termino: { es: 'hechizo', en: 'spell' }, notas: 'uno' });
      await call.update(glossary, owner.headers, entry.id, { notas: 'dos' });
      await call.update(glossary, editor.headers, entry.id, {
        notas: 'tres',
        termino: { en: 'charm' },
      });
      const res = await call.restore(glossary, editor.headers, entry.id, 0);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { entrada: Entry }).entrada).toMatchObject({
        id: entry.id,
        notas: 'uno',
        termino: { es: 'hechizo', en: 'spell' },
      });
      const { historial } = (await call.history(glossary, reader.headers, entry.id)).json() as {
        historial: HistoryItem[];
      };
      expect(historial.map((h) => [h.version, h.notas, h.autor])).toEqual([
        [1, 'uno', 'Ana Dueña'],
        [2, 'dos', 'Ana Dueña'],
        [3, 'tres', 'Eva Editora'],
        [4, 'uno', 'Eva Editora'],
      ]);
      for (const item of historial) {
        expect(item.fecha_creacion).toBe(entry.fecha_creacion);
        expect(item.fecha_version).toBe(item.updated_at);
        expect(item.id).toBe(entry.id);
      }
      await expectConsistent();
    });

    it('refuses a version index that does not exist', async () => {
      const entry = await create({ termino: { es: 'índice' } });
      const res = await call.restore(glossary, owner.headers, entry.id, 5);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe('Esa versión no existe: la entrada tiene 1 versión.');
      expect((await call.restore(glossary, owner.headers, entry.id, -1)).statusCode).toBe(422);
    });
  });

  describe('comentarios_privados', () => {
    let entry: Entry;
    beforeAll(async () => {
      entry = await create(
        { termino: { es: 'secreto' }, comentarios_privados: 'solo para mí' },
        editor.headers,
      );
    });

    it('shows them to the author and the owner only', async () => {
      const seen = async (user: TestUser) => {
        const list = (await call.list(glossary, user.headers)).json() as Entry[];
        const page = (await call.list(glossary, user.headers, '?q=secreto')).json() as Entry[];
        const history = (await call.history(glossary, user.headers, entry.id)).json()
          .historial as HistoryItem[];
        return [
          list.find((e) => e.id === entry.id)!.comentarios_privados,
          page[0]!.comentarios_privados,
          history[0]!.comentarios_privados,
        ];
      };
      expect(await seen(editor)).toEqual(['solo para mí', 'solo para mí', 'solo para mí']);
      expect(await seen(owner)).toEqual(['solo para mí', 'solo para mí', 'solo para mí']);
      expect(await seen(reader)).toEqual([null, null, null]);
      expect(await seen(admin)).toEqual([null, null, null]);
    });

    it('says per entry whether the caller may see them, even when none are written', async () => {
      const blank = await create({ termino: { es: 'sin comentarios' } }, editor.headers);
      const flags = async (user: TestUser) => {
        const list = (await call.list(glossary, user.headers)).json() as Entry[];
        const history = (await call.history(glossary, user.headers, blank.id)).json()
          .historial as HistoryItem[];
        return [
          list.find((e) => e.id === blank.id)!.puede_ver_comentarios_privados,
          history[0]!.puede_ver_comentarios_privados,
        ];
      };
      expect(blank).toMatchObject({
        comentarios_privados: null,
        puede_ver_comentarios_privados: true,
      });
      expect(await flags(editor)).toEqual([true, true]);
      expect(await flags(owner)).toEqual([true, true]);
      expect(await flags(reader)).toEqual([false, false]);
      expect(await flags(admin)).toEqual([false, false]);
    });

    it('cannot be overwritten by someone who cannot see them', async () => {
      const res = await call.update(glossary, admin.headers, entry.id, {
        comentarios_privados: 'pisado',
        notas: 'nota del admin',
      });
      expect((res.json() as { entrada: Entry }).entrada.comentarios_privados).toBeNull();
      const mine = (await call.list(glossary, editor.headers, '?q=secreto')).json() as Entry[];
      expect(mine[0]).toMatchObject({
        comentarios_privados: 'solo para mí',
        notas: 'nota del admin',
      });
      const byOwner = await call.update(glossary, owner.headers, entry.id, {
        comentarios_privados: 'revisado',
      });
      expect((byOwner.json() as { entrada: Entry }).entrada.comentarios_privados).toBe('revisado');
    });
  });

  it('ignores a trailing slash', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${glossary.nombre_seguro}/entradas/?pagina=1`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});
