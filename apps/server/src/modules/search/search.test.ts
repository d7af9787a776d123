import type { EntryInput, SearchField, SearchResult } from '@ludoterm/contract';
import { SEARCH_RESULT_LIMIT } from '@ludoterm/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow, UserRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/clock.ts';
import { buildTestApp, describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { insertEntries } from '../entries/entry-writes.service.ts';
import { postImport } from '../transfers/import-test-helpers.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';
import { sqliteCheckDocs } from './sqlite/search-docs.repository.ts';
import { SEARCH_UNORDERED_FROM } from './sqlite/search-numbering.ts';
import { SMALL_SCOPE_ENTRIES } from './sqlite/search-small-scope.repository.ts';

type Headers = { authorization: string };

/** Entries of the import step: more than one of the import's batches of 1,000. */
const IMPORTED = 1200;

/** Entries straight through the write path's bulk form (what an import does). */
async function seed(
  t: TestApp,
  glossary: GlossaryRow,
  author: UserRow,
  entries: ReadonlyArray<string | EntryInput>,
): Promise<number[]> {
  const { ids } = await t.db.transaction().execute((tx) =>
    insertEntries(
      tx,
      glossary,
      entries.map((e) => ({
        input:
          typeof e === 'string'
            ? { termino: { [glossary.idioma_origen]: e, [glossary.idioma_meta]: `${e} (t)` } }
            : e,
      })),
      { id: author.id, nombre: author.email },
    ),
  );
  return ids.map((id) => id!);
}

function searchWith(t: TestApp) {
  return async (headers: Headers, params: Record<string, string | number>) => {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return t.app.inject({ method: 'GET', url: `/api/buscar?${query}`, headers });
  };
}

function termsOf(
  results: SearchResult[],
  lang: 'es' | 'en' = 'es',
): Array<string | null | undefined> {
  return results.map((r) => r.termino[lang]);
}

describeEngines('GET /buscar', (t) => {
  const search = searchWith(t);
  let owner: TestUser;

  async function find(params: Record<string, string | number>, headers: Headers = owner.headers) {
    const res = await search(headers, params);
    expect(res.statusCode, res.body).toBe(200);
    return {
      results: res.json<SearchResult[]>(),
      total: Number(res.headers['x-total-count']),
      res,
    };
  }

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Olga' });
  });

  describe('folding and literal characters', () => {
    let folding: GlossaryRow;
    beforeAll(async () => {
      folding = await createGlossaryRow(t, owner.user, { nombre: 'Plegado' });
      await seed(t, folding, owner.user, [
        'Poción de MANÁ',
        'Œuvre maudite',
        'Straße der Helden',
        'Æther',
        'rock’n’roll',
        "rock'n'bowl",
        'tri‐nivel',
        '50% de daño',
        '500 de daño',
        'a_b',
        'axb',
        'say "hi" twice',
        'star* power',
        'NEAR miss',
        'x-ray',
        'back\\slash',
        'Ωmega',
      ]);
    });
    const inFolding = (params: Record<string, string>) =>
      find({ ...params, glosarios: folding.nombre_seguro });

    it('ignores case and accents in both directions', async () => {
      expect(termsOf((await inFolding({ termino: 'pocion de mana' })).results)).toEqual([
        'Poción de MANÁ',
      ]);
      expect(termsOf((await inFolding({ termino: 'MANÁ' })).results)).toEqual(['Poción de MANÁ']);
      expect(termsOf((await inFolding({ termino: 'ΩMEGA' })).results)).toEqual(['Ωmega']);
    });

    it('expands ligatures and ß: œ→oe, æ→ae, ß→ss', async () => {
      expect(termsOf((await inFolding({ termino: 'oeuvre' })).results)).toEqual(['Œuvre maudite']);
      expect(termsOf((await inFolding({ termino: 'Œuv' })).results)).toEqual(['Œuvre maudite']);
      expect(termsOf((await inFolding({ termino: 'strasse' })).results)).toEqual([
        'Straße der Helden',
      ]);
      expect(termsOf((await inFolding({ termino: 'aether' })).results)).toEqual(['Æther']);
    });

    it('treats the typographic apostrophe and hyphen as the plain ones', async () => {
      const apostrophes = termsOf((await inFolding({ termino: "rock'n" })).results);
      expect(apostrophes.sort()).toEqual(["rock'n'bowl", 'rock’n’roll']);
      expect(termsOf((await inFolding({ termino: 'rock’n’r' })).results)).toEqual(['rock’n’roll']);
      expect(termsOf((await inFolding({ termino: 'tri-niv' })).results)).toEqual(['tri‐nivel']);
    });

    it('takes every character of the query literally', async () => {
      expect(termsOf((await inFolding({ termino: '50%' })).results)).toEqual(['50% de daño']);
      expect(termsOf((await inFolding({ termino: '0% d' })).results)).toEqual(['50% de daño']);
      expect(termsOf((await inFolding({ termino: 'a_b' })).results)).toEqual(['a_b']);
      expect(termsOf((await inFolding({ termino: '"hi"' })).results)).toEqual(['say "hi" twice']);
      expect(termsOf((await inFolding({ termino: 'ar* p' })).results)).toEqual(['star* power']);
      expect(termsOf((await inFolding({ termino: 'near' })).results)).toEqual(['NEAR miss']);
      expect(termsOf((await inFolding({ termino: 'x-r' })).results)).toEqual(['x-ray']);
      expect(termsOf((await inFolding({ termino: 'k\\s' })).results)).toEqual(['back\\slash']);
      expect(termsOf((await inFolding({ termino: "n'r" })).results)).toEqual(['rock’n’roll']);
      for (const hostile of [
        '"',
        '*',
        "'",
        '-',
        '%',
        '_',
        'NEAR(',
        '" OR "',
        '^"x',
        '(a',
        '%%%',
        '***',
      ]) {
        expect(
          (await search(owner.headers, { termino: hostile, glosarios: folding.nombre_seguro }))
            .statusCode,
        ).toBe(200);
      }
      expect((await inFolding({ termino: '%%%' })).results).toEqual([]);
    });

    it('matches one or two characters by prefix only', async () => {
      expect(termsOf((await inFolding({ termino: 'a' })).results).sort()).toEqual(
        ['a_b', 'axb', 'Æther'].sort(),
      );
      expect(termsOf((await inFolding({ termino: 'ro' })).results).sort()).toEqual([
        "rock'n'bowl",
        'rock’n’roll',
      ]);
      // 'de' is inside several terms, at the start of none.
      expect((await inFolding({ termino: 'de' })).results).toEqual([]);
      expect(termsOf((await inFolding({ termino: '50' })).results).sort()).toEqual([
        '50% de daño',
        '500 de daño',
      ]);
      expect(termsOf((await inFolding({ termino: '"' })).results)).toEqual([]);
    });
  });

  describe('ranking', () => {
    let ranking: GlossaryRow;
    beforeAll(async () => {
      ranking = await createGlossaryRow(t, owner.user, { nombre: 'Orden' });
      await seed(t, ranking, owner.user, [
        'laespada',
        'gran espada',
        'espada corta',
        'Espada',
        'espadachín',
        'arma-espada',
        'zespada',
        'año',
        'ano',
        'Año nuevo',
        'anomalía',
      ]);
    });
    const inRanking = (params: Record<string, string | number>) =>
      find({ ...params, glosarios: ranking.nombre_seguro });

    it('puts exact, prefix, word-prefix and substring matches in that order, each by sort key', async () => {
      const { results, total } = await inRanking({ termino: 'espada' });
      expect(termsOf(results)).toEqual([
        'Espada',
        'espada corta',
        'espadachín',
        'arma-espada',
        'gran espada',
        'laespada',
        'zespada',
      ]);
      expect(total).toBe(7);
      expect(results.every((r) => r.campo_coincidente === 'termino.es')).toBe(true);
    });

    it('keeps ñ apart from n among exact matches: año before ano for "año", and the reverse', async () => {
      expect(termsOf((await inRanking({ termino: 'año' })).results)).toEqual([
        'año',
        'ano',
        'anomalía',
        'Año nuevo',
      ]);
      expect(termsOf((await inRanking({ termino: 'ano' })).results).slice(0, 2)).toEqual([
        'ano',
        'año',
      ]);
    });

    it('pages through the same order', async () => {
      const all = termsOf((await inRanking({ termino: 'espada' })).results);
      const pages = [];
      for (let pagina = 1; pagina <= 4; pagina += 1) {
        const { results, total } = await inRanking({ termino: 'espada', pagina, por_pagina: 2 });
        expect(total).toBe(7);
        pages.push(...termsOf(results));
      }
      expect(pages).toEqual(all);
      expect((await search(owner.headers, { termino: 'espada', por_pagina: 201 })).statusCode).toBe(
        422,
      );
    });

    it('finds the target-language term and says which field matched', async () => {
      const { results } = await inRanking({ termino: 'corta (t' });
      expect(termsOf(results)).toEqual(['espada corta']);
      expect(results[0]!.campo_coincidente).toBe('termino.en');
      expect(results[0]).toMatchObject({
        glosario: 'Orden',
        nombre_seguro: ranking.nombre_seguro,
        idioma_origen: 'es',
        idioma_meta: 'en',
      });
    });
  });

  describe('a bounded count', () => {
    /** A glossary of `count` substring matches of `word` (`m0000word`…), plus one of each better tier. */
    async function glossaryOfMatches(nombre: string, count: number, word: string, mark = 'm') {
      const glossary = await createGlossaryRow(t, owner.user, { nombre });
      const pieces = Array.from(
        { length: count },
        (_, i) => `${mark}${String(i).padStart(4, '0')}${word}`,
      );
      await seed(t, glossary, owner.user, [...pieces, `zz ${word}`, word, `${word}a final`]);
      return glossary;
    }

    /** A capped search for `word`: its better tiers first, then the substring matches in order. */
    async function expectCappedFirstPage(glossary: GlossaryRow, word: string, mark = 'm') {
      const first = await find({ termino: word, glosarios: glossary.nombre_seguro });
      expect(first.total).toBe(SEARCH_RESULT_LIMIT);
      expect(first.res.headers['x-total-count-capped']).toBe('true');
      expect(termsOf(first.results).slice(0, 5)).toEqual([
        word,
        `${word}a final`,
        `zz ${word}`,
        `${mark}0000${word}`,
        `${mark}0001${word}`,
      ]);
    }

    let many: GlossaryRow;
    beforeAll(async () => {
      many = await glossaryOfMatches('Muchas', SEARCH_RESULT_LIMIT + 150, 'xyzq');
    });

    it('stops counting at the limit and still ranks the best tiers first on every page', async () => {
      await expectCappedFirstPage(many, 'xyzq');
      const seen = new Set<number>();
      for (let pagina = 1; pagina <= SEARCH_RESULT_LIMIT / 200 + 1; pagina += 1) {
        const { results } = await find({
          termino: 'xyzq',
          glosarios: many.nombre_seguro,
          pagina,
          por_pagina: 200,
        });
        for (const r of results) seen.add(r.id);
      }
      expect(seen.size).toBe(SEARCH_RESULT_LIMIT);
      const last = await find({
        termino: 'xyzq',
        glosarios: many.nombre_seguro,
        pagina: 20,
        por_pagina: 50,
      });
      expect(termsOf(last.results).at(-1)).toBe('m0996xyzq');
    });

    it('ranks dense matches as sparse ones: thousands of them, the best tiers first', async () => {
      // Past a few thousand matches PostgreSQL stops sorting them all and walks its sort index.
      const dense = await glossaryOfMatches('Densa', 4200, 'qwv', 'd');
      await expectCappedFirstPage(dense, 'qwv', 'd');
      const last = await find({ termino: 'qwv', glosarios: dense.nombre_seguro, pagina: 20 });
      expect(termsOf(last.results).at(-1)).toBe('d0996qwv');
    });

    it('ranks dense matches that sort after tens of thousands of other entries', async (ctx) => {
      if (t.engine !== 'postgres') ctx.skip();
      // PostgreSQL walks the whole sort order 20,000 entries at a time, three times at most,
      // then sorts the matches instead: the first filler puts them in the third chunk, the
      // second past the walk.
      const late = await glossaryOfMatches('Tardía', 2100, 'kjh', 'q');
      const filler = await createGlossaryRow(t, owner.user, { nombre: 'Relleno' });
      for (const [from, count] of [
        [0, 45_000],
        [45_000, 20_000],
      ] as const) {
        const fill = Array.from(
          { length: count },
          (_, i) => `b${String(from + i).padStart(6, '0')}`,
        );
        await seed(t, filler, owner.user, fill);
        await expectCappedFirstPage(late, 'kjh', 'q');
        const last = await find({ termino: 'kjh', glosarios: late.nombre_seguro, pagina: 20 });
        expect(termsOf(last.results).at(-1)).toBe('q0996kjh');
      }
    }, 120_000);

    it('counts exactly below the limit', async () => {
      const { total, res } = await find({ termino: 'm00', glosarios: many.nombre_seguro });
      expect(total).toBe(100);
      expect(res.headers['x-total-count-capped']).toBeUndefined();
    });

    it('ranks and counts exactly when the better tiers sort after the first 200 matches', async () => {
      const some = await glossaryOfMatches('Bastantes', 500, 'xyzq');
      const first = await find({ termino: 'xyzq', glosarios: some.nombre_seguro });
      expect(first.total).toBe(503);
      expect(first.res.headers['x-total-count-capped']).toBeUndefined();
      expect(termsOf(first.results).slice(0, 5)).toEqual([
        'xyzq',
        'xyzqa final',
        'zz xyzq',
        'm0000xyzq',
        'm0001xyzq',
      ]);
      const last = await find({ termino: 'xyzq', glosarios: some.nombre_seguro, pagina: 11 });
      expect(termsOf(last.results)).toEqual(['m0497xyzq', 'm0498xyzq', 'm0499xyzq']);
    });
  });

  describe('the word tier beyond the first 200 matches', () => {
    let own: GlossaryRow;
    beforeAll(async () => {
      own = await createGlossaryRow(t, owner.user, { nombre: 'Palabras' });
      // 300 substring matches sort before the word-tier ones, so the head holds none of them.
      const substrings = Array.from(
        { length: 300 },
        (_, i) => `a${String(i).padStart(4, '0')}lanza`,
      );
      await seed(t, own, owner.user, [...substrings, 'zz lanza', 'zz-lanzadera', 'lanzar']);
    });
    /** The prefix match, then both word-tier matches, then the substrings. */
    async function expectWordTierFound() {
      const { results, total } = await find({ termino: 'lanza', glosarios: own.nombre_seguro });
      expect(total).toBe(303);
      expect(termsOf(results).slice(0, 4)).toEqual([
        'lanzar',
        'zz lanza',
        'zz-lanzadera',
        'a0000lanza',
      ]);
    }

    it('reads them from the word starts', async () => {
      await expectWordTierFound();
    });

    it('reads them from the trigram index when over 2,000 word starts begin with the query', async () => {
      // Elsewhere, in a glossary this search leaves out: 1,100 docs with two such starts each.
      const crowded = await createGlossaryRow(t, owner.user, { nombre: 'Abarrotado' });
      await seed(
        t,
        crowded,
        owner.user,
        Array.from({ length: 1100 }, (_, i) => `w${i} lanza`),
      );
      await expectWordTierFound();
    });
  });

  describe('access', () => {
    let reader: TestUser;
    let stranger: TestUser;
    let admin: TestUser;
    let readable: GlossaryRow[];
    let trashed: GlossaryRow;

    beforeAll(async () => {
      reader = await createUser(t);
      stranger = await createUser(t);
      admin = await createUser(t, { role: 'admin' });
      const all: GlossaryRow[] = [];
      for (let i = 0; i < 200; i += 1) {
        const g = await createGlossaryRow(t, stranger.user, { nombre: `Ajeno ${i}` });
        await seed(t, g, stranger.user, [`clave secreta ${String(i).padStart(3, '0')}`]);
        all.push(g);
      }
      readable = all.filter((_, i) => i % 20 === 0);
      for (const g of readable) await addMemberRow(t, g, reader.user, 'lector');
      trashed = await createGlossaryRow(t, reader.user, { nombre: 'Papelera' });
      await seed(t, trashed, reader.user, ['clave secreta en la papelera']);
      await t.db
        .updateTable('glossaries')
        .set({ eliminado_en: nowIso() })
        .where('id', '=', trashed.id)
        .execute();
    });

    it('shows a reader of 10 of 200 glossaries only those 10, counted in SQL', async () => {
      const { results, total } = await find({ termino: 'clave secreta' }, reader.headers);
      expect(total).toBe(10);
      expect(new Set(results.map((r) => r.nombre_seguro))).toEqual(
        new Set(readable.map((g) => g.nombre_seguro)),
      );
      const short = await find({ termino: 'cl' }, reader.headers);
      expect(short.total).toBe(10);
    });

    it('never leaks a stranger’s glossary, even when named in glosarios', async () => {
      const { results, total } = await find({ termino: 'clave secreta' }, owner.headers);
      expect(results).toEqual([]);
      expect(total).toBe(0);
      const named = await find(
        { termino: 'clave', glosarios: readable.map((g) => g.nombre_seguro).join(',') },
        owner.headers,
      );
      expect(named.results).toEqual([]);
    });

    it('leaves out trashed glossaries', async () => {
      const { results } = await find({ termino: 'papelera' }, reader.headers);
      expect(results).toEqual([]);
    });

    it('lets an administrator search every active glossary', async () => {
      const { total } = await find({ termino: 'clave secreta' }, admin.headers);
      expect(total).toBe(200);
    });

    it('narrows to the glossaries named in glosarios', async () => {
      const two = readable.slice(0, 2).map((g) => g.nombre_seguro);
      const { results } = await find(
        { termino: 'clave', glosarios: two.join(', ') },
        reader.headers,
      );
      expect(results.map((r) => r.nombre_seguro).sort()).toEqual([...two].sort());
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/buscar?termino=clave' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('private comments', () => {
    it('shows them only to the author and the owner', async () => {
      const member = await createUser(t);
      const shared = await createGlossaryRow(t, owner.user, { nombre: 'Comentarios' });
      await addMemberRow(t, shared, member.user, 'lector');
      await seed(t, shared, owner.user, [
        {
          termino: { es: 'cofre privado', en: 'private chest' },
          comentarios_privados: 'solo para mí',
        },
      ]);
      const asOwner = await find({ termino: 'cofre privado' });
      expect(asOwner.results[0]!.comentarios_privados).toBe('solo para mí');
      const asMember = await find({ termino: 'cofre privado' }, member.headers);
      expect(asMember.results[0]!.comentarios_privados).toBeNull();
      // The result says whether the caller may see them, so the client never guesses.
      expect(asOwner.results[0]!.puede_ver_comentarios_privados).toBe(true);
      expect(asMember.results[0]!.puede_ver_comentarios_privados).toBe(false);
      // And they are never searchable.
      const res = await search(owner.headers, { comentarios_privados: 'solo' });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('quick search by subindice', () => {
    let sub: GlossaryRow;
    beforeAll(async () => {
      sub = await createGlossaryRow(t, owner.user, { nombre: 'Subíndices' });
      await seed(t, sub, owner.user, [
        { termino: { es: 'golpe', en: 'hit' }, subindice: 'Combate cuerpo a cuerpo' },
        { termino: { es: 'golpe', en: 'blow' }, subindice: 'Boxeo' },
        { termino: { es: 'golpe crítico', en: 'critical hit' }, subindice: 'combate' },
        { termino: { es: 'salto', en: 'jump' }, subindice: 'Plataformas' },
      ]);
    });
    const inSub = (params: Record<string, string>) =>
      find({ ...params, glosarios: sub.nombre_seguro });

    it('finds by a part of the subindice alone, ranked on it', async () => {
      const { results } = await inSub({ subindice_like: 'COMBATE' });
      expect(results.map((r) => r.subindice)).toEqual(['combate', 'Combate cuerpo a cuerpo']);
      expect(results[0]!.campo_coincidente).toBe('subindice');
      expect((await inSub({ subindice_like: 'orma' })).results.map((r) => r.subindice)).toEqual([
        'Plataformas',
      ]);
    });

    it('combines term and subindice: the term ranks, the subindice filters', async () => {
      const { results } = await inSub({ termino: 'golpe', subindice_like: 'combate' });
      expect(results.map((r) => r.termino.en)).toEqual(['hit', 'critical hit']);
      expect(
        (await inSub({ termino: 'golpe', subindice_like: 'bo' })).results.map((r) => r.termino.en),
      ).toEqual(['blow']);
    });
  });

  describe('advanced search', () => {
    let esEn: GlossaryRow;
    let enEs: GlossaryRow;
    let frDe: GlossaryRow;
    beforeAll(async () => {
      esEn = await createGlossaryRow(t, owner.user, { nombre: 'Avanzada es-en' });
      enEs = await createGlossaryRow(t, owner.user, {
        nombre: 'Avanzada en-es',
        idioma_origen: 'en',
        idioma_meta: 'es',
      });
      frDe = await createGlossaryRow(t, owner.user, {
        nombre: 'Avanzada fr-de',
        idioma_origen: 'fr',
        idioma_meta: 'de',
      });
      await seed(t, esEn, owner.user, [
        {
          termino: { es: 'elixir', en: 'elixir' },
          definicion: 'Poción que cura por completo.',
          definicion_en: 'A drink that heals completely.',
          contexto_en: 'Drink the elixir now.',
        },
        {
          termino: { es: 'poción', en: 'potion' },
          definicion: 'Bebida mágica.',
          notas: 'Ver también pocionista.',
        },
        {
          termino: { es: 'hechizo', en: 'spell' },
          categoria: 'sustantivo',
          contexto_es: 'Lanza el hechizo de fuego.',
        },
      ]);
      await seed(t, enEs, owner.user, [
        {
          termino: { en: 'healing potion', es: 'poción curativa' },
          definicion: 'A potion that heals.',
          definicion_es: 'Bebida que cura.',
          contexto_es: 'Bebe la poción.',
        },
      ]);
      await seed(t, frDe, owner.user, [
        {
          termino: { fr: 'potion magique', de: 'Zaubertrank' },
          contexto_de: 'Trink den Zaubertrank.',
          definicion: 'Boisson, poción en espagnol.',
        },
      ]);
    });
    const inAdvanced = (params: Record<string, string>) =>
      find({ ...params, glosarios: [esEn, enEs, frDe].map((g) => g.nombre_seguro).join(',') });

    it('finds a value in one card field, ranked', async () => {
      const { results } = await inAdvanced({ definicion: 'POCION' });
      expect(results.map((r) => r.glosario)).toEqual(['Avanzada es-en', 'Avanzada fr-de']);
      expect(results[1]!.termino).toEqual({ fr: 'potion magique', de: 'Zaubertrank' });
      expect(results.every((r) => r.campo_coincidente === 'definicion')).toBe(true);
      expect(termsOf((await inAdvanced({ notas: 'pocionista' })).results)).toEqual(['poción']);
      expect(termsOf((await inAdvanced({ categoria: 'su' })).results)).toEqual(['hechizo']);
      expect((await inAdvanced({ categoria: 'ta' })).results).toEqual([]);
    });

    it('reads the term of a language from the base or target column of each glossary', async () => {
      const spanish = await inAdvanced({ 'termino.es': 'pocion' });
      expect(termsOf(spanish.results)).toEqual(['poción', 'poción curativa']);
      expect(spanish.results.map((r) => r.campo_coincidente)).toEqual(['termino.es', 'termino.es']);
      expect(
        (await inAdvanced({ 'termino.de': 'zauber' })).results.map((r) => r.termino.de),
      ).toEqual(['Zaubertrank']);
      expect(
        (await inAdvanced({ 'termino.en': 'potion' })).results.map((r) => r.termino.en),
      ).toEqual(['potion', 'healing potion']);
    });

    it('keeps per-language contexts apart', async () => {
      expect(termsOf((await inAdvanced({ contexto_en: 'elixir' })).results)).toEqual(['elixir']);
      expect(termsOf((await inAdvanced({ contexto_es: 'pocion' })).results)).toEqual([
        'poción curativa',
      ]);
      expect((await inAdvanced({ contexto_de: 'zaubertrank' })).results).toHaveLength(1);
      expect((await inAdvanced({ contexto_fr: 'zaubertrank' })).results).toEqual([]);
    });

    it('searches the target language’s definition apart from the base one', async () => {
      const english = await inAdvanced({ definicion_en: 'heals' });
      expect(termsOf(english.results)).toEqual(['elixir']);
      expect(english.results[0]!.campo_coincidente).toBe('definicion_en');
      expect(english.results[0]!.definicion_en).toBe('A drink that heals completely.');
      expect(termsOf((await inAdvanced({ definicion_es: 'bebida que' })).results)).toEqual([
        'poción curativa',
      ]);
      expect(termsOf((await inAdvanced({ definicion: 'heals' })).results)).toEqual([
        'poción curativa',
      ]);
    });

    it('refuses what it cannot search, in Spanish', async () => {
      const unknown = await search(owner.headers, { color: 'rojo' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(unknown.json().detail).toContain('«color»');
      const empty = await search(owner.headers, { definicion: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().detail).toBe('Elige un campo y escribe un valor.');
      const neither = await search(owner.headers, {});
      expect(neither.statusCode).toBe(422);
      expect(neither.json().detail).toBe(
        'Escribe un término o un subíndice, o elige un campo y escribe un valor.',
      );
      expect((await search(owner.headers, { definicion: 'a', notas: 'b' })).statusCode).toBe(422);
      expect((await search(owner.headers, { termino: 'a', notas: 'b' })).statusCode).toBe(422);
      // Reserved names are never fields: `pagina` pages, it is not searched.
      expect((await search(owner.headers, { termino: 'elixir', pagina: 1 })).statusCode).toBe(200);
    });
  });

  it('is documented in /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(expect.arrayContaining(['/api/buscar', '/api/buscar/campos']));
  });

  describe('GET /buscar/campos', () => {
    it('answers the union of the card fields of the caller’s glossaries, in a stable order', async () => {
      const someone = await createUser(t);
      const empty = await t.app.inject({
        method: 'GET',
        url: '/api/buscar/campos',
        headers: someone.headers,
      });
      expect(empty.json()).toEqual([]);
      await createGlossaryRow(t, someone.user, { idioma_origen: 'es', idioma_meta: 'en' });
      await createGlossaryRow(t, someone.user, { idioma_origen: 'fr', idioma_meta: 'es' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/buscar/campos',
        headers: someone.headers,
      });
      const fields = res.json<SearchField[]>();
      expect(fields.map((f) => f.id)).toEqual([
        'termino.es',
        'termino.en',
        'termino.fr',
        'subindice',
        'categoria',
        'area',
        'mecanismo',
        'definicion',
        'definicion_es',
        'definicion_en',
        'fuente',
        'contexto_es',
        'contexto_en',
        'contexto_fr',
        'fuente_contexto_es',
        'fuente_contexto_en',
        'fuente_contexto_fr',
        'relaciones',
        'variante',
        'cuestiones_traductologicas',
        'notas',
      ]);
      expect(fields[0]).toEqual({ id: 'termino.es', label: 'Término (es)' });
    });
  });

  describe('the index after every kind of write', () => {
    it('follows create, edit, delete, recover, restore, copy, import, bulk delete and bulk insert', async () => {
      const editor = await createUser(t);
      const g = await createGlossaryRow(t, owner.user, { nombre: 'Escrituras' });
      const other = await createGlossaryRow(t, owner.user, { nombre: 'Destino' });
      await addMemberRow(t, g, editor.user, 'editor');
      const base = `/api/glosarios/${g.nombre_seguro}/entradas`;
      const where = { glosarios: [g.nombre_seguro, other.nombre_seguro].join(',') };
      const found = async (termino: string) => termsOf((await find({ termino, ...where })).results);
      const consistent = async () => {
        for (const glossaryId of [g.id, other.id]) {
          expect(await checkSearchIndex(t.db, { glossaryId })).toEqual([]);
        }
        if (t.engine === 'sqlite') expect(await sqliteCheckDocs(t.db)).toEqual([]);
      };

      const byField = async (campo: string, valor: string) =>
        termsOf((await find({ [campo]: valor, ...where })).results);

      const created = await t.app.inject({
        method: 'POST',
        url: base,
        headers: editor.headers,
        payload: {
          termino: { es: 'Mandoble rúnico', en: 'runic greatsword' },
          definicion: 'Espada a dos manos con runas.',
        },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: number }>().id;
      expect(await found('mandoble')).toEqual(['Mandoble rúnico']);
      expect(await byField('definicion', 'runas')).toEqual(['Mandoble rúnico']);
      await consistent();

      await t.app.inject({
        method: 'PUT',
        url: `${base}/${id}`,
        headers: editor.headers,
        payload: {
          termino: { es: 'Alabarda rúnica' },
          definicion: 'Arma de asta.',
          notas: 'Runas grabadas.',
        },
      });
      expect(await found('mandoble')).toEqual([]);
      expect(await found('alabarda')).toEqual(['Alabarda rúnica']);
      expect(await byField('definicion', 'runas')).toEqual([]);
      expect(await byField('definicion', 'asta')).toEqual(['Alabarda rúnica']);
      expect(await byField('notas', 'runas')).toEqual(['Alabarda rúnica']);
      await consistent();

      await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: editor.headers });
      expect(await found('alabarda')).toEqual([]);
      expect(await byField('notas', 'runas')).toEqual([]);
      await consistent();

      await t.app.inject({
        method: 'POST',
        url: `${base}/${id}/recuperar`,
        headers: editor.headers,
      });
      expect(await found('alabarda')).toEqual(['Alabarda rúnica']);
      expect(await byField('notas', 'runas')).toEqual(['Alabarda rúnica']);
      await consistent();

      await t.app.inject({
        method: 'POST',
        url: `${base}/${id}/restaurar`,
        headers: editor.headers,
        payload: { version_index: 0 },
      });
      expect(await found('alabarda')).toEqual([]);
      expect(await found('mandoble')).toEqual(['Mandoble rúnico']);
      expect(await byField('definicion', 'runas')).toEqual(['Mandoble rúnico']);
      expect(await byField('notas', 'runas')).toEqual([]);
      await consistent();

      const copied = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${g.nombre_seguro}/copiar`,
        headers: owner.headers,
        payload: { destino: other.nombre_seguro, ids: [id] },
      });
      expect(copied.json()).toEqual({ copiadas: 1, omitidas: 0 });
      expect(
        (await find({ termino: 'mandoble', ...where })).results.map((r) => r.glosario).sort(),
      ).toEqual(['Destino', 'Escrituras']);
      expect(await byField('definicion', 'runas')).toEqual(['Mandoble rúnico', 'Mandoble rúnico']);
      await consistent();

      // An import writes on its own thread in batches of 1,000 and indexes them once at the end.
      const imported = await postImport(t, owner, g, {
        formato: 'csv',
        file: [
          'es,en,definicion',
          ...Array.from({ length: IMPORTED }, (_, i) => `hacha ${i},axe ${i},Arma de filo ${i}.`),
        ].join('\n'),
        mapping: { es: 'termino.es', en: 'termino.en', definicion: 'definicion' },
      });
      expect(imported.json()).toEqual({ importados: IMPORTED, omitidos: 0 });
      // 'hacha 11', 'hacha 110'…'hacha 119', 'hacha 1100'…'hacha 1199': both batches.
      expect((await find({ termino: 'hacha 11', ...where })).total).toBe(111);
      expect((await find({ termino: 'axe 1199', ...where })).total).toBe(1);
      expect((await find({ definicion: 'filo 1099', ...where })).total).toBe(1);
      await consistent();

      const bulk = await seed(
        t,
        g,
        owner.user,
        Array.from({ length: 300 }, (_, i) => `lanza ${i}`),
      );
      expect((await find({ termino: 'lanza', ...where })).total).toBe(300);
      await consistent();

      const removed = await t.app.inject({
        method: 'POST',
        url: `${base}/eliminar`,
        headers: owner.headers,
        payload: { ids: bulk.slice(0, 120) },
      });
      expect(removed.json()).toEqual({ eliminadas: 120 });
      expect((await find({ termino: 'lanza', ...where })).total).toBe(180);
      await consistent();
    }, 120_000);

    it('keeps the order when new entries find no free number between their neighbours', async () => {
      const g = await createGlossaryRow(t, owner.user, { nombre: 'Hueco' });
      // Forty entries created one by one at the same spot: each halves the gap the previous
      // one left, until none is left and the docs around it are numbered again.
      for (let i = 0; i < 40; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/glosarios/${g.nombre_seguro}/entradas`,
          headers: owner.headers,
          payload: { termino: { es: `hueco ${String(39 - i).padStart(2, '0')}`, en: 'gap' } },
        });
        expect(res.statusCode).toBe(201);
      }
      const { results, total } = await find({ termino: 'hueco', glosarios: g.nombre_seguro });
      expect(total).toBe(40);
      expect(termsOf(results)).toEqual(
        Array.from({ length: 40 }, (_, i) => `hueco ${String(i).padStart(2, '0')}`),
      );
      expect(await checkSearchIndex(t.db, { glossaryId: g.id })).toEqual([]);
      if (t.engine === 'sqlite') {
        expect(await sqliteCheckDocs(t.db)).toEqual([]);
        const { rows } = await sql<{ n: number }>`select count(*) as n from search_docs
          where search_id >= ${SEARCH_UNORDERED_FROM}`.execute(t.db);
        expect(Number(rows[0]!.n)).toBe(0);
      }
    });
  });
});

describeEngines('GET /buscar in a small scope among many entries', (t) => {
  it('ranks and counts as the walk of the whole index does', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const many = await createGlossaryRow(t, owner.user, { nombre: 'Muchas' });
    await seed(
      t,
      many,
      owner.user,
      Array.from({ length: SMALL_SCOPE_ENTRIES + 1 }, (_, i) => `relleno ${i}`),
    );
    const small = await createGlossaryRow(t, other.user, { nombre: 'Pequeño' });
    await seed(t, small, other.user, [
      'elzafiro',
      'zafiro azul',
      'gran zafiro',
      'Zafiro',
      'zafiro-rojo',
      'el zafiro del rey',
      'zafiros',
      'zanahoria',
    ]);
    // The owner, a reader of it too, searches every entry (the index's walk); the other, only
    // their few among those many (a read of those entries).
    await addMemberRow(t, small, owner.user, 'lector');
    const find = async (params: Record<string, string | number>, headers: Headers) => {
      const res = await searchWith(t)(headers, params);
      expect(res.statusCode, res.body).toBe(200);
      return { total: res.headers['x-total-count'], terms: termsOf(res.json<SearchResult[]>()) };
    };
    const searches: Array<Record<string, string | number>> = [
      { termino: 'zafiro' },
      { termino: 'za' },
      { termino: 'zafiro', por_pagina: 2, pagina: 2 },
      { 'termino.es': 'zafir' },
    ];
    for (const params of searches) {
      const walked = await find(params, owner.headers);
      expect(await find(params, other.headers), JSON.stringify(params)).toEqual(walked);
    }
    expect((await find({ termino: 'zafiro' }, other.headers)).total).toBe('7');
  });

  it('searches inside a glossary of few entries as inside one of many', async () => {
    const owner = await createUser(t);
    const rubies = ['rubí', 'gran rubí', 'elrubí', 'rubí-azul', 'rubíes', 'el rubí del rey'];
    const glossaries = [];
    for (const [nombre, filler] of [
      ['Rubíes entre muchas', SMALL_SCOPE_ENTRIES / 2],
      ['Rubíes solos', 0],
    ] as const) {
      const g = await createGlossaryRow(t, owner.user, { nombre });
      await seed(t, g, owner.user, [
        ...rubies,
        ...Array.from({ length: filler }, (_, i) => `relleno ${i}`),
      ]);
      glossaries.push(g);
    }
    const pages = await Promise.all(
      glossaries.map(async (g) => {
        const answers = [];
        for (const query of ['q=rubi', 'q=rubi&orden=desc', 'q=rubi&por_pagina=2&pagina=2']) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/glosarios/${g.nombre_seguro}/entradas?${query}`,
            headers: owner.headers,
          });
          expect(res.statusCode, res.body).toBe(200);
          answers.push([res.headers['x-total-count'], termsOf(res.json())]);
        }
        return answers;
      }),
    );
    expect(pages[0]![0]![0]).toBe('6');
    expect(pages[1]).toEqual(pages[0]);
  });
});

describe('GET /buscar on search worker threads (SQLite, SEARCH_WORKERS=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { SEARCH_WORKERS: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers what the main connection answers, and sees writes at once', async () => {
    const owner = await createUser(t);
    const g = await createGlossaryRow(t, owner.user, { nombre: 'Hilos' });
    await seed(t, g, owner.user, ['espada corta', 'Espada', 'gran espada', 'laespada']);
    const search = searchWith(t);
    const res = await search(owner.headers, { termino: 'espada' });
    expect(res.statusCode).toBe(200);
    expect(termsOf(res.json())).toEqual(['Espada', 'espada corta', 'gran espada', 'laespada']);
    expect(res.headers['x-total-count']).toBe('4');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/glosarios/${g.nombre_seguro}/entradas`,
      headers: owner.headers,
      payload: { termino: { es: 'espadón', en: 'greatsword' } },
    });
    expect(created.statusCode).toBe(201);
    const again = await search(owner.headers, { termino: 'espad' });
    expect(termsOf(again.json())).toContain('espadón');
    expect((await search(owner.headers, { color: 'x' })).statusCode).toBe(422);
  });

  it('answers searches sent at once, which the thread interleaves, as it answers each alone', async () => {
    const owner = await createUser(t);
    const g = await createGlossaryRow(t, owner.user, { nombre: 'Hilos a la vez' });
    const words = ['espada', 'escudo', 'arco', 'daga', 'maza', 'lanza'];
    await seed(
      t,
      g,
      owner.user,
      Array.from({ length: 240 }, (_, i) => `${words[i % 6]} ${words[(i * 5) % 6]} ${i}`),
    );
    const search = searchWith(t);
    const queries = ['espada', 'ada', 'sp', 'arco d', 'za', 'a lanza 1', 'escudo', 'nada'];
    const alone = [];
    for (const termino of queries) alone.push(await search(owner.headers, { termino }));
    const together = await Promise.all(
      queries.map((termino) => search(owner.headers, { termino })),
    );
    expect(together.map((r) => [r.statusCode, r.headers['x-total-count'], r.body])).toEqual(
      alone.map((r) => [r.statusCode, r.headers['x-total-count'], r.body]),
    );
    expect(alone.map((r) => r.headers['x-total-count'])).toContain('0');
  });
});

describe('GET /buscar past its time limit (SQLite, SEARCH_WORKERS=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { SEARCH_WORKERS: '1', SEARCH_TIMEOUT_MS: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a Spanish 503, and the server goes on answering', async () => {
    const owner = await createUser(t);
    const g = await createGlossaryRow(t, owner.user, { nombre: 'Lenta' });
    await seed(t, g, owner.user, ['espada corta', 'gran espada']);
    const res = await searchWith(t)(owner.headers, { termino: 'espada' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      detail: expect.stringContaining('La búsqueda tardó demasiado'),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/glosarios/${g.nombre_seguro}/entradas?q=espada`,
      headers: owner.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
  });
});
