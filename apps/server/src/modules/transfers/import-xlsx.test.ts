import { EXPORT_CONTENT_TYPES, type Entry } from '@ludoterm/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { describeEngines } from '../../test/build-test-app.ts';
import { createGlossaryRow, createUser } from '../../test/factories.ts';
import { glossaryCounts, listEntries, postImport } from './import-test-helpers.ts';

interface Headers {
  cabeceras_detectadas: string[];
  muestra: string[][];
  sugerencia?: Record<string, string>;
}

/** A workbook as another tool saves it: shared strings, its own headers, a number column. */
async function foreignWorkbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Terminología');
  sheet.addRow(['ID', 'Spanish', 'Spanish status', 'English', 'Notes']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describeEngines('XLSX import and export through the API', (t) => {
  async function owned() {
    const owner = await createUser(t);
    const glossary = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
    return { owner, glossary };
  }

  const terms = (entry: Entry) => entry.terminos.map((term) => [term.idioma, term.termino, term.estado]);

  describe('export', () => {
    it('downloads an .xlsx that imports into another glossary at once, terms, statuses and review state kept', async () => {
      const { owner, glossary } = await owned();
      const csv =
        'es,otros_terminos_es,estados_es,en,otros_terminos_en,estados_en,estado_revision,notas\n' +
        'ataque,golpe | embate,preferido | desaconsejado | admitido,attack,hit,preferido | prohibido,en_revision,=1+1\n' +
        'maná,,,mana,,,borrador,Recurso mágico «azul»\n';
      expect((await postImport(t, owner, glossary, { formato: 'csv', file: csv })).statusCode).toBe(200);

      const res = await t.app.inject({
        method: 'GET',
        url: `/api/glosarios/${glossary.nombre_seguro}/exportar?formato=xlsx`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(EXPORT_CONTENT_TYPES.xlsx);
      expect(res.headers['content-disposition']).toContain(`filename="${glossary.nombre_seguro}.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('es');

      const copy = await createGlossaryRow(t, owner.user, { idioma_origen: 'es', idioma_meta: 'en' });
      const back = await postImport(t, owner, copy, { formato: 'xlsx', file: res.rawPayload, filename: 'copia.xlsx' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ importados: 2, omitidos: 0 });
      const entries = await listEntries(t, owner, copy);
      const attack = entries.find((e) => e.termino.es === 'ataque')!;
      expect(terms(attack)).toEqual([
        ['es', 'ataque', 'preferido'],
        ['es', 'golpe', 'desaconsejado'],
        ['es', 'embate', 'admitido'],
        ['en', 'attack', 'preferido'],
        ['en', 'hit', 'prohibido'],
      ]);
      expect(attack.estado_revision).toBe('en_revision');
      expect(attack.notas).toBe('=1+1');
      expect(entries.find((e) => e.termino.es === 'maná')?.notas).toBe('Recurso mágico «azul»');
    });
  });

  describe('import', () => {
    it('asks for the mapping of a foreign sheet, then imports it with that mapping', async () => {
      const { owner, glossary } = await owned();
      const file = await foreignWorkbook([
        [1, 'escudo', 'preferred', 'shield', 'Equipo'],
        [2, 'espada', 'deprecated', 'sword', null],
      ]);
      const first = await postImport(t, owner, glossary, { formato: 'xlsx', file });
      expect(first.statusCode, first.body).toBe(200);
      const headers = first.json<Headers>();
      expect(headers.cabeceras_detectadas).toEqual(['ID', 'Spanish', 'Spanish status', 'English', 'Notes']);
      expect(headers.muestra[0]).toEqual(['1', 'escudo', 'preferred', 'shield', 'Equipo']);
      expect(await glossaryCounts(t, glossary)).toMatchObject({ entradas: 0 });

      const res = await postImport(t, owner, glossary, { formato: 'xlsx', file, mapping: headers.sugerencia! });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ importados: 2, omitidos: 0 });
      const entries = await listEntries(t, owner, glossary);
      const sword = entries.find((e) => e.termino.en === 'sword')!;
      expect(terms(sword)).toEqual([
        ['es', 'espada', 'desaconsejado'],
        ['en', 'sword', 'preferido'],
      ]);
      expect(entries.find((e) => e.termino.en === 'shield')?.notas).toBe('Equipo');
    });

    it('is all or nothing: a bad row names its sheet row and nothing is written', async () => {
      const { owner, glossary } = await owned();
      const file = await foreignWorkbook([
        [1, 'escudo', null, 'shield', null],
        [2, 'espada', null, 'sword', 'x'.repeat(30_000)],
      ]);
      const mapping = { ID: 'ignorar', Spanish: 'termino.es', 'Spanish status': 'estados.es', English: 'termino.en', Notes: 'notas' };
      const res = await postImport(t, owner, glossary, { formato: 'xlsx', file, mapping });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(/^Fila 3: /);
      expect(await glossaryCounts(t, glossary)).toEqual({ entradas: 0, versiones: 0, num_entradas: 0 });
    });

    it('refuses a CSV sent as XLSX, and a .docx, with the format error and nothing written', async () => {
      const { owner, glossary } = await owned();
      const csv = await postImport(t, owner, glossary, { formato: 'xlsx', file: 'es,en\nmaná,mana\n' });
      expect(csv.statusCode).toBe(422);
      expect(csv.json()).toEqual({
        code: 'FORMAT_MISMATCH',
        detail:
          'Has elegido el formato XLSX, pero el contenido del archivo es CSV, no un libro de Excel .xlsx. ' +
          'Elige el formato CSV o comprueba que has subido el archivo correcto.',
      });
      const broken = await postImport(t, owner, glossary, {
        formato: 'xlsx',
        file: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]),
      });
      expect(broken.statusCode).toBe(422);
      expect(broken.json<{ code: string }>().code).toBe('INVALID_FILE');
      expect(await glossaryCounts(t, glossary)).toEqual({ entradas: 0, versiones: 0, num_entradas: 0 });
    });
  });
});
