import type { AddCandidatesAnswer, Candidate, CandidateInput, Entry } from '@ludoterm/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  trashedDaysAgo,
  type TestUser,
} from '../../test/factories.ts';
import { checkSearchIndex } from '../entries/search-index-check.ts';
import { SPANISH_TEXT, postExtraction } from './extraction-test-helpers.ts';

async function addEntry(
  t: TestApp,
  user: TestUser,
  glossary: GlossaryRow,
  termino: Record<string, string>,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
    headers: user.headers,
    payload: { termino },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Entry;
}

async function listEntries(t: TestApp, user: TestUser, glossary: GlossaryRow): Promise<Entry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/glosarios/${glossary.nombre_seguro}/entradas`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Entry[];
}

function addCandidates(
  t: TestApp,
  user: TestUser | null,
  glossary: GlossaryRow | string,
  payload: object,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/glosarios/${typeof glossary === 'string' ? glossary : glossary.nombre_seguro}/entradas/candidatos`,
    headers: user?.headers ?? {},
    payload,
  });
}

function find(entradas: Candidate[], form: string): Candidate | undefined {
  return entradas.find((c) => [c.termino.es, ...c.variante].some((f) => f?.toLowerCase() === form));
}

describeEngines('POST /extractor: en_glosarios', (t) => {
  let user: TestUser;
  let entradas: Candidate[];

  beforeAll(async () => {
    user = await createUser(t);
    const colleague = await createUser(t);
    const stranger = await createUser(t);
    // Own es→en glossary: the singular of a term shown in the plural, accents and case aside.
    const own = await createGlossaryRow(t, user.user, { nombre: 'Mazmorras' });
    await addEntry(t, user, own, { es: 'POCION DE SALUD', en: 'health potion' });
    // Own en→es glossary: the Spanish term sits in the target column.
    const reverse = await createGlossaryRow(t, user.user, {
      nombre: 'Inverso',
      idioma_origen: 'en',
      idioma_meta: 'es',
    });
    await addEntry(t, user, reverse, { en: 'final boss', es: 'jefe final' });
    // An English term equal to a Spanish candidate must not count: wrong language.
    await addEntry(t, user, reverse, { en: 'tienda', es: 'shop' });
    // Shared with the user as a reader: its names count too.
    const shared = await createGlossaryRow(t, colleague.user, { nombre: 'Compartido' });
    await addMemberRow(t, shared, user.user, 'lector');
    await addEntry(t, colleague, shared, { es: 'jefe final', en: 'final boss' });
    // A stranger's glossary, a trashed one and a deleted entry never appear.
    const foreign = await createGlossaryRow(t, stranger.user, { nombre: 'Ajeno' });
    await addEntry(t, stranger, foreign, { es: 'punto de guardado', en: 'save point' });
    const trashed = await createGlossaryRow(t, user.user, { nombre: 'Papelera' });
    await addEntry(t, user, trashed, { es: 'punto de guardado', en: 'checkpoint' });
    await trashedDaysAgo(t, trashed, 1);
    const deleted = await addEntry(t, user, own, { es: 'armadura de cuero', en: 'leather armour' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/glosarios/${own.nombre_seguro}/entradas/${deleted.id}`,
      headers: user.headers,
    });

    const { res, body } = await postExtraction(t, user.headers, { texto: SPANISH_TEXT });
    expect(res.statusCode).toBe(200);
    entradas = body.entradas;
  });

  it('names the readable glossaries that hold the term or one of its variants', () => {
    expect(find(entradas, 'poción de salud')?.en_glosarios).toEqual(['Mazmorras']);
    expect(find(entradas, 'jefe final')?.en_glosarios).toEqual(['Compartido', 'Inverso']);
  });

  it("never names a stranger's glossary, a trashed glossary or a deleted entry", () => {
    expect(find(entradas, 'punto de guardado')?.en_glosarios).toEqual([]);
    expect(find(entradas, 'armadura de cuero')?.en_glosarios).toEqual([]);
    const all = entradas.flatMap((c) => c.en_glosarios);
    expect(all).not.toContain('Ajeno');
    expect(all).not.toContain('Papelera');
  });

  it("matches only the text's language", () => {
    expect(find(entradas, 'tienda')?.en_glosarios).toEqual([]);
  });
});

describeEngines('POST /glosarios/:nombre_seguro/entradas/candidatos', (t) => {
  let owner: TestUser;
  let glossary: GlossaryRow;

  const potion: CandidateInput = {
    id: 't1',
    termino: { es: 'poción de salud', en: null },
    categoria: 'NOUN_PHRASE',
    definicion: null,
    contexto: 'La poción de salud recupera toda la vida del héroe.',
    notas: null,
    variante: ['pociones de salud', 'Poción de salud'],
  };
  const boss: CandidateInput = {
    id: 't2',
    termino: { es: 'jefe', en: null },
    categoria: 'NOUN',
    definicion: null,
    contexto: 'El jefe vive en la última planta.',
    notas: null,
    variante: [],
  };

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Ana' });
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'Destino' });
  });

  it('adds one or several candidates as DocuTerm cards, with the user edits', async () => {
    const res = await addCandidates(t, owner, glossary, {
      idioma: 'es',
      fuente: 'manual.pdf',
      candidatos: [
        {
          ...potion,
          termino: { es: 'poción de salud', en: 'health potion' },
          definicion: 'Objeto que recupera la vida.',
          notas: 'Revisar con el equipo.',
          // Answer-only fields are ignored, never an error.
          frecuencia: 5,
          puntuacion: 0.9,
          en_glosarios: [],
        },
        boss,
      ],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as AddCandidatesAnswer;
    expect(answer).toMatchObject({ añadidas: 2, omitidas: 0 });
    expect(answer.resultados.map((r) => r.id)).toEqual(['t1', 't2']);
    expect(answer.resultados.every((r) => typeof r.entrada_id === 'number')).toBe(true);

    const entries = await listEntries(t, owner, glossary);
    const card = entries.find((e) => e.id === answer.resultados[0]!.entrada_id)!;
    expect(card).toMatchObject({
      termino: { es: 'poción de salud', en: 'health potion' },
      categoria: 'sintagma nominal',
      definicion: 'Objeto que recupera la vida.',
      notas: 'Revisar con el equipo.',
      contexto_es: 'La poción de salud recupera toda la vida del héroe.',
      fuente_contexto_es: 'manual.pdf',
      contexto_en: null,
      fuente_contexto_en: null,
      // The surface forms are admitted variant terms; the headword is not its own variant.
      variante: null,
      autor: 'Ana',
    });
    expect(card.terminos.map((x) => `${x.idioma}:${x.termino}:${x.estado}:${x.tipo}`)).toEqual([
      'es:poción de salud:preferido:termino_completo',
      'es:pociones de salud:admitido:variante',
      'en:health potion:preferido:termino_completo',
    ]);
    const second = entries.find((e) => e.id === answer.resultados[1]!.entrada_id)!;
    expect(second).toMatchObject({
      termino: { es: 'jefe', en: null },
      categoria: 'sustantivo',
      variante: null,
    });
    expect(await checkSearchIndex(t.db, { glossaryId: glossary.id })).toEqual([]);
  });

  it("writes 'Texto pegado' as the context's source without a document name", async () => {
    const target = await createGlossaryRow(t, owner.user);
    const res = await addCandidates(t, owner, target, {
      idioma: 'es',
      candidatos: [{ ...potion, categoria: 'PROPN' }],
    });
    expect(res.statusCode).toBe(200);
    const [card] = await listEntries(t, owner, target);
    expect(card).toMatchObject({ fuente_contexto_es: 'Texto pegado', categoria: 'nombre propio' });
  });

  it('skips and reports candidates the glossary already holds, and repeats within the batch', async () => {
    const target = await createGlossaryRow(t, owner.user);
    await addEntry(t, owner, target, { es: 'Pocion de Salud', en: 'health potion' });
    const res = await addCandidates(t, owner, target, {
      idioma: 'es',
      candidatos: [
        potion, // the term is there already and no translation was given: skipped
        boss,
        { ...boss, id: 't3' }, // the same term twice in the batch: the second is skipped
        { ...potion, id: 't4', termino: { es: 'poción de salud', en: 'healing draught' } }, // a new pair: added
      ],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as AddCandidatesAnswer;
    expect(answer.añadidas).toBe(2);
    expect(answer.omitidas).toBe(2);
    expect(answer.resultados.map((r) => r.entrada_id === null)).toEqual([true, false, true, false]);
    expect(await listEntries(t, owner, target)).toHaveLength(3);

    const again = await addCandidates(t, owner, target, { idioma: 'es', candidatos: [boss] });
    expect(again.json()).toMatchObject({ añadidas: 0, omitidas: 1 });
  });

  it("puts an English text's term under en, whatever the glossary's direction", async () => {
    const target = await createGlossaryRow(t, owner.user, {
      idioma_origen: 'en',
      idioma_meta: 'es',
    });
    const res = await addCandidates(t, owner, target, {
      idioma: 'en',
      fuente: 'guide.docx',
      candidatos: [
        {
          termino: { es: 'punto de guardado', en: 'save point' },
          categoria: 'NOUN_PHRASE',
          contexto: 'Every floor has a save point.',
          variante: ['save points'],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [card] = await listEntries(t, owner, target);
    expect(card).toMatchObject({
      termino: { en: 'save point', es: 'punto de guardado' },
      contexto_en: 'Every floor has a save point.',
      fuente_contexto_en: 'guide.docx',
      contexto_es: null,
    });
  });

  describe('refusals', () => {
    it("refuses a glossary without the text's language (422)", async () => {
      const target = await createGlossaryRow(t, owner.user, {
        nombre: 'Francés',
        idioma_origen: 'fr',
        idioma_meta: 'de',
      });
      const res = await addCandidates(t, owner, target, { idioma: 'es', candidatos: [potion] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'LANGUAGE_MISMATCH',
        detail:
          'El glosario «Francés» (fr → de) no tiene el idioma del texto (es). Elige un glosario que lo tenga.',
      });
    });

    it("refuses a candidate without its term in the text's language", async () => {
      const res = await addCandidates(t, owner, glossary, {
        idioma: 'es',
        candidatos: [boss, { ...potion, termino: { es: '  ', en: 'health potion' } }],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ detail: 'Candidato 2: falta el término en es.' });
    });

    it('refuses an empty selection and an unknown language', async () => {
      const empty = await addCandidates(t, owner, glossary, { idioma: 'es', candidatos: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({
        detail: expect.stringContaining('Selecciona al menos un candidato.'),
      });
      const french = await addCandidates(t, owner, glossary, {
        idioma: 'fr',
        candidatos: [potion],
      });
      expect(french.statusCode).toBe(422);
    });

    it('needs the write right: 403 for a read-only member or account, 404 for a stranger, 401 anonymous', async () => {
      const reader = await createUser(t);
      await addMemberRow(t, glossary, reader.user, 'lector');
      const readOnlyAccount = await createUser(t, { role: 'lector' });
      await addMemberRow(t, glossary, readOnlyAccount.user, 'editor');
      const stranger = await createUser(t);
      const before = (await listEntries(t, owner, glossary)).length;

      const asReader = await addCandidates(t, reader, glossary, {
        idioma: 'es',
        candidatos: [potion],
      });
      expect(asReader.statusCode).toBe(403);
      expect(asReader.json()).toMatchObject({ code: 'READ_ONLY' });
      expect(
        (await addCandidates(t, readOnlyAccount, glossary, { idioma: 'es', candidatos: [potion] }))
          .statusCode,
      ).toBe(403);
      expect(
        (await addCandidates(t, stranger, glossary, { idioma: 'es', candidatos: [potion] }))
          .statusCode,
      ).toBe(404);
      expect(
        (await addCandidates(t, null, glossary, { idioma: 'es', candidatos: [potion] })).statusCode,
      ).toBe(401);
      expect(await listEntries(t, owner, glossary)).toHaveLength(before);
    });

    it('lets an editor member add', async () => {
      const editor = await createUser(t, { display_name: 'Eva' });
      const target = await createGlossaryRow(t, owner.user);
      await addMemberRow(t, target, editor.user, 'editor');
      const res = await addCandidates(t, editor, target, { idioma: 'es', candidatos: [potion] });
      expect(res.statusCode).toBe(200);
      expect((await listEntries(t, owner, target))[0]).toMatchObject({ autor: 'Eva' });
    });
  });
});

describeEngines('GET /api/docs (extractor)', (t) => {
  it('documents the extractor routes with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses?: object }>
    >;
    expect(paths['/api/extractor']?.post?.responses).toHaveProperty('200');
    const add = paths['/api/glosarios/{nombre_seguro}/entradas/candidatos']?.post;
    expect(add?.requestBody).toBeDefined();
    expect(add?.responses).toHaveProperty('200');
  });
});
