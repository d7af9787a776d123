import type { Entry } from '@ludoterm/contract';
import { beforeAll, expect, it } from 'vitest';
import { up as sortWithoutBaseTermLast } from '../../db/migrations/2026-11-27-081-entries-without-base-term-last.ts';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { deriveColumns, languagesOf, readFicha } from '../card/index.ts';
import { checkSearchIndex } from './search-index-check.ts';

// Entries without a base-language term sort together after all the others (by their target
// term), in the list, its pages and the export; migration 081 moves the keys of old rows.

/** How an entry reads in these lists: its base term, or «— target» when it has none. */
const nameOf = (e: Pick<Entry, 'termino'>) => e.termino.es ?? `— ${e.termino.en}`;

describeEngines('entries without a base term', (t) => {
  let owner: TestUser;

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Ana' });
  });

  const entriesUrl = (g: GlossaryRow, query = '') =>
    `/api/glosarios/${g.nombre_seguro}/entradas${query}`;
  const list = async (g: GlossaryRow, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: entriesUrl(g, query),
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<Entry[]>().map(nameOf);
  };
  const exported = async (g: GlossaryRow) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${g.nombre_seguro}/exportar?formato=json`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ entradas: Entry[] }>().entradas.map(nameOf);
  };

  /** A glossary es→en holding the entries of the issue: two without a Spanish term. */
  async function glossaryWithGaps(): Promise<{ glossary: GlossaryRow; ids: Map<string, number> }> {
    const glossary = await createGlossaryRow(t, owner.user);
    const ids = new Map<string, number>();
    for (const termino of [
      { es: 'A veces', en: 'Sometimes' },
      { es: null, en: 'Zombie' },
      { es: 'zurdo', en: 'left-handed' },
      { es: 'A partir de', en: 'From' },
      { es: null, en: 'A settler' },
      { es: 'Ñu', en: 'gnu' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: entriesUrl(glossary),
        headers: owner.headers,
        payload: { termino },
      });
      expect(res.statusCode, res.body).toBe(201);
      const entry = res.json<Entry>();
      ids.set(nameOf(entry), entry.id);
    }
    return { glossary, ids };
  }

  const SORTED = ['A partir de', 'A veces', 'Ñu', 'zurdo', '— A settler', '— Zombie'];

  it('lists them last, by target term, in the list, its pages and the export', async () => {
    const { glossary } = await glossaryWithGaps();
    expect(await list(glossary)).toEqual(SORTED);
    expect(await list(glossary, '?pagina=2&por_pagina=4')).toEqual(['— A settler', '— Zombie']);
    // Descending is the ascending order reversed, so they lead it, still together.
    expect(await list(glossary, '?orden=desc')).toEqual([...SORTED].reverse());
    expect(await exported(glossary)).toEqual(SORTED);
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });

  it('keeps the order when an entry loses or gains its base term', async () => {
    const { glossary, ids } = await glossaryWithGaps();
    const edit = (name: string, termino: object) =>
      t.app.inject({
        method: 'PUT',
        url: entriesUrl(glossary, `/${ids.get(name)}`),
        headers: owner.headers,
        payload: { termino },
      });
    expect((await edit('A veces', { es: null, en: 'Sometimes' })).statusCode).toBe(200);
    expect((await edit('— Zombie', { es: 'Zombi', en: 'Zombie' })).statusCode).toBe(200);
    expect(await list(glossary)).toEqual([
      'A partir de',
      'Ñu',
      'Zombi',
      'zurdo',
      '— A settler',
      '— Sometimes',
    ]);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('migration 081 moves the keys written by the old rule, the search index with them', async () => {
    const { glossary, ids } = await glossaryWithGaps();
    // A deleted entry keeps a key too (a recovery brings it back as it was).
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: entriesUrl(glossary, `/${ids.get('— Zombie')}`),
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    // The old rule keyed an entry without a base term by its target term alone.
    for (const [name, oldKey] of [
      ['— A settler', 'a settler'],
      ['— Zombie', 'zombie'],
    ] as const) {
      await t.db
        .updateTable('entries')
        .set({ clave_orden: oldKey })
        .where('id', '=', ids.get(name)!)
        .execute();
    }
    expect(await list(glossary)).toEqual(['A partir de', '— A settler', 'A veces', 'Ñu', 'zurdo']);
    expect(
      (await checkSearchIndex(t.db)).filter((p) => p.endsWith('clave_orden desfasado')),
    ).toHaveLength(2);

    await sortWithoutBaseTermLast(t.db);
    // Run again it changes nothing.
    await sortWithoutBaseTermLast(t.db);

    expect(await list(glossary)).toEqual(['A partir de', 'A veces', 'Ñu', 'zurdo', '— A settler']);
    const rows = await t.db
      .selectFrom('entries')
      .innerJoin('glossaries', 'glossaries.id', 'entries.glossary_id')
      .select([
        'entries.ficha',
        'entries.clave_orden',
        'glossaries.idioma_origen',
        'glossaries.idioma_meta',
      ])
      .where('entries.glossary_id', '=', glossary.id)
      .execute();
    for (const row of rows) {
      expect(row.clave_orden).toBe(
        deriveColumns(languagesOf(row), readFicha(row.ficha).card).clave_orden,
      );
    }
    expect(await checkSearchIndex(t.db)).toEqual([]);
    const recovered = await t.app.inject({
      method: 'POST',
      url: entriesUrl(glossary, `/${ids.get('— Zombie')}/recuperar`),
      headers: owner.headers,
    });
    expect(recovered.statusCode).toBe(200);
    expect(await list(glossary)).toEqual(SORTED);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });
});
