import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { insertEntries } from '../entries/entry-writes.service.ts';
import { SEARCH_BTREES, mapSearchPages } from './search-pages.sqlite.ts';

describeEngines('the search pages a search thread maps when it warms up', (t) => {
  async function bytesOf(names: readonly string[]): Promise<number> {
    const { rows } = await sql<{ name: string; bytes: number }>`
      select name, sum(pgsize) as bytes from dbstat group by name`.execute(t.db);
    const sizes = new Map(rows.map((r) => [r.name, r.bytes]));
    return names.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0);
  }

  it('names B-trees the database has, and reads them until the budget is spent', async () => {
    if (t.engine !== 'sqlite') return;
    const { user } = await createUser(t);
    const glossary = await createGlossaryRow(t, user);
    const entries = Array.from({ length: 300 }, (_, i) => ({
      input: {
        termino: { es: `poción de maná ${i}`, en: `mana potion ${i}` },
        definicion: `Restaura el maná del jugador (${i}).`,
      },
    }));
    await t.db
      .transaction()
      .execute((tx) => insertEntries(tx, glossary, entries, { id: user.id, nombre: user.email }));

    const { rows } = await sql<{ name: string }>`select name from sqlite_master`.execute(t.db);
    const present = new Set(rows.map((r) => r.name));
    expect(SEARCH_BTREES.filter((name) => !present.has(name))).toEqual([]);

    expect(await mapSearchPages(t.db)).toBe(await bytesOf(SEARCH_BTREES));
    // The first B-tree crosses a budget of one byte: it alone is read.
    expect(await mapSearchPages(t.db, 1)).toBe(await bytesOf(SEARCH_BTREES.slice(0, 1)));
  });
});
