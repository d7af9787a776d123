import type { Entry, HistoryItem, Term } from '@ludoterm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { checkSearchIndex } from './search-index-check.ts';

const summary = (terms: readonly Term[]) =>
  terms.map((t) => `${t.idioma}:${t.termino}:${t.estado}`);

describeEngines('entry terms through the API', (t) => {
  let owner: TestUser;
  let glossary: GlossaryRow;
  let other: GlossaryRow;
  const url = (g: GlossaryRow, rest = '') => `/api/glosarios/${g.nombre_seguro}/entradas${rest}`;

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Ana' });
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'Términos' });
    other = await createGlossaryRow(t, owner.user, { nombre: 'Destino de términos' });
  });

  async function create(payload: object): Promise<Entry> {
    const res = await t.app.inject({
      method: 'POST',
      url: url(glossary),
      headers: owner.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Entry;
  }

  async function update(id: number, payload: object): Promise<Entry> {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(glossary, `/${id}`),
      headers: owner.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entrada: Entry }).entrada;
  }

  it('a seed-style entry answers its terms as a list of preferred full terms', async () => {
    const entry = await create({ termino: { es: 'espada', en: 'sword' } });
    expect(entry.terminos).toEqual([
      {
        idioma: 'es',
        termino: 'espada',
        estado: 'preferido',
        tipo: 'termino_completo',
        categoria_gramatical: null,
        genero: null,
        numero: null,
        nota_uso: null,
      },
      {
        idioma: 'en',
        termino: 'sword',
        estado: 'preferido',
        tipo: 'termino_completo',
        categoria_gramatical: null,
        genero: null,
        numero: null,
        nota_uso: null,
      },
    ]);
    expect(entry.avisos).toBeUndefined();
  });

  it('keeps synonyms with their statuses through create, edit, history, restore and copy', async () => {
    const entry = await create({
      terminos: [
        { idioma: 'es', termino: 'puntos de salud', genero: 'masculino', numero: 'plural' },
        { idioma: 'es', termino: 'PS', tipo: 'sigla' },
        {
          idioma: 'es',
          termino: 'vida',
          estado: 'desaconsejado',
          nota_uso: 'Ambiguo en la interfaz.',
        },
        { idioma: 'en', termino: 'hit points' },
        { idioma: 'en', termino: 'HP', tipo: 'sigla' },
      ],
      definicion: 'Medida de lo que un personaje aguanta antes de caer.',
    });
    expect(entry.termino).toEqual({ es: 'puntos de salud', en: 'hit points' });
    expect(summary(entry.terminos)).toEqual([
      'es:puntos de salud:preferido',
      'es:PS:admitido',
      'es:vida:desaconsejado',
      'en:hit points:preferido',
      'en:HP:admitido',
    ]);
    expect(entry.terminos[0]).toMatchObject({ genero: 'masculino', numero: 'plural' });
    expect(entry.terminos[2]!.nota_uso).toBe('Ambiguo en la interfaz.');

    // A client that only knows `termino` replaces the preferred term and keeps the rest.
    const edited = await update(entry.id, { termino: { es: 'puntos de vida' } });
    expect(summary(edited.terminos)).toEqual([
      'es:puntos de vida:preferido',
      'es:PS:admitido',
      'es:vida:desaconsejado',
      'en:hit points:preferido',
      'en:HP:admitido',
    ]);
    expect(edited.terminos[0]).toMatchObject({ genero: 'masculino' });

    // The seed's search keeps working on the shown term.
    const found = await t.app.inject({
      method: 'GET',
      url: url(glossary, '?q=vida'),
      headers: owner.headers,
    });
    expect((found.json() as Entry[]).map((e) => e.id)).toContain(entry.id);

    const history = await t.app.inject({
      method: 'GET',
      url: url(glossary, `/${entry.id}/historial`),
      headers: owner.headers,
    });
    const versions = (history.json() as { historial: HistoryItem[] }).historial;
    expect(versions.map((v) => v.terminos[0]!.termino)).toEqual([
      'puntos de salud',
      'puntos de vida',
    ]);

    const restored = await t.app.inject({
      method: 'POST',
      url: url(glossary, `/${entry.id}/restaurar`),
      headers: owner.headers,
      payload: { version_index: 0 },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(summary((restored.json() as { entrada: Entry }).entrada.terminos)[0]).toBe(
      'es:puntos de salud:preferido',
    );

    const copied = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${glossary.nombre_seguro}/copiar`,
      headers: owner.headers,
      payload: { destino: other.nombre_seguro, ids: [entry.id] },
    });
    expect(copied.json()).toMatchObject({ copiadas: 1 });
    const inOther = await t.app.inject({ method: 'GET', url: url(other), headers: owner.headers });
    const copy = (inOther.json() as Entry[]).find((e) => e.termino.es === 'puntos de salud')!;
    expect(copy.terminos).toEqual((restored.json() as { entrada: Entry }).entrada.terminos);
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });

  it('two preferred terms in a language: the first wins and the answer says so', async () => {
    const entry = await create({
      terminos: [
        { idioma: 'es', termino: 'maná', estado: 'preferido' },
        { idioma: 'es', termino: 'energía mágica', estado: 'preferido' },
        { idioma: 'en', termino: 'mana' },
      ],
    });
    expect(summary(entry.terminos)).toEqual([
      'es:maná:preferido',
      'es:energía mágica:admitido',
      'en:mana:preferido',
    ]);
    expect(entry.avisos).toEqual([
      'Solo puede haber un término preferido por idioma: «maná» sigue siendo el preferido (es) y «energía mágica» pasa a admitido.',
    ]);
    const list = await t.app.inject({ method: 'GET', url: url(glossary), headers: owner.headers });
    const stored = (list.json() as Entry[]).find((e) => e.id === entry.id)!;
    expect(summary(stored.terminos)).toEqual(summary(entry.terminos));
    expect(stored.avisos).toBeUndefined();
  });

  it('refuses bad term lists with a Spanish 422 and writes nothing', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: url(glossary), headers: owner.headers })
    ).json() as Entry[];
    const cases: Array<[object, RegExp]> = [
      [{ terminos: [{ idioma: 'fr', termino: 'épée' }] }, /es→en: el término «épée» está en «fr»/],
      [
        { terminos: [{ idioma: 'es', termino: 'arco', estado: 'favorito' }] },
        /estado: Debe ser uno de: preferido, admitido, desaconsejado, prohibido/,
      ],
      [
        {
          terminos: [
            { idioma: 'es', termino: 'arco' },
            { idioma: 'es', termino: 'Arco' },
          ],
        },
        /«Arco» \(es\) aparece dos veces/,
      ],
      [{ terminos: [] }, /Escribe el término en al menos uno de los dos idiomas/],
      [
        { terminos: Array.from({ length: 31 }, (_, i) => ({ idioma: 'es', termino: `t${i}` })) },
        /terminos: No puede superar 30 elementos/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: url(glossary),
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as { detail: string }).detail).toMatch(message);
    }
    const after = (
      await t.app.inject({ method: 'GET', url: url(glossary), headers: owner.headers })
    ).json() as Entry[];
    expect(after.length).toBe(before.length);
  });

  describe('an entry sent back as GET answered it', () => {
    it('keeps its list and applies an edited termino.xx', async () => {
      const entry = await create({
        terminos: [
          { idioma: 'es', termino: 'jefe final' },
          { idioma: 'es', termino: 'jefe', estado: 'admitido' },
          { idioma: 'en', termino: 'final boss' },
        ],
      });
      const edited = await update(entry.id, {
        ...entry,
        termino: { ...entry.termino, es: 'jefe de nivel' },
      });
      expect(summary(edited.terminos)).toEqual([
        'es:jefe de nivel:preferido',
        'es:jefe:admitido',
        'en:final boss:preferido',
      ]);
    });
  });
});
