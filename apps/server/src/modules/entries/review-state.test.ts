import type { Entry, Glossary, HistoryItem } from '@ludoterm/contract';
import { beforeAll, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { postImport } from '../transfers/import-test-helpers.ts';

describeEngines('entry review state', (t) => {
  let owner: TestUser;
  let editor: TestUser;
  let revisor: TestUser;
  let reader: TestUser;
  let glossary: GlossaryRow;
  const url = (rest = '') => `/api/glosarios/${glossary.nombre_seguro}/entradas${rest}`;
  const put = (user: TestUser, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: url(`/${id}`), headers: user.headers, payload });

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Olga Dueña' });
    editor = await createUser(t, { display_name: 'Eva Editora' });
    revisor = await createUser(t, { display_name: 'Rita Revisora' });
    reader = await createUser(t);
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'Revisión' });
    await addMemberRow(t, glossary, editor.user, 'editor');
    await addMemberRow(t, glossary, revisor.user, 'revisor');
    await addMemberRow(t, glossary, reader.user, 'lector');
  });

  async function create(user: TestUser, payload: object): Promise<Entry> {
    const res = await t.app.inject({ method: 'POST', url: url(), headers: user.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Entry;
  }

  it('a revisor sees the glossary as revisor and may write', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/glosarios',
      headers: revisor.headers,
    });
    expect((res.json() as Glossary[]).find((g) => g.id === glossary.id)?.acceso).toBe('revisor');
    expect(
      (await create(revisor, { termino: { es: 'escudo', en: 'shield' } })).estado_revision,
    ).toBe('borrador');
  });

  it('draft → review by the editor → approved by the revisor; each change is a version with its author', async () => {
    const entry = await create(editor, { termino: { es: 'poción', en: 'potion' } });
    expect(entry.estado_revision).toBe('borrador');
    const sent = await put(editor, entry.id, { estado_revision: 'en_revision' });
    expect(sent.statusCode, sent.body).toBe(200);
    const approved = await put(revisor, entry.id, { estado_revision: 'aprobado' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as { entrada: Entry }).entrada).toMatchObject({
      estado_revision: 'aprobado',
      version: 3,
    });
    const history = await t.app.inject({
      method: 'GET',
      url: url(`/${entry.id}/historial`),
      headers: owner.headers,
    });
    expect(
      (history.json() as { historial: HistoryItem[] }).historial.map(
        (v) => `${v.estado_revision} ${v.autor}`,
      ),
    ).toEqual(['borrador Eva Editora', 'en_revision Eva Editora', 'aprobado Rita Revisora']);
  });

  it('an editor may not approve: 403 in Spanish and nothing written', async () => {
    const entry = await create(editor, { termino: { es: 'maná', en: 'mana' } });
    const res = await put(editor, entry.id, { estado_revision: 'aprobado' });
    expect(res.statusCode).toBe(403);
    expect((res.json() as { detail: string }).detail).toBe(
      'Solo la persona propietaria del glosario y quienes lo revisan (rol revisor) pueden aprobar entradas.',
    );
    const created = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: editor.headers,
      payload: { termino: { es: 'hechizo', en: 'spell' }, estado_revision: 'aprobado' },
    });
    expect(created.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: url(), headers: editor.headers });
    expect((list.json() as Entry[]).find((e) => e.id === entry.id)).toMatchObject({
      estado_revision: 'borrador',
      version: 1,
    });
    expect((list.json() as Entry[]).some((e) => e.termino.es === 'hechizo')).toBe(false);
    const readerTry = await put(reader, entry.id, { estado_revision: 'en_revision' });
    expect(readerTry.statusCode).toBe(403);
  });

  it("an editor's change to an approved entry sends it back to review, even when the client echoes the state", async () => {
    const entry = await create(owner, {
      termino: { es: 'jefe final', en: 'final boss' },
      estado_revision: 'aprobado',
    });
    expect(entry.estado_revision).toBe('aprobado');
    const edited = await put(editor, entry.id, {
      ...entry,
      definicion: 'El último enemigo de un nivel.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { entrada: Entry }).entrada.estado_revision).toBe('en_revision');
    // The owner's own edits keep an approval.
    await put(owner, entry.id, { estado_revision: 'aprobado' });
    const ownerEdit = await put(owner, entry.id, { notas: 'Revisado.' });
    expect((ownerEdit.json() as { entrada: Entry }).entrada.estado_revision).toBe('aprobado');
  });

  it('imports keep the state their file gives, except approvals by someone who may not approve', async () => {
    const file = JSON.stringify([
      { termino: { es: 'arco', en: 'bow' }, estado_revision: 'aprobado' },
      { termino: { es: 'flecha', en: 'arrow' }, estado_revision: 'en_revision' },
      { termino: { es: 'carcaj', en: 'quiver' } },
    ]);
    const states = async () => {
      const res = await t.app.inject({ method: 'GET', url: url(), headers: owner.headers });
      return Object.fromEntries(
        (res.json() as Entry[]).map((e) => [e.termino.es, e.estado_revision]),
      );
    };
    expect((await postImport(t, editor, glossary, { formato: 'json', file })).statusCode).toBe(200);
    expect(await states()).toMatchObject({
      arco: 'en_revision',
      flecha: 'en_revision',
      carcaj: 'borrador',
    });

    const other = await createGlossaryRow(t, owner.user, { nombre: 'Revisión importada' });
    expect((await postImport(t, owner, other, { formato: 'json', file })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${other.nombre_seguro}/entradas`,
      headers: owner.headers,
    });
    expect(
      Object.fromEntries((res.json() as Entry[]).map((e) => [e.termino.es, e.estado_revision])),
    ).toEqual({
      arco: 'aprobado',
      flecha: 'en_revision',
      carcaj: 'borrador',
    });

    // A state LudoTerm does not know leaves the entry a draft and is reported, in every format.
    const odd = await postImport(t, owner, other, {
      formato: 'json',
      file: JSON.stringify([{ termino: { es: 'daga', en: 'dagger' }, estado_revision: 'final' }]),
    });
    expect(odd.statusCode, odd.body).toBe(200);
    expect((odd.json() as { avisos?: string[] }).avisos).toEqual([
      'Elemento n.º 1 (línea 1): el estado de revisión «final» no es borrador, en revisión ni aprobado: la entrada queda en borrador.',
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${other.nombre_seguro}/entradas?q=daga`,
      headers: owner.headers,
    });
    expect((listed.json() as Entry[]).map((e) => e.estado_revision)).toEqual(['borrador']);
  });

  it('lists and searches a glossary by review state, with the right totals', async () => {
    const g = await createGlossaryRow(t, owner.user, { nombre: 'Filtro por estado' });
    const base = `/api/glosarios/${g.nombre_seguro}/entradas`;
    for (const [es, en, estado] of [
      ['arco largo', 'longbow', 'aprobado'],
      ['arco corto', 'shortbow', 'borrador'],
      ['arcabuz', 'arquebus', 'aprobado'],
      ['daga', 'dagger', 'en_revision'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: base,
        headers: owner.headers,
        payload: { termino: { es, en }, estado_revision: estado },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}?${query}`,
        headers: owner.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        terms: (res.json() as Entry[]).map((e) => e.termino.es),
        total: res.headers['x-total-count'],
      };
    };
    expect(await list('estado_revision=aprobado')).toEqual({
      terms: ['arcabuz', 'arco largo'],
      total: '2',
    });
    expect(await list('estado_revision=aprobado&q=arco')).toEqual({
      terms: ['arco largo'],
      total: '1',
    });
    expect(await list('estado_revision=borrador&q=ar')).toEqual({
      terms: ['arco corto'],
      total: '1',
    });
    expect(await list('estado_revision=en_revision&orden=desc')).toEqual({
      terms: ['daga'],
      total: '1',
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${base}?estado_revision=final`,
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('members can be invited as revisor', async () => {
    const newcomer = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${glossary.nombre_seguro}/miembros`,
      headers: owner.headers,
      payload: { email: newcomer.user.email, rol: 'revisor' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const members = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${glossary.nombre_seguro}/miembros`,
      headers: owner.headers,
    });
    expect(members.body).toContain('"rol":"revisor"');
  });
});
