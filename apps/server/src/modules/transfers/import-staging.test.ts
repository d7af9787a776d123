import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock.ts';
import { buildTestApp, describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';
import { insertEntries } from '../entries/index.ts';
import { createStagingGlossary } from './import-staging.repository.ts';
import { glossaryCounts, postImport } from './import-test-helpers.ts';

// A failed or interrupted import leaves nothing anyone can see, and nothing that lasts: on
// SQLite its batches sit in a staging glossary until one last transaction publishes them.

const ROWS_BEFORE_FAILURE = 12_000;

/** No staging glossary remains and the search index agrees with the entries. */
async function expectNoStagingLeft(t: TestApp): Promise<void> {
  const staging = await t.db
    .selectFrom('glossaries')
    .select('id')
    .where('importando_en', 'is not', null)
    .execute();
  expect(staging).toEqual([]);
  expect(await checkSearchIndex(t.db)).toEqual([]);
}

describeEngines('An import that fails after writing several batches', (t) => {
  it('answers 422 naming the line and leaves no entry, glossary or index row behind', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    const entriesBefore = await t.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const lines = ['es,en,definicion'];
    for (let i = 0; i < ROWS_BEFORE_FAILURE; i += 1) lines.push(`runa ${i},rune ${i},Signo ${i}.`);
    lines.push(`runa final,final rune,${'x'.repeat(20_001)}`);
    const res = await postImport(t, owner, glossary, {
      formato: 'csv',
      file: `${lines.join('\n')}\n`,
      mapping: { es: 'termino.es', en: 'termino.en', definicion: 'definicion' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(`Línea ${ROWS_BEFORE_FAILURE + 2}`);
    expect(await glossaryCounts(t, glossary)).toEqual({
      entradas: 0,
      versiones: 0,
      num_entradas: 0,
    });
    const entriesAfter = await t.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(entriesAfter.n)).toBe(Number(entriesBefore.n));
    await expectNoStagingLeft(t);
  }, 60_000);
});

// Only SQLite imports through a staging glossary; PostgreSQL's one transaction rolls back.
describe('A staging glossary left by a crash [sqlite]', () => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp('sqlite'));
  });
  afterAll(async () => {
    await t.close?.();
  });

  it('is seen by no one and is removed by the next import', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    // What an import killed mid-way leaves: a staging glossary holding indexed entries.
    const stagingId = await t.db
      .transaction()
      .execute((tx) => createStagingGlossary(tx, glossary.id, nowIso()));
    await t.db
      .transaction()
      .execute((tx) =>
        insertEntries(
          tx,
          { ...glossary, id: stagingId },
          [{ input: { termino: { es: 'reliquia oculta', en: 'hidden relic' } } }],
          { id: owner.user.id, nombre: 'Propietaria' },
        ),
      );

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/glosarios',
      headers: owner.headers,
    });
    expect(listed.json<Array<{ nombre_seguro: string }>>().map((g) => g.nombre_seguro)).toEqual([
      glossary.nombre_seguro,
    ]);
    const trash = await t.app.inject({
      method: 'GET',
      url: '/api/glosarios/eliminados',
      headers: owner.headers,
    });
    expect(trash.json()).toEqual([]);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/buscar?termino=reliquia',
      headers: owner.headers,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([]);

    const res = await postImport(t, owner, glossary, {
      formato: 'csv',
      file: 'es,en\nmaná,mana\n',
      mapping: { es: 'termino.es', en: 'termino.en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.db
      .selectFrom('entries')
      .select('id')
      .where('glossary_id', '=', stagingId)
      .execute();
    expect(left).toEqual([]);
    await expectNoStagingLeft(t);
    expect((await glossaryCounts(t, glossary)).entradas).toBe(1);
  });
});
