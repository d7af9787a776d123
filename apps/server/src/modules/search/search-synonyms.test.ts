import type { Entry, EntryInput, SearchResult, TermStatus } from '@ludoterm/contract';
import { beforeAll, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser, type TestUser } from '../../test/factories.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';
import { rebuildSearchIndex } from '../entries/search-index-rebuild.ts';
import { glossaryScope } from './search.repository.ts';
import { findTermMatchRows } from './term-matches.repository.ts';

// Every term of a concept is searchable: a deprecated or forbidden synonym is found, reported
// as the matched term with its status, and ranked below preferred matches of the same quality.

const term = (idioma: 'es' | 'en', termino: string, estado: TermStatus = 'preferido') => ({
  idioma,
  termino,
  estado,
});

describeEngines('search over every term of an entry', (t) => {
  let owner: TestUser;
  let glossary: GlossaryRow;
  const ids: Record<string, number> = {};

  async function get(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    return res;
  }

  async function search(query: string) {
    const res = await get(`/api/buscar?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { results: res.json<SearchResult[]>(), total: Number(res.headers['x-total-count']) };
  }

  async function listGlossary(query: string) {
    const res = await get(`/api/glosarios/${glossary.nombre_seguro}/entradas?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      terms: res.json<Entry[]>().map((e) => e.termino.es),
      total: Number(res.headers['x-total-count']),
    };
  }

  beforeAll(async () => {
    owner = await createUser(t);
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'Sinónimos' });
    const entries: Record<string, EntryInput> = {
      // Plain card: its preferred term matches exactly.
      plain: { termino: { es: 'hitbox', en: 'hitbox' } },
      // The same exact match, through a deprecated synonym.
      deprecated: {
        terminos: [
          term('es', 'caja de impacto'),
          term('es', 'hitbox', 'desaconsejado'),
          term('en', 'hit box'),
        ],
      },
      // A prefix match through an admitted synonym, approved.
      admitted: {
        terminos: [
          term('es', 'área de golpe'),
          term('es', 'hitbox área', 'admitido'),
          term('en', 'hurtbox'),
        ],
        estado_revision: 'aprobado',
      },
      // A prefix match through a forbidden synonym.
      forbidden: {
        terminos: [
          term('es', 'golpeo'),
          term('es', 'hitboxeo', 'prohibido'),
          term('en', 'hitting'),
        ],
      },
      unrelated: { termino: { es: 'escudo', en: 'shield' } },
    };
    for (const [name, payload] of Object.entries(entries)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json<Entry>().id;
    }
  });

  it('quick search finds every synonym, says which matched, and ranks avoided terms lower', async () => {
    const { results, total } = await search('termino=hitbox');
    expect(results.map((r) => r.id)).toEqual([
      ids.plain,
      ids.deprecated,
      ids.admitted,
      ids.forbidden,
    ]);
    expect(total).toBe(4);
    const [plain, deprecated, admitted, forbidden] = results as [
      SearchResult,
      SearchResult,
      SearchResult,
      SearchResult,
    ];
    expect(plain.termino_coincidente).toBeUndefined();
    expect(plain.campo_coincidente).toBe('termino.es');
    expect(deprecated.termino).toEqual({ es: 'caja de impacto', en: 'hit box' });
    expect(deprecated.termino_coincidente).toEqual({
      idioma: 'es',
      termino: 'hitbox',
      estado: 'desaconsejado',
    });
    expect(deprecated.campo_coincidente).toBe('termino.es');
    expect(admitted.termino_coincidente?.estado).toBe('admitido');
    expect(forbidden.termino_coincidente).toEqual({
      idioma: 'es',
      termino: 'hitboxeo',
      estado: 'prohibido',
    });
  });

  it('advanced search by a language’s term reads that language’s synonyms only', async () => {
    const es = await search('termino.es=hitbox');
    expect(es.results.map((r) => r.id)).toEqual([
      ids.plain,
      ids.deprecated,
      ids.admitted,
      ids.forbidden,
    ]);
    expect(es.results[1]!.termino_coincidente?.estado).toBe('desaconsejado');
    const en = await search('termino.en=hurtbox');
    expect(en.results.map((r) => r.id)).toEqual([ids.admitted]);
    expect(en.results[0]!.termino_coincidente).toBeUndefined();
    expect((await search('termino.en=caja')).results).toEqual([]);
  });

  it('filters by term status and review state, in search and in the glossary', async () => {
    const ofStatus = async (estado: string) =>
      (await search(`termino=hitbox&estado_termino=${estado}`)).results.map((r) => r.id);
    expect(await ofStatus('prohibido')).toEqual([ids.forbidden]);
    expect(await ofStatus('desaconsejado')).toEqual([ids.deprecated]);
    expect(await ofStatus('admitido')).toEqual([ids.admitted]);
    expect(await ofStatus('preferido')).toHaveLength(4);
    const approved = await search('termino.es=hit&estado_revision=aprobado');
    expect(approved.results.map((r) => r.id)).toEqual([ids.admitted]);
    expect(approved.total).toBe(1);

    expect(await listGlossary('q=hitbox')).toEqual({
      terms: ['área de golpe', 'caja de impacto', 'golpeo', 'hitbox'],
      total: 4,
    });
    expect(await listGlossary('estado_termino=prohibido')).toEqual({ terms: ['golpeo'], total: 1 });
    expect(await listGlossary('q=golpe&estado_termino=preferido')).toEqual({
      terms: ['área de golpe', 'golpeo'],
      total: 2,
    });
    expect(
      await listGlossary('q=hitbox&estado_termino=desaconsejado&estado_revision=borrador'),
    ).toEqual({ terms: ['caja de impacto'], total: 1 });
    expect(await listGlossary('estado_termino=admitido&estado_revision=borrador')).toEqual({
      terms: [],
      total: 0,
    });
  });

  it('answers 422 in Spanish, naming the allowed values, for an unknown status', async () => {
    for (const url of [
      '/api/buscar?termino=hitbox&estado_termino=obsoleto',
      `/api/glosarios/${glossary.nombre_seguro}/entradas?estado_termino=obsoleto`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ detail: string }>().detail).toContain(
        'preferido, admitido, desaconsejado, prohibido',
      );
    }
    const res = await get('/api/buscar?termino.es=hitbox&estado_revision=final');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toContain('borrador, en_revision, aprobado');
  });

  it('follows edits, and the rebuild and the check agree with the cards', async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/glosarios/${glossary.nombre_seguro}/entradas/${ids.forbidden}`,
      headers: owner.headers,
      payload: { terminos: [term('es', 'golpeo'), term('en', 'hitting')] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await search('termino=hitboxeo')).results).toEqual([]);
    expect(await checkSearchIndex(t.db)).toEqual([]);

    await t.db.deleteFrom('entry_terms').where('entry_id', '=', ids.deprecated!).execute();
    expect(await checkSearchIndex(t.db)).toContain(
      `entrada ${ids.deprecated}: entry_terms desfasado`,
    );
    await rebuildSearchIndex(t.db);
    expect(await checkSearchIndex(t.db)).toEqual([]);
    const { results } = await search('termino=hitbox');
    expect(results.map((r) => r.id)).toEqual([ids.plain, ids.deprecated, ids.admitted]);
  });

  it('reads the best term matches first, so a query matching more rows than it reads keeps them', async () => {
    const g = await createGlossaryRow(t, owner.user, { nombre: 'Orden de coincidencias' });
    for (const es of ['superhitbox', 'hitboxes', 'hitbox']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/glosarios/${g.nombre_seguro}/entradas`,
        headers: owner.headers,
        payload: {
          terminos: [term('es', `otro ${es}`), term('es', es, 'admitido'), term('en', es)],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const read = async (limit: number) =>
      (
        await findTermMatchRows(
          t.db,
          {
            scope: glossaryScope([g.id]),
            target: { kind: 'term', language: 'es' },
            query: 'hitbox',
            subindice: undefined,
            filters: undefined,
          },
          limit,
        )
      ).map((r) => r.termino_plegado);
    expect(await read(1)).toEqual(['hitbox']);
    expect((await read(2)).sort()).toEqual(['hitbox', 'hitboxes']);
  });
});
