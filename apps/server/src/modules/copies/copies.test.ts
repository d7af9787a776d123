import type { Entry } from '@ludoterm/contract';
import { beforeAll, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';

describeEngines('POST /glosarios/:nombre_seguro/copiar', (t) => {
  let owner: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let origin: GlossaryRow;
  let entries: Entry[];

  const copy = (from: GlossaryRow | string, headers: object, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${typeof from === 'string' ? from : from.nombre_seguro}/copiar`,
      headers: headers as Record<string, string>,
      payload,
    });
  const listOf = async (g: GlossaryRow, user: TestUser = owner) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/glosarios/${g.nombre_seguro}/entradas`,
        headers: user.headers,
      })
    ).json() as Entry[];

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Ana' });
    colleague = await createUser(t, { display_name: 'Carlos' });
    stranger = await createUser(t);
    origin = await createGlossaryRow(t, owner.user, { nombre: 'Origen' });
    entries = [];
    for (const [es, en] of [
      ['espada', 'sword'],
      ['escudo', 'shield'],
      ['arco', 'bow'],
      ['flecha', 'arrow'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${origin.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: { termino: { es, en }, notas: `nota de ${es}`, comentarios_privados: 'privado' },
      });
      entries.push(res.json() as Entry);
    }
    // A second version of 'espada', so the copy remembers version 2.
    await t.app.inject({
      method: 'PUT',
      url: `/api/glosarios/${origin.nombre_seguro}/entradas/${entries[0]!.id}`,
      headers: owner.headers,
      payload: { notas: 'nota 2' },
    });
  });

  it('copies the chosen entries, remembering their source, written by the caller', async () => {
    const destination = await createGlossaryRow(t, colleague.user);
    await addMemberRow(t, origin, colleague.user, 'lector');
    const res = await copy(origin, colleague.headers, {
      destino: destination.nombre_seguro,
      ids: [entries[0]!.id, entries[2]!.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ copiadas: 2, omitidas: 0 });
    const copied = await listOf(destination, colleague);
    expect(
      copied.map((e) => [e.termino.es, e.notas, e.autor, e.comentarios_privados, e.origen]),
    ).toEqual([
      [
        'arco',
        'nota de arco',
        'Carlos',
        null,
        { glosario: origin.nombre_seguro, entrada_id: entries[2]!.id, version: 1 },
      ],
      [
        'espada',
        'nota 2',
        'Carlos',
        null,
        { glosario: origin.nombre_seguro, entrada_id: entries[0]!.id, version: 2 },
      ],
    ]);
    expect(await checkSearchIndex(t.db, { glossaryId: destination.id })).toEqual([]);
  });

  it('keeps the concept id and original record an entry was imported with', async () => {
    const registro_original = {
      creado_por: 'Luis',
      creado_en: '2018-05-02',
      modificado_por: null,
      modificado_en: null,
    };
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${origin.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: { termino: { es: 'poción', en: 'potion' }, id_externo: 'c-77', registro_original },
    });
    expect(made.statusCode, made.body).toBe(201);
    const destination = await createGlossaryRow(t, owner.user);
    const copyIt = () =>
      copy(origin, owner.headers, {
        destino: destination.nombre_seguro,
        ids: [(made.json() as Entry).id],
      });
    expect((await copyIt()).json()).toEqual({ copiadas: 1, omitidas: 0 });
    const [copied] = await listOf(destination);
    expect(copied).toMatchObject({ id_externo: 'c-77', registro_original });
    // Copied again: the same concept, skipped.
    expect((await copyIt()).json()).toEqual({ copiadas: 0, omitidas: 1 });
  });

  it('skips entries whose two terms already exist in the destination, accents and case aside', async () => {
    const destination = await createGlossaryRow(t, owner.user);
    await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${destination.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: { termino: { es: 'ESPADA', en: 'Sword' } },
    });
    // Same es term with another en term is not a duplicate.
    await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${destination.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: { termino: { es: 'escudo', en: 'buckler' } },
    });
    const ids = entries.map((e) => e.id);
    const res = await copy(origin, owner.headers, {
      destino: destination.nombre_seguro,
      ids: [...ids, ids[1]!],
    });
    expect(res.json()).toEqual({ copiadas: 3, omitidas: 1 });
    const again = await copy(origin, owner.headers, { destino: destination.nombre_seguro, ids });
    expect(again.json()).toEqual({ copiadas: 0, omitidas: 4 });
    expect(await checkSearchIndex(t.db, { glossaryId: destination.id })).toEqual([]);
  });

  it('copies the whole glossary with todas: true, leaving deleted entries out', async () => {
    const source = await createGlossaryRow(t, owner.user);
    const created: Entry[] = [];
    for (const es of ['uno', 'dos', 'tres']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${source.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: { termino: { es } },
      });
      created.push(res.json() as Entry);
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/api/glosarios/${source.nombre_seguro}/entradas/${created[1]!.id}`,
      headers: owner.headers,
    });
    const destination = await createGlossaryRow(t, owner.user);
    const res = await copy(source, owner.headers, {
      destino: destination.nombre_seguro,
      todas: true,
    });
    expect(res.json()).toEqual({ copiadas: 2, omitidas: 0 });
    expect((await listOf(destination)).map((e) => e.termino.es)).toEqual(['tres', 'uno']);
    const row = await t.db
      .selectFrom('glossaries')
      .select('num_entradas')
      .where('id', '=', destination.id)
      .executeTakeFirstOrThrow();
    expect(row.num_entradas).toBe(2);
  });

  it('accepts a destination with the same languages the other way round', async () => {
    const enEs = await createGlossaryRow(t, owner.user, { idioma_origen: 'en', idioma_meta: 'es' });
    const res = await copy(origin, owner.headers, {
      destino: enEs.nombre_seguro,
      ids: [entries[3]!.id],
    });
    expect(res.json()).toEqual({ copiadas: 1, omitidas: 0 });
    expect((await listOf(enEs))[0]!.termino).toEqual({ en: 'arrow', es: 'flecha' });

    // Each language's definition moves to its slot there: the base one is English now.
    const defined = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${origin.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: {
        termino: { es: 'lanza', en: 'spear' },
        definicion: 'Arma de asta.',
        definicion_en: 'A pole weapon.',
      },
    });
    expect(defined.statusCode, defined.body).toBe(201);
    const again = await copy(origin, owner.headers, {
      destino: enEs.nombre_seguro,
      ids: [(defined.json() as Entry).id],
    });
    expect(again.statusCode, again.body).toBe(200);
    const spear = (await listOf(enEs)).find((e) => e.termino.en === 'spear');
    expect(spear).toMatchObject({ definicion: 'A pole weapon.', definicion_es: 'Arma de asta.' });
  });

  it('refuses glossaries of other languages, the origin itself, and empty selections', async () => {
    const esFr = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'fr' });
    const mismatch = await copy(origin, owner.headers, {
      destino: esFr.nombre_seguro,
      ids: [entries[0]!.id],
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      code: 'LANGUAGE_MISMATCH',
      detail: 'Los idiomas de los glosarios no coinciden.',
    });
    const same = await copy(origin, owner.headers, {
      destino: origin.nombre_seguro,
      ids: [entries[0]!.id],
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().detail).toBe('El glosario destino no puede ser el mismo que el origen.');
    const none = await copy(origin, owner.headers, { destino: esFr.nombre_seguro, ids: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toBe('Selecciona al menos una entrada para copiar.');
    const noDestination = await copy(origin, owner.headers, { destino: ' ', ids: [1] });
    expect(noDestination.statusCode).toBe(422);
    expect(noDestination.json().detail).toBe('Selecciona un glosario destino.');
  });

  it('needs read on the origin and write on the destination', async () => {
    const readOnly = await createGlossaryRow(t, owner.user);
    await addMemberRow(t, readOnly, colleague.user, 'lector');
    const own = await createGlossaryRow(t, colleague.user);
    const ids = [entries[0]!.id];
    const toReadOnly = await copy(origin, colleague.headers, {
      destino: readOnly.nombre_seguro,
      ids,
    });
    expect(toReadOnly.statusCode).toBe(403);
    expect(toReadOnly.json().code).toBe('READ_ONLY');
    expect(
      (await copy(origin, stranger.headers, { destino: own.nombre_seguro, ids })).statusCode,
    ).toBe(404);
    expect(
      (await copy(origin, owner.headers, { destino: own.nombre_seguro, ids })).statusCode,
    ).toBe(404);
    expect((await copy(origin, owner.headers, { destino: 'no-existe', ids })).statusCode).toBe(404);
    expect((await copy(origin, {}, { destino: own.nombre_seguro, ids })).statusCode).toBe(401);
    const lector = await createUser(t, { role: 'lector' });
    const lectorOwn = await createGlossaryRow(t, lector.user);
    await addMemberRow(t, origin, lector.user, 'lector');
    const res = await copy(origin, lector.headers, { destino: lectorOwn.nombre_seguro, ids });
    expect(res.statusCode).toBe(403);
  });

  it('ignores ids that are not live entries of the origin', async () => {
    const other = await createGlossaryRow(t, owner.user);
    const destination = await createGlossaryRow(t, owner.user);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${other.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: { termino: { es: 'ajeno' } },
    });
    const res = await copy(origin, owner.headers, {
      destino: destination.nombre_seguro,
      ids: [(foreign.json() as Entry).id, 999_999, entries[1]!.id],
    });
    expect(res.json()).toEqual({ copiadas: 1, omitidas: 0 });
  });

  it('finds the destination by name when an older client sends the name', async () => {
    const named = await createGlossaryRow(t, owner.user, { nombre: 'Destino Por Nombre' });
    const res = await copy(origin, owner.headers, {
      destino: 'Destino Por Nombre',
      ids: [entries[2]!.id],
    });
    expect(res.json()).toEqual({ copiadas: 1, omitidas: 0 });
    expect((await listOf(named)).map((e) => e.termino.es)).toEqual(['arco']);
  });
});
