import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import type { Database } from '../schema.ts';
import * as entryTerms from './2026-11-28-090-entry-terms.ts';
import * as dropExternalIdIndex from './2026-11-28-092-drop-external-id-index.ts';
import type { AnyDb } from './helpers.ts';

const termRows = (db: Kysely<Database>) =>
  db
    .selectFrom('entry_terms')
    .select(['entry_id', 'posicion', 'glossary_id', 'idioma', 'termino', 'termino_plegado', 'estado', 'mostrado'])
    .orderBy('entry_id')
    .orderBy('posicion')
    .execute();

describeEngines('migrations of concept entries', (t) => {
  it('090 gives every card holding a term list its folded term rows, as the write path does', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload,
      });
    for (let i = 0; i < 5; i += 1) await post({ termino: { es: `nivel ${i}`, en: `level ${i}` } });
    const listed = await post({
      termino: { es: 'Poción', en: 'potion' },
      terminos: [
        { idioma: 'es', termino: 'Poción', estado: 'preferido' },
        { idioma: 'es', termino: 'brebaje', estado: 'desaconsejado' },
        { idioma: 'en', termino: 'potion' },
      ],
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const written = await termRows(t.db);
    expect(written.map((r) => [r.termino, r.termino_plegado, r.estado, Number(r.mostrado)])).toEqual([
      ['Poción', 'pocion', 'preferido', 1],
      ['brebaje', 'brebaje', 'desaconsejado', 0],
      ['potion', 'potion', 'preferido', 1],
    ]);

    await entryTerms.down(t.db as unknown as AnyDb);
    await entryTerms.up(t.db as unknown as AnyDb);
    expect(await termRows(t.db)).toEqual(written);
  });

  it('092 drops the unused concept-id index and its down puts it back', async () => {
    await dropExternalIdIndex.down(t.db as unknown as AnyDb);
    await dropExternalIdIndex.up(t.db as unknown as AnyDb);
  });
});
