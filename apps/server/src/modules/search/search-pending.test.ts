import type { EntryInput } from '@ludoterm/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { buildTestApp, describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  createGlossaryRow,
  createUser,
  trashedDaysAgo,
  type TestUser,
} from '../../test/factories.ts';
import {
  deleteEntries,
  insertEntries,
  insertEntry,
  recoverEntry,
  updateEntry,
  type EntryActor,
} from '../entries/entry-writes.service.ts';
import { insertFieldRowsFromCards } from '../entries/entries.repository.ts';
import { purgeExpiredTrash } from '../glossaries/glossary-trash.service.ts';
import { checkSearchIndex } from './search-index-check.ts';
import { rebuildSearchIndex } from './search-index-rebuild.ts';
import { indexPendingEntries, indexPendingTerms, searchIndexFor } from './search-index.ts';
import { glossaryScope } from './search.repository.ts';
import { sqliteAddDocs, sqliteIndexInserted, type DocSource } from './search-docs.sqlite.ts';

// Entries created one at a time wait to be indexed on SQLite (SearchIndex.indexLater): every
// search must find them meanwhile, and every other write must leave the indexes consistent.

async function waitingCount(t: TestApp): Promise<number> {
  if (t.engine !== 'sqlite') return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from search_pending`.execute(t.db);
  return Number(rows[0]!.n);
}

describeEngines('entries created one at a time', (t) => {
  let owner: TestUser;
  let actor: EntryActor;
  const everyone = { canSeePrivate: () => true };

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Editora' });
    actor = { id: owner.user.id, nombre: 'Editora' };
  });

  const create = (glossary: GlossaryRow, input: EntryInput) =>
    t.db.transaction().execute((tx) => insertEntry(tx, glossary, input, actor));

  async function glossarySearch(glossary: GlossaryRow, query: string) {
    return searchIndexFor(t.db).searchGlossary(t.db, {
      glossaryId: glossary.id,
      query,
      orden: 'asc',
      offset: 0,
      limit: 50,
    });
  }

  async function quickSearch(params: Record<string, string>) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/buscar?${new URLSearchParams(params).toString()}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      ids: res.json<Array<{ id: number }>>().map((r) => r.id),
      total: Number(res.headers['x-total-count']),
    };
  }

  it('are found at once by every search, in order among the indexed ones', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const espada = await create(glossary, {
      termino: { es: 'espada larga', en: 'longsword' },
      definicion: 'Arma de filo recto para dos manos.',
    });
    // Indexed at once (an edit indexes what waits), then two that wait.
    await t.db
      .transaction()
      .execute((tx) =>
        updateEntry(tx, glossary, espada.id, { notas: 'Primera.' }, actor, everyone),
      );
    expect(await waitingCount(t)).toBe(0);
    const daga = await create(glossary, {
      termino: { es: 'daga arrojadiza', en: 'throwing dagger' },
      definicion: 'Arma de filo corto que se lanza.',
    });
    const arco = await create(glossary, {
      termino: { es: 'arco largo', en: 'longbow' },
      definicion: 'Arma a distancia.',
    });
    expect(await waitingCount(t)).toBe(t.engine === 'sqlite' ? 2 : 0);

    // In the glossary: 'larg' matches one indexed and one waiting, in sort order.
    expect(await glossarySearch(glossary, 'larg')).toEqual({
      ids: [arco.id, espada.id],
      total: 2,
    });
    expect((await glossarySearch(glossary, 'arroja')).ids).toEqual([daga.id]);
    const word = await searchIndexFor(t.db).matchTerms(t.db, {
      glossaryIds: [glossary.id],
      query: 'dagger',
      tier: 'word',
      columns: ['meta'],
      limit: 10,
    });
    expect(word).toEqual([daga.id]);

    // Ranked search (/buscar), quick and advanced, and the search index's own order.
    expect(await quickSearch({ termino: 'larg' })).toEqual({
      ids: [arco.id, espada.id],
      total: 2,
    });
    expect(await quickSearch({ definicion: 'arma de filo' })).toEqual({
      ids: [daga.id, espada.id],
      total: 2,
    });
    const ranked = await searchIndexFor(t.db).matchInOrder(t.db, {
      scope: glossaryScope([glossary.id]),
      target: { kind: 'terms' },
      query: 'long',
      tier: 'any',
      limit: 10,
    });
    expect(ranked.map((m) => m.entryId)).toEqual([arco.id, espada.id]);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('are indexed before an edit, a deletion or a recovery changes them', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    const first = await create(glossary, { termino: { es: 'poción de maná', en: 'mana potion' } });
    await t.db
      .transaction()
      .execute((tx) =>
        updateEntry(tx, glossary, first.id, { termino: { es: 'elixir de maná' } }, actor, everyone),
      );
    expect(await waitingCount(t)).toBe(0);
    expect((await glossarySearch(glossary, 'elixir')).ids).toEqual([first.id]);
    expect((await glossarySearch(glossary, 'poción')).total).toBe(0);
    expect(await checkSearchIndex(t.db)).toEqual([]);

    const second = await create(glossary, { termino: { es: 'pergamino', en: 'scroll' } });
    await t.db.transaction().execute((tx) => deleteEntries(tx, glossary, [second.id]));
    expect(await waitingCount(t)).toBe(0);
    expect((await glossarySearch(glossary, 'pergam')).total).toBe(0);
    expect((await quickSearch({ termino: 'pergam' })).total).toBe(0);
    expect(await checkSearchIndex(t.db)).toEqual([]);

    await create(glossary, { termino: { es: 'pergamino de fuego', en: 'fire scroll' } });
    await t.db.transaction().execute((tx) => recoverEntry(tx, glossary, second.id));
    expect((await glossarySearch(glossary, 'pergam')).total).toBe(2);
    expect((await quickSearch({ termino: 'scroll' })).total).toBe(2);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('are indexed in one pass once 1,024 wait', async () => {
    // PostgreSQL keeps nothing waiting: a thousand creates would only slow the suite there.
    if (t.engine !== 'sqlite') return;
    const glossary = await createGlossaryRow(t, owner.user);
    for (let i = 0; i < 1023; i += 1) {
      await create(glossary, { termino: { es: `runa ${i}`, en: `rune ${i}` }, notas: `n ${i}` });
    }
    expect(await waitingCount(t)).toBe(1023);
    await create(glossary, { termino: { es: 'runa final', en: 'final rune' } });
    expect(await waitingCount(t)).toBe(0);
    expect((await glossarySearch(glossary, 'runa')).total).toBe(1024);
    expect((await quickSearch({ termino: 'rune 25' })).total).toBe(11); // 25, 250–259
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('are indexed before a trashed glossary is purged with them', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    for (let i = 0; i < 5; i += 1) {
      await create(glossary, { termino: { es: `tótem ${i}`, en: `totem ${i}` } });
    }
    await trashedDaysAgo(t, glossary, 31);
    expect(await purgeExpiredTrash(t.db)).toBe(1);
    expect(await waitingCount(t)).toBe(0);
    expect(await checkSearchIndex(t.db)).toEqual([]);
    if (t.engine === 'sqlite') {
      // Against the entries table too: no entry is soft-deleted or waiting here, so the index
      // must hold exactly the entries (taking out rows never put in leaves it off by them).
      await sql`insert into entries_fts(entries_fts, rank) values ('integrity-check', 1)`.execute(
        t.db,
      );
    }
  });
});

describeEngines('card fields of an import, indexed after its commit', (t) => {
  let owner: TestUser;
  let actor: EntryActor;

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Importadora' });
    actor = { id: owner.user.id, nombre: 'Importadora' };
  });

  async function importLike(glossary: GlossaryRow, n: number, tag: string) {
    const entries = Array.from({ length: n }, (_, i) => ({
      input: {
        termino: { es: `${tag} ${i}`, en: `${tag} en ${i}` },
        definicion: `Definición de ${tag} número ${i}.`,
        area: i % 2 === 0 ? 'Rol' : 'Estrategia',
      },
    }));
    return t.db
      .transaction()
      .execute((tx) => insertEntries(tx, glossary, entries, actor, { indexAfterCommit: true }));
  }

  async function waitingRanges(): Promise<number> {
    if (t.engine !== 'sqlite') return 0;
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from search_fields_pending`.execute(t.db);
    return Number(rows[0]!.n);
  }

  async function fieldRowsOf(glossary: GlossaryRow): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from entry_fields where glossary_id = ${glossary.id}`.execute(t.db);
    return Number(rows[0]!.n);
  }

  async function quick(glossary: GlossaryRow, termino: string) {
    return advanced(glossary, 'termino', termino);
  }

  async function ownSearch(glossary: GlossaryRow, q: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${glossary.nombre_seguro}/entradas?${new URLSearchParams({ q, pagina: '1' })}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers['x-total-count']);
  }

  async function advanced(glossary: GlossaryRow, campo: string, value: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/buscar?${new URLSearchParams({ [campo]: value, glosarios: glossary.nombre_seguro })}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers['x-total-count']);
  }

  it('wait as a range, found by no search until indexed, then by every search', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    await importLike(glossary, 40, 'gólem');
    expect(await waitingRanges()).toBe(t.engine === 'sqlite' ? 1 : 0);
    // On SQLite nothing of them is indexed yet: an import holds the searches over its glossary
    // back meanwhile (see the test below and import.test.ts), so none would miss them.
    const missing = t.engine === 'sqlite' ? 0 : 40;
    expect(await quick(glossary, 'golem')).toBe(missing);
    expect(await ownSearch(glossary, 'gólem 3')).toBe(t.engine === 'sqlite' ? 0 : 11);
    expect(await advanced(glossary, 'definicion', 'gólem número')).toBe(missing);
    // Nor their advanced-search rows: those are derived from the stored cards afterwards.
    expect(await fieldRowsOf(glossary)).toBe(t.engine === 'sqlite' ? 0 : 80);
    await indexPendingEntries(t.db);
    expect(await waitingRanges()).toBe(0);
    expect(await fieldRowsOf(glossary)).toBe(80);
    expect(await advanced(glossary, 'definicion', 'gólem número')).toBe(40);
    expect(await advanced(glossary, 'area', 'estrat')).toBe(20);
    expect(await quick(glossary, 'golem')).toBe(40);
    expect(await quick(glossary, 'GÓLEM EN 7')).toBe(1);
    expect(await ownSearch(glossary, 'gólem 3')).toBe(11);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('are indexed in two halves: terms first (quick searches), then card fields', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    await importLike(glossary, 30, 'hidra');
    await indexPendingTerms(t.db);
    expect(await quick(glossary, 'hidra')).toBe(30);
    expect(await ownSearch(glossary, 'hidra 2')).toBe(11);
    expect(await advanced(glossary, 'termino.en', 'hidra en 1')).toBe(11);
    // The card fields wait, their range still recorded, for the second half.
    expect(await waitingRanges()).toBe(t.engine === 'sqlite' ? 1 : 0);
    expect(await advanced(glossary, 'definicion', 'hidra número')).toBe(
      t.engine === 'sqlite' ? 0 : 30,
    );
    // The first half again (a restart between the two) adds nothing twice.
    await indexPendingTerms(t.db);
    await indexPendingEntries(t.db);
    expect(await waitingRanges()).toBe(0);
    expect(await advanced(glossary, 'definicion', 'hidra número')).toBe(30);
    expect(await quick(glossary, 'hidra')).toBe(30);
    expect(await checkSearchIndex(t.db)).toEqual([]);
    if (t.engine === 'sqlite') {
      await sql`insert into search_terms_fts(search_terms_fts, rank) values ('integrity-check', 0)`.execute(
        t.db,
      );
    }
  });

  it('are indexed once when an earlier version left the range with its rows written', async () => {
    if (t.engine !== 'sqlite') return;
    const glossary = await createGlossaryRow(t, owner.user);
    const { ids } = await importLike(glossary, 6, 'basilisco');
    const written = ids as number[];
    await insertFieldRowsFromCards(t.db, { first: written[0]!, last: written[5]! });
    await indexPendingEntries(t.db);
    expect(await fieldRowsOf(glossary)).toBe(12);
    expect(await advanced(glossary, 'definicion', 'basilisco número')).toBe(6);
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });

  it('are indexed once when an earlier version left the range with its docs and terms in', async () => {
    if (t.engine !== 'sqlite') return;
    const glossary = await createGlossaryRow(t, owner.user);
    const { ids } = await importLike(glossary, 6, 'esfinge');
    const range = { first: (ids as number[])[0]!, last: (ids as number[])[5]! };
    // What that version's import wrote before its commit: the docs and the terms' trigram rows.
    await t.db.transaction().execute(async (tx) => {
      const { rows } = await sql<DocSource>`select id, glossary_id, clave_orden,
          termino_origen_plegado, termino_meta_plegado, subindice_plegado
        from entries where id between ${range.first} and ${range.last}`.execute(tx);
      await sqliteAddDocs(tx, rows);
      await sql`insert into entries_fts(rowid, fts_glosario, termino_origen_plegado,
          termino_meta_plegado, subindice_plegado)
        select id, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado
        from entries where id between ${range.first} and ${range.last}`.execute(tx);
      await sqliteIndexInserted(tx, range, { terms: true, fields: false });
    });
    await indexPendingEntries(t.db);
    expect(await waitingRanges()).toBe(0);
    expect(await quick(glossary, 'esfinge')).toBe(6);
    expect(await advanced(glossary, 'definicion', 'esfinge número')).toBe(6);
    expect(await checkSearchIndex(t.db)).toEqual([]);
    await sql`insert into search_terms_fts(search_terms_fts, rank) values ('integrity-check', 0)`.execute(
      t.db,
    );
  });

  it('hold the searches over their glossary back while they are indexed, and nothing else', async () => {
    const glossary = await createGlossaryRow(t, owner.user);
    await importLike(glossary, 5, 'mantícora');
    const other = await createUser(t, { display_name: 'Otra' });
    const othersGlossary = await createGlossaryRow(t, other.user);
    await importLike(othersGlossary, 3, 'mantícora');
    await indexPendingEntries(t.db);
    // While an import's terms are indexed: the quick searches over its glossary wait.
    let releaseTerms!: () => void;
    const termsHeld = t.app.termIndexingGate.hold(
      glossary.id,
      () => new Promise<void>((resolve) => (releaseTerms = resolve)),
    );
    // While its card fields are indexed (until after its terms): the advanced searches too.
    let releaseFields!: () => void;
    const fieldsHeld = t.app.fieldIndexingGate.hold(
      glossary.id,
      () => new Promise<void>((resolve) => (releaseFields = resolve)),
    );
    const answered: string[] = [];
    const counted = (what: string) => (total: number) => {
      answered.push(what);
      return total;
    };
    const waiting = [
      advanced(glossary, 'definicion', 'mantícora número').then(counted('avanzada')),
      quick(glossary, 'manticora').then(counted('rápida')),
      ownSearch(glossary, 'manticora').then(counted('glosario')),
      // An advanced search on a term needs the terms only.
      advanced(glossary, 'termino.es', 'manticora').then(counted('término')),
    ];
    // Another user's searches, over glossaries that do not include the held one.
    const others = await t.app.inject({
      method: 'GET',
      url: `/api/buscar?${new URLSearchParams({ definicion: 'mantícora número' })}`,
      headers: other.headers,
    });
    expect(others.headers['x-total-count']).toBe('3');
    const othersQuick = await t.app.inject({
      method: 'GET',
      url: `/api/buscar?termino=manticora`,
      headers: other.headers,
    });
    expect(othersQuick.headers['x-total-count']).toBe('3');
    // Time enough for the held searches to answer, were they not held back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toEqual([]);
    releaseTerms();
    await termsHeld;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered.sort()).toEqual(['glosario', 'rápida', 'término']);
    releaseFields();
    await fieldsHeld;
    expect(await Promise.all(waiting)).toEqual([5, 5, 5, 5]);
    expect(answered).toContain('avanzada');
    expect(t.app.termIndexingGate.held).toEqual([]);
    expect(t.app.fieldIndexingGate.held).toEqual([]);
  });

  it('are indexed before an edit, a deletion or a rebuild takes index rows out', async () => {
    const everyone = { canSeePrivate: () => true };
    const glossary = await createGlossaryRow(t, owner.user);
    const edited = await importLike(glossary, 3, 'quimera');
    const [first, second] = edited.ids as number[];
    await t.db
      .transaction()
      .execute((tx) =>
        updateEntry(
          tx,
          glossary,
          first!,
          { definicion: 'Bestia de tres cabezas.' },
          actor,
          everyone,
        ),
      );
    expect(await waitingRanges()).toBe(0);
    expect(await advanced(glossary, 'definicion', 'tres cabezas')).toBe(1);
    expect(await checkSearchIndex(t.db)).toEqual([]);

    await importLike(glossary, 3, 'hidra');
    await t.db.transaction().execute((tx) => deleteEntries(tx, glossary, [second!]));
    expect(await waitingRanges()).toBe(0);
    expect(await checkSearchIndex(t.db)).toEqual([]);

    await importLike(glossary, 3, 'grifo');
    await rebuildSearchIndex(t.db);
    expect(await waitingRanges()).toBe(0);
    expect(await advanced(glossary, 'definicion', 'grifo número')).toBe(3);
    expect(await checkSearchIndex(t.db)).toEqual([]);
    if (t.engine === 'sqlite') {
      await sql`insert into search_field_fts(search_field_fts, rank) values ('integrity-check', 0)`.execute(
        t.db,
      );
    }
  });
});

describe('the job that indexes what waits (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { SEARCH_PENDING_SECONDS: '0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('indexes entries created over HTTP within a few runs', async () => {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: { termino: { es: 'armadura de placas', en: 'plate armor' } },
    });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(async () => expect(await waitingCount(t)).toBe(0), { timeout: 5000 });
    expect(await checkSearchIndex(t.db)).toEqual([]);
  });
});
