import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';

const FTS_TABLES = ['entries_fts', 'search_terms_fts', 'search_field_fts'];

describeEngines('FTS5 merges (migrations 063 and 064)', (t) => {
  it('leaves merging to crisis merges of 32 segments on SQLite (no merge work on every commit)', async () => {
    if (t.engine !== 'sqlite') return;
    for (const table of FTS_TABLES) {
      const { rows } = await sql<{ k: string; v: number }>`
        select k, v from ${sql.table(`${table}_config`)}
        where k in ('automerge', 'crisismerge') order by k`.execute(t.db);
      expect(rows, table).toEqual([
        { k: 'automerge', v: 0 },
        { k: 'crisismerge', v: 32 },
      ]);
    }
  });

  it('finds every entry written one by one, past two crisis merges of 32 segments', async () => {
    const { user, headers } = await createUser(t);
    const glossary = await createGlossaryRow(t, user);
    const url = `/api/glosarios/${glossary.nombre_seguro}/entradas`;
    for (let i = 0; i < 70; i += 1) {
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
    expect(inGlossary.headers['x-total-count']).toBe('70');
    const quick = await t.app.inject({ method: 'GET', url: '/api/buscar?termino=sword', headers });
    expect(quick.headers['x-total-count']).toBe('70');
    const advanced = await t.app.inject({ method: 'GET', url: '/api/buscar?notas=forja', headers });
    expect(advanced.headers['x-total-count']).toBe('70');
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });
});
