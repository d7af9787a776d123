import type { Entry } from '@ludoterm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { checkSearchIndex } from './search-index-check.ts';
import { rebuildSearchIndex } from './search-index-rebuild.ts';
import { searchIndexFor } from '../search/search-index-for.ts';
import { targetOfField, type MatchTier, type SearchTarget } from '../search/search-order.ts';
import { glossaryScope } from '../search/search.repository.ts';
import { insertEntries } from './entry-writes.service.ts';
import {
  EntryValidationError,
  prepareEntries,
  type EntryActor,
  type NewEntry,
} from './prepared-entry.ts';

describeEngines('entry write path (bulk)', (t) => {
  let owner: TestUser;
  let actor: EntryActor;

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Importadora' });
    actor = { id: owner.user.id, nombre: 'Importadora' };
  });

  const bulk = (glossary: GlossaryRow, entries: NewEntry[], skipDuplicates = false) =>
    t.db
      .transaction()
      .execute((tx) => insertEntries(tx, glossary, entries, actor, { skipDuplicates }));

  it('inserts many entries with their first version, fields and index rows', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const entries: NewEntry[] = Array.from({ length: 1000 }, (_, i) => ({
      input: {
        termino: { es: `término ${i}`, en: `term ${i}` },
        notas: i % 3 === 0 ? `nota ${i}` : null,
        definicion: i % 5 === 0 ? `Definición número ${i}` : undefined,
      },
    }));
    const result = await bulk(glossary, entries);
    expect(result.inserted).toBe(1000);
    expect(result.skipped).toBe(0);
    expect(new Set(result.ids).size).toBe(1000);
    const versions = await t.db
      .selectFrom('entry_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entry_id', 'in', result.ids as number[])
      .executeTakeFirstOrThrow();
    expect(Number(versions.n)).toBe(1000);
    // The ids are aligned with the inputs even though rows are written in sort order.
    const row = await t.db
      .selectFrom('entries')
      .select('ficha')
      .where('id', '=', result.ids[734]!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.ficha)['termino.es']).toBe('término 734');
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });

  it('writes every card whole when a batch spans many statements, a large one among them', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    // ’ makes the text two bytes a character in V8; the 300 entries take two statements on
    // SQLite (entries.repository.ts, SQLITE_PARAMS); entry 150's card is about 54,000 characters.
    const long = `larga’ ${'texto '.repeat(3_000)}fin`;
    const inputOf = (i: number) => ({
      termino: { es: `arma ${i}`, en: `weapon ${i}` },
      definicion: i === 150 ? long : `Definición’ ${'x'.repeat(i)} n.º ${i}`,
      notas: i === 150 ? long : null,
      contexto_es: i === 150 ? long : null,
    });
    const entries: NewEntry[] = Array.from({ length: 300 }, (_, i) => ({ input: inputOf(i) }));
    const result = await bulk(glossary, entries);
    expect(result.inserted).toBe(300);
    const rows = await t.db
      .selectFrom('entries')
      .innerJoin('entry_versions', 'entry_versions.entry_id', 'entries.id')
      .select(['entries.id', 'entries.ficha', 'entry_versions.ficha as version_ficha'])
      .where('entries.glossary_id', '=', glossary.id)
      .execute();
    expect(rows.length).toBe(300);
    const byId = new Map(rows.map((r) => [r.id, r]));
    result.ids.forEach((id, i) => {
      const row = byId.get(id!)!;
      const card = JSON.parse(row.ficha) as Record<string, unknown>;
      const input = inputOf(i);
      expect([card['definicion'], card['notas'] ?? null, card['contexto_es'] ?? null]).toEqual([
        input.definicion,
        input.notas,
        input.contexto_es,
      ]);
      expect(row.version_ficha).toBe(row.ficha);
    });
  });

  it('skips duplicates against the glossary and within the batch', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    await bulk(glossary, [{ input: { termino: { es: 'Espada', en: 'Sword' } } }]);
    const result = await bulk(
      glossary,
      [
        { input: { termino: { es: 'espada', en: 'SWORD' } } },
        { input: { termino: { es: 'escudo', en: 'shield' } } },
        { input: { termino: { es: 'Escudo', en: 'shield' } } },
        { input: { termino: { es: 'espada' } } },
      ],
      true,
    );
    expect(result).toMatchObject({
      ids: [null, expect.any(Number), null, expect.any(Number)],
      inserted: 2,
      skipped: 2,
    });
    const g = await t.db
      .selectFrom('glossaries')
      .select('num_entradas')
      .where('id', '=', glossary.id)
      .executeTakeFirstOrThrow();
    expect(g.num_entradas).toBe(3);
  });

  it('keeps authorship a trusted importer carries and the origin of copies', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const { ids } = await bulk(glossary, [
      {
        input: { termino: { es: 'heredada' } },
        autor: 'Autora original',
        fecha_creacion: '2020-05-01T10:00:00.000Z',
        origen: { glossaryId: 1, glosario: 'fuente', entradaId: 7, version: 3 },
      },
    ]);
    const row = await t.db
      .selectFrom('entries')
      .selectAll()
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      autor: 'Autora original',
      fecha_creacion: '2020-05-01T10:00:00.000Z',
      origen_glosario: 'fuente',
      origen_entrada_id: 7,
      origen_version: 3,
    });
  });

  it('names the entry and the field of a validation failure, before writing anything', () => {
    try {
      prepareEntries({ idioma_origen: 'es', idioma_meta: 'en' }, [
        { input: { termino: { es: 'bien' } } },
        { input: { termino: { es: 'mal' }, notas: 'x'.repeat(20_001) } },
      ]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EntryValidationError);
      expect((error as EntryValidationError).index).toBe(1);
      expect((error as EntryValidationError).detail).toBe(
        'Entrada 2: El campo «Notas» no puede superar 20.000 caracteres.',
      );
    }
  });

  it('writes nothing when the batch fails half-way', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await insertEntries(tx, glossary, [{ input: { termino: { es: 'a' } } }], actor);
        throw new Error('fallo a mitad');
      }),
    ).rejects.toThrow('fallo a mitad');
    const rows = await t.db
      .selectFrom('entries')
      .select('id')
      .where('glossary_id', '=', glossary.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('removes entries, versions, fields and index rows when the glossary is purged', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const { ids } = await bulk(
      glossary,
      Array.from({ length: 50 }, (_, i) => ({
        input: { termino: { es: `purga ${i}` }, notas: `n ${i}` },
      })),
    );
    await t.db.deleteFrom('glossaries').where('id', '=', glossary.id).execute();
    for (const table of ['entries', 'entry_fields'] as const) {
      const left = await t.db
        .selectFrom(table)
        .select('id')
        .where('glossary_id', '=', glossary.id)
        .execute();
      expect(left).toEqual([]);
    }
    const versions = await t.db
      .selectFrom('entry_versions')
      .select('entry_id')
      .where('entry_id', 'in', ids as number[])
      .execute();
    expect(versions).toEqual([]);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('rebuilds stale derived columns, fields and counts', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const { ids } = await bulk(glossary, [
      { input: { termino: { es: 'Reconstrucción', en: 'Rebuild' }, notas: 'Nota' } },
      { input: { termino: { es: 'otra' } } },
    ]);
    await t.db
      .updateTable('entries')
      .set({ termino_origen_plegado: 'viejo', clave_orden: 'zzz' })
      .where('id', '=', ids[0]!)
      .execute();
    await t.db.deleteFrom('entry_fields').where('entry_id', '=', ids[0]!).execute();
    await t.db
      .updateTable('glossaries')
      .set({ num_entradas: 99 })
      .where('id', '=', glossary.id)
      .execute();
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).not.toEqual([]);
    const report = await rebuildSearchIndex(t.db);
    expect(report.updated).toBeGreaterThanOrEqual(1);
    expect(report.recounted).toBeGreaterThanOrEqual(1);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });
});

describeEngines('SearchIndex tiers', (t) => {
  let owner: TestUser;
  let esEn: GlossaryRow;
  let enEs: GlossaryRow;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await createUser(t);
    esEn = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
    enEs = await createGlossaryRow(t, owner.user, { idioma_origen: 'en', idioma_meta: 'es' });
    const add = async (g: GlossaryRow, payload: object, key: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${g.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload,
      });
      ids[key] = (res.json() as Entry).id;
    };
    await add(
      esEn,
      { termino: { es: 'espada', en: 'sword' }, definicion: 'Arma de filo largo' },
      'espada',
    );
    await add(esEn, { termino: { es: 'espada larga', en: 'longsword' } }, 'espadaLarga');
    await add(
      esEn,
      { termino: { es: 'gran espada', en: 'greatsword' }, subindice: 'Combate' },
      'granEspada',
    );
    await add(esEn, { termino: { es: 'despadar', en: 'x' } }, 'despadar');
    await add(
      enEs,
      { termino: { en: 'spade', es: 'pala' }, notas: 'Herramienta, no arma de filo' },
      'pala',
    );
  });

  const found = (
    target: SearchTarget,
    query: string,
    tier: MatchTier | 'any',
    glossaries = [esEn, enEs],
  ) =>
    searchIndexFor(t.db)
      .matchInOrder(t.db, {
        scope: glossaryScope(glossaries.map((g) => g.id)),
        target,
        query,
        tier,
        limit: 50,
      })
      .then((matches) =>
        Object.keys(ids)
          .filter((k) => matches.some((m) => m.entryId === ids[k]))
          .sort(),
      );
  const match = (query: string, tier: MatchTier | 'any', glossaries = [esEn, enEs]) =>
    found({ kind: 'terms' }, query, tier, glossaries);

  it('finds exact, prefix, word-prefix and substring matches', async () => {
    expect(await match('espada', 'exact')).toEqual(['espada']);
    expect(await match('espada', 'prefix')).toEqual(['espadaLarga']);
    expect(await match('espada', 'word')).toEqual(['granEspada']);
    expect(await match('espada', 'substring')).toEqual(['despadar']);
    expect(await match('espada', 'any')).toEqual([
      'despadar',
      'espada',
      'espadaLarga',
      'granEspada',
    ]);
    expect(await match('es', 'any')).toEqual(['espada', 'espadaLarga']);
    expect(await match('sword', 'any', [esEn])).toEqual(['espada', 'espadaLarga', 'granEspada']);
  });

  it('matches advanced-search fields, mapping termino.xx to each glossary’s column', async () => {
    const field = (campo: string, query: string) => found(targetOfField(campo), query, 'any');
    expect(await field('termino.es', 'pala')).toEqual(['pala']);
    expect(await field('termino.en', 'spade')).toEqual(['pala']);
    expect(await field('termino.en', 'sword')).toEqual(['espada', 'espadaLarga', 'granEspada']);
    expect(await field('definicion', 'filo')).toEqual(['espada']);
    expect(await field('notas', 'de filo')).toEqual(['pala']);
    expect(await field('notas', 'he')).toEqual(['pala']);
    expect(await field('subindice', 'comb')).toEqual(['granEspada']);
    expect(await field('area', 'filo')).toEqual([]);
  });

  describe('searchGlossary', () => {
    it('pages the matches of one glossary in sort order with the total', async () => {
      const page = await searchIndexFor(t.db).searchGlossary(t.db, {
        glossaryId: esEn.id,
        query: 'espad',
        orden: 'asc',
        offset: 1,
        limit: 2,
      });
      expect(page.total).toBe(4);
      expect(page.ids).toEqual([ids.espada, ids.espadaLarga]);
    });
  });
});
