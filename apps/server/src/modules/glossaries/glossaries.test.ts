import { cardFields, type Glossary } from '@ludoterm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';

type Headers = { authorization: string } | Record<string, never>;
const anonymous: Headers = {};

/** Every kind of caller the access rule distinguishes, around one glossary. */
interface Cast {
  owner: TestUser;
  editor: TestUser;
  reader: TestUser;
  /** A global `lector` account, member with the editor role: still never writes. */
  globalLector: TestUser;
  stranger: TestUser;
  admin: TestUser;
  glossary: GlossaryRow;
}

async function createCast(t: TestApp): Promise<Cast> {
  const owner = await createUser(t, { display_name: 'Ana Propietaria' });
  const editor = await createUser(t);
  const reader = await createUser(t);
  const globalLector = await createUser(t, { role: 'lector' });
  const stranger = await createUser(t);
  const admin = await createUser(t, { role: 'admin' });
  const glossary = await createGlossaryRow(t, owner.user, { nombre: `Combate ${Math.random()}` });
  await addMemberRow(t, glossary, editor.user, 'editor');
  await addMemberRow(t, glossary, reader.user, 'lector');
  await addMemberRow(t, glossary, globalLector.user, 'editor');
  return { owner, editor, reader, globalLector, stranger, admin, glossary };
}

type Caller = keyof Omit<Cast, 'glossary'> | 'anonymous';
const headersOf = (cast: Cast, who: Caller): Headers =>
  who === 'anonymous' ? anonymous : cast[who].headers;

describeEngines('POST /api/glosarios', (t) => {
  const post = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/glosarios', headers, payload: payload as object });

  it('creates a glossary es → en by default, owned by the caller', async () => {
    const { headers, user } = await createUser(t, { display_name: 'Lucía' });
    const res = await post(headers, { nombre: '  Términos de Combate ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      nombre: 'Términos de Combate',
      nombre_seguro: expect.stringMatching(/^terminos-de-combate(-[a-z0-9]{4})?$/),
      idioma_origen: 'es',
      idioma_meta: 'en',
      descripcion: null,
      propietario: 'Lucía',
      acceso: 'propietario',
      num_entradas: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const row = await t.db
      .selectFrom('glossaries')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(user.id);
    expect(row.nombre_plegado).toBe('terminos de combate');
  });

  it('keeps the languages and the description it is given and ignores unknown fields', async () => {
    const { headers } = await createUser(t);
    const res = await post(headers, {
      nombre: 'Jeu de rôle',
      idioma_origen: 'fr',
      idioma_meta: 'de',
      descripcion: ' Vocabulario de rol ',
      nombre_seguro: 'elegido-por-mi',
      id: 999,
      cualquier_cosa: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      idioma_origen: 'fr',
      idioma_meta: 'de',
      descripcion: 'Vocabulario de rol',
    });
    expect(res.json().nombre_seguro).toMatch(/^jeu-de-role/);
    expect(res.json().id).not.toBe(999);
  });

  it('slugs: lower case, accents folded, non-alphanumerics to dashes', async () => {
    const { headers } = await createUser(t);
    const res = await post(headers, { nombre: `¡Ñandú & Cía.! ${'Ü'}ber_Árbol ${Date.now()}` });
    expect(res.json().nombre_seguro).toMatch(/^nandu-cia-uber-arbol-\d+$/);
    const symbols = await post(headers, { nombre: '★★★' });
    expect(symbols.statusCode).toBe(201);
    expect(symbols.json().nombre_seguro).toMatch(/^glosario(-[a-z0-9]{4})?$/);
  });

  it('gives a random suffix when another owner already has the slug', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const first = await post(a.headers, { nombre: 'Plataformas 2D' });
    const second = await post(b.headers, { nombre: 'plataformas 2d' });
    expect(first.json().nombre_seguro).toBe('plataformas-2d');
    expect(second.statusCode).toBe(201);
    expect(second.json().nombre_seguro).toMatch(/^plataformas-2d-[a-z0-9]{4}$/);
  });

  it('gives a suffix when the slug belongs to a glossary in the trash', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await createGlossaryRow(t, a.user, {
      nombre: 'Sigilo',
      eliminado_en: new Date().toISOString(),
    });
    // The factory suffixes its slugs; take the bare one over for this case.
    await t.db
      .updateTable('glossaries')
      .set({ nombre_seguro: 'sigilo' })
      .where('owner_id', '=', a.user.id)
      .execute();
    const res = await post(b.headers, { nombre: 'Sigilo' });
    expect(res.json().nombre_seguro).toMatch(/^sigilo-[a-z0-9]{4}$/);
    const own = await post(a.headers, { nombre: 'Sigilo' });
    expect(own.statusCode).toBe(201);
    expect(own.json().nombre_seguro).toMatch(/^sigilo-[a-z0-9]{4}$/);
  });

  it('never gives the slugs of the collection paths', async () => {
    const { headers } = await createUser(t);
    for (const nombre of ['Eliminados', 'Restaurar']) {
      const res = await post(headers, { nombre });
      expect(res.json().nombre_seguro).toMatch(new RegExp(`^${nombre.toLowerCase()}-[a-z0-9]{4}$`));
    }
  });

  it('refuses a second active glossary of the same owner with the same folded name (409)', async () => {
    const { headers } = await createUser(t);
    expect((await post(headers, { nombre: 'Estrategia' })).statusCode).toBe(201);
    const res = await post(headers, { nombre: '  ESTRATÉGIA ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'GLOSSARY_NAME_TAKEN',
      detail: 'Ya tienes un glosario activo con ese nombre. Elige otro nombre.',
    });
  });

  it('answers one 201 and one 409 when the same name is created twice at once', async () => {
    const { headers } = await createUser(t);
    const results = await Promise.all([
      post(headers, { nombre: 'Carreras' }),
      post(headers, { nombre: 'Carreras' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses the same base and target language (422)', async () => {
    const { headers } = await createUser(t);
    const res = await post(headers, {
      nombre: 'Mismo idioma',
      idioma_origen: 'en',
      idioma_meta: 'en',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'SAME_LANGUAGES',
      detail: 'El idioma base y meta no pueden ser iguales.',
    });
  });

  it('refuses a blank name and unknown languages (422)', async () => {
    const { headers } = await createUser(t);
    const blank = await post(headers, { nombre: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'Pon un nombre de glosario.',
    });
    const language = await post(headers, { nombre: 'Italiano', idioma_origen: 'it' });
    expect(language.statusCode).toBe(422);
  });

  it('refuses a global lector account (403) and anonymous callers (401)', async () => {
    const lector = await createUser(t, { role: 'lector' });
    const res = await post(lector.headers, { nombre: 'No me dejan' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await post(anonymous, { nombre: 'Anónimo' })).statusCode).toBe(401);
  });
});

describeEngines('GET /api/glosarios', (t) => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(t);
  });
  const list = (headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/glosarios${query}`, headers });

  it('lists own and shared active glossaries with the caller access, owner and entry count', async () => {
    const own = await createGlossaryRow(t, cast.editor.user, { nombre: 'Mío' });
    await createGlossaryRow(t, cast.editor.user, {
      nombre: 'En la papelera',
      eliminado_en: new Date().toISOString(),
    });
    await createGlossaryRow(t, cast.stranger.user, { nombre: 'Ajeno' });
    const res = await list(cast.editor.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Glossary[];
    expect(body.map((g) => g.nombre_seguro).sort()).toEqual(
      [cast.glossary.nombre_seguro, own.nombre_seguro].sort(),
    );
    expect(body.find((g) => g.id === cast.glossary.id)).toMatchObject({
      acceso: 'editor',
      propietario: 'Ana Propietaria',
      num_entradas: 0,
      descripcion: null,
    });
    expect(body.find((g) => g.id === own.id)?.acceso).toBe('propietario');
  });

  it.each([
    ['owner', 'propietario'],
    ['editor', 'editor'],
    ['reader', 'lector'],
    ['globalLector', 'lector'],
  ] as const)('shows the %s its access as %s', async (who, acceso) => {
    const body = (await list(headersOf(cast, who))).json() as Glossary[];
    expect(body.find((g) => g.id === cast.glossary.id)?.acceso).toBe(acceso);
  });

  it('never shows a glossary to someone it was not given', async () => {
    const body = (await list(cast.stranger.headers)).json() as Glossary[];
    expect(body.find((g) => g.id === cast.glossary.id)).toBeUndefined();
  });

  it('sorts by name in Spanish order', async () => {
    const { headers, user } = await createUser(t);
    for (const nombre of ['zeta', 'Ñu', 'árbol', 'nube', 'Oso'])
      await createGlossaryRow(t, user, { nombre });
    const body = (await list(headers)).json() as Glossary[];
    expect(body.map((g) => g.nombre)).toEqual(['árbol', 'nube', 'Ñu', 'Oso', 'zeta']);
  });

  it('lists every active glossary for an admin with ?todos=1, only own and shared without it', async () => {
    const mine = (await list(cast.admin.headers)).json() as Glossary[];
    expect(mine.find((g) => g.id === cast.glossary.id)).toBeUndefined();
    const all = (await list(cast.admin.headers, '?todos=1')).json() as Glossary[];
    expect(all.find((g) => g.id === cast.glossary.id)).toMatchObject({
      acceso: 'propietario',
      propietario: 'Ana Propietaria',
    });
    expect(all.every((g) => g.nombre !== 'En la papelera')).toBe(true);
  });

  it('refuses ?todos=1 to non-admins (403) and anonymous callers (401)', async () => {
    expect((await list(cast.owner.headers, '?todos=1')).json().code).toBe('ADMIN_ONLY');
    const res = await list(anonymous);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHENTICATED',
      detail: 'Inicia sesión para continuar.',
    });
  });
});

describeEngines('GET /api/glosarios/:nombre_seguro/configuracion', (t) => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(t);
  });
  const get = (headers: Headers, slug = cast.glossary.nombre_seguro) =>
    t.app.inject({ method: 'GET', url: `/api/glosarios/${slug}/configuracion`, headers });

  it('answers the settings and the DocuTerm card of the glossary languages', async () => {
    const row = await createGlossaryRow(t, cast.owner.user, {
      nombre: 'Francés-alemán',
      idioma_origen: 'fr',
      idioma_meta: 'de',
    });
    const res = await get(cast.owner.headers, row.nombre_seguro);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nombre: 'Francés-alemán',
      nombre_seguro: row.nombre_seguro,
      idioma_origen: 'fr',
      idioma_meta: 'de',
      descripcion: null,
      acceso: 'propietario',
      ficha: { campos: cardFields('fr', 'de') },
    });
    expect(
      res
        .json()
        .ficha.campos.slice(0, 2)
        .map((c: { id: string }) => c.id),
    ).toEqual(['termino.fr', 'termino.de']);
  });

  it.each([
    ['owner', 200, 'propietario'],
    ['editor', 200, 'editor'],
    ['reader', 200, 'lector'],
    ['globalLector', 200, 'lector'],
    ['admin', 200, 'propietario'],
    ['stranger', 404, 'NOT_FOUND'],
    ['anonymous', 401, 'UNAUTHENTICATED'],
  ] as const)('answers the %s with %i', async (who, status, accessOrCode) => {
    const res = await get(headersOf(cast, who));
    expect(res.statusCode).toBe(status);
    expect(status === 200 ? res.json().acceso : res.json().code).toBe(accessOrCode);
  });

  it('answers 404 for an unknown or trashed glossary', async () => {
    expect((await get(cast.owner.headers, 'no-existe')).statusCode).toBe(404);
    const trashed = await createGlossaryRow(t, cast.owner.user, {
      eliminado_en: new Date().toISOString(),
    });
    expect((await get(cast.owner.headers, trashed.nombre_seguro)).statusCode).toBe(404);
  });
});

describeEngines('PUT /api/glosarios/:nombre_seguro/configuracion', (t) => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(t);
  });
  const put = (headers: Headers, payload: unknown, slug = cast.glossary.nombre_seguro) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/glosarios/${slug}/configuracion`,
      headers,
      payload: payload as object,
    });

  it.each([
    ['owner', 200, null],
    ['editor', 200, null],
    ['admin', 200, null],
    ['reader', 403, 'READ_ONLY'],
    ['globalLector', 403, 'READ_ONLY'],
    ['stranger', 404, 'NOT_FOUND'],
    ['anonymous', 401, 'UNAUTHENTICATED'],
  ] as const)('answers the %s with %i', async (who, status, code) => {
    const res = await put(headersOf(cast, who), { descripcion: `Descrita por ${who}` });
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json().code).toBe(code);
    else expect(res.json().descripcion).toBe(`Descrita por ${who}`);
  });

  it('saves the description, shown by the list and the configuration', async () => {
    const res = await put(cast.owner.headers, {
      descripcion: '  Términos de combate por turnos  ',
    });
    expect(res.json().descripcion).toBe('Términos de combate por turnos');
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/glosarios', headers: cast.owner.headers })
    ).json() as Glossary[];
    expect(list.find((g) => g.id === cast.glossary.id)?.descripcion).toBe(
      'Términos de combate por turnos',
    );
  });

  it('clears the description with null or an empty text', async () => {
    expect((await put(cast.owner.headers, { descripcion: '' })).json().descripcion).toBeNull();
    await put(cast.owner.headers, { descripcion: 'algo' });
    expect((await put(cast.owner.headers, { descripcion: null })).json().descripcion).toBeNull();
  });

  it('accepts the object GET answers, ignoring the server-set fields', async () => {
    const config = (
      await t.app.inject({
        method: 'GET',
        url: `/api/glosarios/${cast.glossary.nombre_seguro}/configuracion`,
        headers: cast.owner.headers,
      })
    ).json();
    const res = await put(cast.owner.headers, {
      ...config,
      nombre: 'Otro',
      idioma_origen: 'de',
      descripcion: 'Nueva',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: cast.glossary.nombre,
      idioma_origen: 'es',
      descripcion: 'Nueva',
    });
  });

  it('refuses a missing or too long description (422)', async () => {
    expect((await put(cast.owner.headers, {})).statusCode).toBe(422);
    expect((await put(cast.owner.headers, { descripcion: 'x'.repeat(2001) })).statusCode).toBe(422);
  });
});

describeEngines('DELETE /api/glosarios/:nombre_seguro', (t) => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(t);
  });
  const del = (headers: Headers, slug = cast.glossary.nombre_seguro) =>
    t.app.inject({ method: 'DELETE', url: `/api/glosarios/${slug}`, headers });

  it.each([
    ['editor', 403, 'FORBIDDEN'],
    ['reader', 403, 'FORBIDDEN'],
    ['globalLector', 403, 'FORBIDDEN'],
    ['stranger', 404, 'NOT_FOUND'],
    ['anonymous', 401, 'UNAUTHENTICATED'],
  ] as const)('refuses the %s with %i', async (who, status, code) => {
    const res = await del(headersOf(cast, who));
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it('sends the owner glossary to the trash (204): gone for everyone, listed in the owner trash', async () => {
    const res = await del(cast.owner.headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const who of ['owner', 'editor', 'reader'] as const) {
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/glosarios', headers: cast[who].headers })
      ).json() as Glossary[];
      expect(list.find((g) => g.id === cast.glossary.id)).toBeUndefined();
    }
    const editorView = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${cast.glossary.nombre_seguro}/configuracion`,
      headers: cast.editor.headers,
    });
    expect(editorView.statusCode).toBe(404);
    const trash = await t.app.inject({
      method: 'GET',
      url: '/api/glosarios/eliminados',
      headers: cast.owner.headers,
    });
    expect(trash.json()[0]).toMatchObject({
      nombre_seguro: cast.glossary.nombre_seguro,
      dias_restantes: 30,
    });
    expect((await del(cast.owner.headers)).statusCode).toBe(404);
  });

  it('lets an admin trash anyone glossary', async () => {
    const other = await createGlossaryRow(t, cast.stranger.user);
    expect((await del(cast.admin.headers, other.nombre_seguro)).statusCode).toBe(204);
  });

  it('refuses a read-only account its own glossary', async () => {
    const lectorOwner = await createUser(t, { role: 'lector' });
    const own = await createGlossaryRow(t, lectorOwner.user);
    expect((await del(lectorOwner.headers, own.nombre_seguro)).statusCode).toBe(403);
  });
});

describe('glossary slugs in paths', () => {
  describeEngines('trailing slashes', (t) => {
    it('ignores a trailing slash on the collection', async () => {
      const { headers } = await createUser(t);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/glosarios/', headers })).statusCode,
      ).toBe(200);
    });
  });
});

describeEngines('GET /api/docs (glossaries)', (t) => {
  it('documents every glossary route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/glosarios',
        '/api/glosarios/eliminados',
        '/api/glosarios/restaurar',
        '/api/glosarios/{nombre_seguro}',
        '/api/glosarios/{nombre_seguro}/configuracion',
        '/api/glosarios/{nombre_seguro}/miembros',
        '/api/glosarios/{nombre_seguro}/miembros/{user_id}',
      ]),
    );
  });
});
