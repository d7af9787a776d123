import type { AddressInfo } from 'node:net';
import type { Entry, EntryInput, ExportFormat, ImportFormat, TermInput } from '@ludoterm/contract';
import { EXPORT_CONTENT_TYPES } from '@ludoterm/contract';
import {
  blankEntry,
  cardFieldIds,
  collectEntries,
  getField,
  readImportFile,
  setField,
  type GlossaryMeta,
} from '@ludoterm/formats';
import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryRow } from '../../db/schema.ts';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import {
  addMemberRow,
  createGlossaryRow,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { insertEntries } from '../entries/entry-writes.service.ts';
import type { NewEntry } from '../entries/prepared-entry.ts';
import { attachmentDisposition } from './export.routes.ts';
import { exportRowsQuery, listExportRows } from './export.repository.ts';
import { EXPORT_PAGE_SIZE, exportMetaOf } from './export.service.ts';

type Headers = { authorization: string } | Record<string, never>;

/** Entries with every card field somewhere and the characters that break naive writers. */
const RICH_ENTRIES: EntryInput[] = [
  {
    termino: { es: 'ñandú', en: 'rhea' },
    notas: 'Sin equivalente fijado; IPA [ɲanˈdu].',
  },
  {
    termino: { es: 'Ácido', en: 'acid damage' },
    subindice: 'daño',
    categoria: 'sustantivo',
    area: 'Juegos de rol',
    mecanismo: 'calco',
    definicion: 'Daño elemental que corroe la armadura; «ignora» el 20 % de la defensa.',
    definicion_en: 'Elemental damage that eats away armour; it «ignores» 20 % of defence.',
    fuente: 'Manual del juego, p. 12',
    contexto_es: 'El limo escupe ácido → pierdes 5 PV.',
    contexto_en: 'The slime spits acid → you lose 5 HP.',
    fuente_contexto_es: 'Capítulo 2',
    fuente_contexto_en: 'Chapter 2',
    relaciones: 'veneno; fuego',
    variante: 'ácido corrosivo',
    cuestiones_traductologicas: 'No traducir como «ácido» a secas.\nLímite: 12 caracteres.',
    notas: '=SUMA(A1) no es una fórmula; <b>negrita</b> & "comillas", sí',
    comentarios_privados: 'privado de la propietaria',
  } as EntryInput,
  {
    termino: { es: 'nivel', en: 'level' },
    subindice: 'progresión',
    categoria: 'Sustantivo masculino',
  },
  { termino: { es: 'oasis', en: null }, definicion: '+5 de maná; @todos' },
  {
    termino: { es: null, en: 'gnu' },
    contexto_en: 'A gnu appears [n̪u].',
    definicion_en: 'A large African antelope.',
  },
  { termino: { es: 'árbol de talentos', en: 'skill tree' }, variante: 'árbol de habilidades' },
];

/**
 * What a reader gives back of an exported entry: every card field of the glossary; our CSV and
 * XLSX also keep the review state, and our JSON private comments, the review state and the term list.
 */
function asRead(entry: Entry, meta: GlossaryMeta, formato: ExportFormat): EntryInput {
  const out = blankEntry(meta);
  for (const id of cardFieldIds(meta)) setField(out, id, getField(entry, id));
  if (formato === 'csv' || formato === 'xlsx') out.estado_revision = entry.estado_revision;
  if (formato === 'json') {
    out.comentarios_privados = entry.comentarios_privados;
    out.estado_revision = entry.estado_revision;
    out.terminos = entry.terminos.map(
      (term) => Object.fromEntries(Object.entries(term).filter(([, v]) => v !== null)) as TermInput,
    );
  }
  return out;
}

/** TBX carries each concept's id and its creation and change: they come back as provenance. */
function tbxProvenance(entry: Entry): Pick<EntryInput, 'id_externo' | 'registro_original'> {
  const changed = entry.updated_at !== entry.fecha_creacion;
  return {
    id_externo: `c${entry.id}`,
    registro_original: {
      creado_por: entry.autor,
      creado_en: new Date(entry.fecha_creacion).toISOString().slice(0, 10),
      modificado_por: null,
      modificado_en: changed ? new Date(entry.updated_at).toISOString().slice(0, 10) : null,
    },
  };
}

/** TSV is line-based: the documented loss is line breaks and tabs becoming one space. */
function flattened(entry: EntryInput): EntryInput {
  const out = structuredClone(entry) as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string') out[key] = value.replace(/[\t\r\n]+/g, ' ');
  }
  return out as EntryInput;
}

async function readBack(
  formato: ImportFormat,
  bytes: Buffer,
  meta: GlossaryMeta,
): Promise<EntryInput[]> {
  const langs = { idioma_origen: meta.idioma_origen, idioma_meta: meta.idioma_meta };
  let plan = await readImportFile(bytes, { formato, ...langs });
  // Our CSV has a header row: the header pass proposes the export's own mapping.
  if (plan.tipo === 'cabeceras')
    plan = await readImportFile(bytes, { formato, ...langs, mapping: plan.sugerencia });
  if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
  return (await collectEntries(plan.entradas)).entradas;
}

async function addEntries(
  t: TestApp,
  glossary: GlossaryRow,
  author: TestUser,
  entries: NewEntry[],
): Promise<void> {
  await t.db.transaction().execute((tx) =>
    insertEntries(tx, glossary, entries, {
      id: author.user.id,
      nombre: author.user.display_name ?? author.user.email,
    }),
  );
}

/** Spanish-looking terms in no order at all, so the export has to sort them. */
function manyEntries(count: number): NewEntry[] {
  const syllables = ['ca', 'ña', 'ma', 'lo', 'pé', 'ri', 'ción', 'dor', 'Ñu', 'tá', 'gue', 'ble'];
  return Array.from({ length: count }, (_, i) => {
    let word = '';
    for (
      let n = (i * 7919) % 1_000_003, k = 0;
      k < 4;
      k += 1, n = Math.floor(n / syllables.length)
    ) {
      word += syllables[n % syllables.length];
    }
    return { input: { termino: { es: `${word} ${i}`, en: `term ${i}` }, notas: `nota ${i}` } };
  });
}

describeEngines('GET /glosarios/:nombre_seguro/exportar', (t) => {
  let owner: TestUser;
  let author: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let glossary: GlossaryRow;
  /** The entries as the owner's full list answers them (base-language order). */
  let listed: Entry[];

  const url = (g: Pick<GlossaryRow, 'nombre_seguro'>, query = '') =>
    `/api/glosarios/${g.nombre_seguro}/exportar${query}`;
  const download = (g: Pick<GlossaryRow, 'nombre_seguro'>, headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: url(g, query), headers });
  const fullList = async (g: GlossaryRow, user: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/glosarios/${g.nombre_seguro}/entradas`,
        headers: user.headers,
      })
    ).json<Entry[]>();

  beforeAll(async () => {
    owner = await createUser(t, { display_name: 'Ana' });
    author = await createUser(t);
    reader = await createUser(t);
    stranger = await createUser(t);
    glossary = await createGlossaryRow(t, owner.user, { nombre: 'Términos de RPG' });
    await t.db
      .updateTable('glossaries')
      .set({ descripcion: 'Glosario de prueba: ñ, acentos, → e IPA.' })
      .where('id', '=', glossary.id)
      .execute();
    glossary.descripcion = 'Glosario de prueba: ñ, acentos, → e IPA.';
    await addMemberRow(t, glossary, author.user, 'editor');
    await addMemberRow(t, glossary, reader.user, 'lector');
    await addEntries(
      t,
      glossary,
      owner,
      RICH_ENTRIES.map((input) => ({ input })),
    );
    await addEntries(t, glossary, author, [
      {
        input: {
          termino: { es: 'zona segura', en: 'safe zone' },
          comentarios_privados: 'privado del autor',
        },
      },
    ]);
    listed = await fullList(glossary, owner);
  });

  it('lists the glossary in the base language order (ñ after n, accents ignored)', () => {
    // The entry without a Spanish term (gnu) comes after all the others.
    expect(listed.map((e) => e.termino['es'] ?? e.termino['en'])).toEqual([
      'Ácido',
      'árbol de talentos',
      'nivel',
      'ñandú',
      'oasis',
      'zona segura',
      'gnu',
    ]);
  });

  it.each<[ExportFormat, string]>([
    ['json', ''],
    ['csv', ''],
    ['xlsx', ''],
    ['tsv', ''],
    ['tmx', ''],
    ['tbx', ''],
    ['tbx', '&version=3'],
  ])('exports %s%s that reads back to the same entries', async (formato, extra) => {
    const res = await download(glossary, owner.headers, `?formato=${formato}${extra}`);
    expect(res.statusCode).toBe(200);
    const fileName = `${glossary.nombre_seguro}.${formato}`;
    expect(res.headers['content-type']).toBe(EXPORT_CONTENT_TYPES[formato]);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = exportMetaOf(glossary);
    const back = await readBack(formato as ImportFormat, res.rawPayload, meta);
    let want = listed.map((e) => asRead(e, meta, formato));
    if (formato === 'tsv') want = want.map(flattened);
    if (formato === 'tbx')
      want = want.map((entry, i) => ({ ...entry, ...tbxProvenance(listed[i]!) }));
    expect(back).toEqual(want);
  });

  it('writes TBX v2 (martif) by default and v3 (tbx) with version=3, both as .tbx', async () => {
    const v2 = await download(glossary, owner.headers, '?formato=tbx');
    const v3 = await download(glossary, owner.headers, '?formato=tbx&version=3');
    expect(v2.body).toMatch(/<martif type="TBX-Basic"/);
    expect(v3.body).toMatch(/<tbx type="TBX-Basic" style="dca"/);
    expect(v3.headers['content-disposition']).toContain(`filename="${glossary.nombre_seguro}.tbx"`);
  });

  it('answers JSON by default, with the glossary and every entry in order', async () => {
    const res = await download(glossary, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(EXPORT_CONTENT_TYPES.json);
    const body = res.json<{
      glosario: { nombre: string; num_entradas: number };
      entradas: Entry[];
    }>();
    expect(body.glosario).toMatchObject({ nombre: 'Términos de RPG', num_entradas: listed.length });
    expect(body.entradas.map((e) => e.id)).toEqual(listed.map((e) => e.id));
    expect(body.entradas[0]).toMatchObject({
      autor: 'Ana',
      fecha_creacion: listed[0]!.fecha_creacion,
    });
  });

  it('writes CSV with a BOM, language codes in the header and the formula prefix', async () => {
    const res = await download(glossary, owner.headers, '?formato=csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.slice(1).startsWith('es,en,subindice,')).toBe(true);
    expect(text).toContain(`"'=SUMA(A1) no es una fórmula`);
    expect(text).toContain(`'+5 de maná; @todos`);
  });

  it('prints a PDF', async () => {
    const res = await download(glossary, reader.headers, '?formato=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename="${glossary.nombre_seguro}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  });

  it('writes private comments only in JSON and only for those who may read them', async () => {
    const privateOf = async (user: TestUser) => {
      const body = (await download(glossary, user.headers)).json<{ entradas: Entry[] }>();
      return body.entradas.flatMap((e) => (e.comentarios_privados ? [e.comentarios_privados] : []));
    };
    expect(await privateOf(owner)).toEqual(['privado de la propietaria', 'privado del autor']);
    expect(await privateOf(author)).toEqual(['privado del autor']);
    expect(await privateOf(reader)).toEqual([]);
    for (const formato of ['csv', 'tsv', 'tmx', 'tbx'] as const) {
      const res = await download(glossary, owner.headers, `?formato=${formato}`);
      expect(res.body).not.toContain('privado');
    }
  });

  it('lets a reader member export; 404 for a stranger, 401 without a session', async () => {
    expect((await download(glossary, reader.headers, '?formato=csv')).statusCode).toBe(200);
    const hidden = await download(glossary, stranger.headers, '?formato=csv');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-disposition']).toBeUndefined();
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await download(glossary, {}, '?formato=csv')).statusCode).toBe(401);
    expect((await download({ nombre_seguro: 'no-existe' }, owner.headers)).statusCode).toBe(404);
  });

  it('answers 404 for a glossary in the trash', async () => {
    const trashed = await createGlossaryRow(t, owner.user, {
      eliminado_en: new Date().toISOString(),
    });
    expect((await download(trashed, owner.headers, '?formato=csv')).statusCode).toBe(404);
  });

  it('refuses an unknown format or TBX version with 422 in Spanish', async () => {
    const res = await download(glossary, owner.headers, '?formato=xls');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'Formato de exportación desconocido: elige json, csv, tsv, tmx, tbx, xlsx o pdf.',
    });
    const version = await download(glossary, owner.headers, '?formato=tbx&version=4');
    expect(version.statusCode).toBe(422);
    expect(version.json<{ detail: string }>().detail).toBe(
      'La versión de TBX es 2 (TBX-Basic) o 3.',
    );
  });

  it('is documented in /api/docs with its formats', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json<{
      paths: Record<string, { get?: { parameters?: Array<{ name: string; schema?: unknown }> } }>;
    }>();
    const get = doc.paths['/api/glosarios/{nombre_seguro}/exportar']?.get;
    const formato = get?.parameters?.find((p) => p.name === 'formato');
    expect(JSON.stringify(formato?.schema)).toContain('"tbx"');
  });

  it('exports an empty glossary', async () => {
    const empty = await createGlossaryRow(t, owner.user);
    const csv = await download(empty, owner.headers, '?formato=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(
      '\uFEFFes,en,' +
        cardFieldIds(exportMetaOf(empty))
          .slice(2)
          .filter((id) => id !== 'definicion_en')
          .join(',') +
        ',otros_terminos_es,estados_es,otros_terminos_en,estados_en,estado_revision,definicion_en\r\n',
    );
    const json = await download(empty, owner.headers);
    expect(json.json<{ entradas: Entry[] }>().entradas).toEqual([]);
  });

  describe('a glossary larger than one keyset page', () => {
    const COUNT = 2500;
    let big: GlossaryRow;

    beforeAll(async () => {
      expect(COUNT).toBeGreaterThan(2 * EXPORT_PAGE_SIZE);
      big = await createGlossaryRow(t, owner.user, { nombre: 'Glosario grande' });
      await addEntries(t, big, owner, manyEntries(COUNT));
    });

    it('streams every entry once, in the base language order', async () => {
      const listedIds = (await fullList(big, owner)).map((e) => e.id);
      expect(listedIds).toHaveLength(COUNT);
      const json = (await download(big, owner.headers)).json<{ entradas: Entry[] }>();
      expect(json.entradas.map((e) => e.id)).toEqual(listedIds);
      const csv = await download(big, owner.headers, '?formato=csv');
      const back = await readBack('csv', csv.rawPayload, exportMetaOf(big));
      expect(back).toHaveLength(COUNT);
      expect(back.map((e) => e.notas)).toEqual(json.entradas.map((e) => e.notas));
    });

    it('reads each page with a range scan from the cursor, not from the glossary start', async () => {
      const rows = await listExportRows(t.db, big.id, null, 3);
      const again = await listExportRows(t.db, big.id, rows[1]!, 3);
      expect(again[0]).toEqual(rows[2]);
      if (t.engine !== 'sqlite') return;
      const query = exportRowsQuery(t.db, big.id, rows[1]!, 3).compile();
      const plan = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(
        /USING INDEX entries_sort_idx \(glossary_id=\? AND \(?clave_orden/,
      );
    });

    it('cuts the connection when the export fails half-way, never a truncated success', async () => {
      // A card the database cannot give back (corrupted JSON) near the end: the status and the
      // first pages are out by the time the export reaches it.
      const [victim] = (await fullList(big, owner)).slice(-10);
      const row = await t.db
        .selectFrom('entries')
        .select('ficha')
        .where('id', '=', victim!.id)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('entries')
        .set({ ficha: '{roto' })
        .where('id', '=', victim!.id)
        .execute();
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        const res = await fetch(`http://127.0.0.1:${port}${url(big, '?formato=csv')}`, {
          headers: owner.headers,
        });
        expect(res.status).toBe(200);
        await expect(res.arrayBuffer()).rejects.toThrow();
      } finally {
        await t.db
          .updateTable('entries')
          .set({ ficha: row.ficha })
          .where('id', '=', victim!.id)
          .execute();
      }
      // The server carries on.
      expect((await download(big, owner.headers, '?formato=tsv')).statusCode).toBe(200);
    });
  });
});

describe('attachmentDisposition', () => {
  it('quotes an ASCII name and gives the exact UTF-8 name in filename*', () => {
    expect(attachmentDisposition('rpg.csv')).toBe(
      `attachment; filename="rpg.csv"; filename*=UTF-8''rpg.csv`,
    );
    expect(attachmentDisposition('año "1"(b).pdf')).toBe(
      `attachment; filename="a_o _1_(b).pdf"; filename*=UTF-8''a%C3%B1o%20%221%22%28b%29.pdf`,
    );
  });
});
