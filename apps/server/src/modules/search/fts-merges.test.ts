import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { checkSearchIndex } from './search-index-check.ts';

const FTS_TABLES = ['entries_fts', 'search_terms_fts', 'search_field_fts'];

describeEngines('FTS5 merges (migration 063)', (t) => {
  it('leaves merging to crisis merges on SQLite (no merge work on every commit)', async () => {
    if (t.engine !== 'sqlite') return;
    for (const table of FTS_TABLES) {
      const { rows } = await sql<{ v: number }>`
        select v from ${sql.table(`${table}_config`)} where k = 'automerge'`.execute(t.db);
      expect(rows, table).toEqual([{ v: 0 }]);
    }
  });

  it('finds every entry written one by one, past the sixteen segments of a crisis merge', async () => {
    const { user, headers } = await createUser(t);
    const glossary = await createGlossaryRow(t, user);
    const url = `/api/glosarios/${glossary.nombre_seguro}/entradas`;
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: {
          termino: { es: `espada rúnica ${i}`, en: `runic sword ${i}` },
          notas: `forja ${i}`,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const inGlossary = await t.app.inject({
      method: 'GET',
      url: `${url}?termino=runica&pagina=1`,
      headers,
    });
    expect(inGlossary.headers['x-total-count']).toBe('40');
    const quick = await t.app.inject({ method: 'GET', url: '/api/buscar?termino=sword', headers });
    expect(quick.headers['x-total-count']).toBe('40');
    const advanced = await t.app.inject({ method: 'GET', url: '/api/buscar?notas=forja', headers });
    expect(advanced.headers['x-total-count']).toBe('40');
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });
});
