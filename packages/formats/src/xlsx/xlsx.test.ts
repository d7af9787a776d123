import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvHeaders, csvRowCells } from '../csv/write-csv.ts';
import { FormatError } from '../errors.ts';
import type { ExportEntry } from '../model.ts';
import { readImportFile } from '../read-import-file.ts';
import { assertFormatMatches } from '../sniff-format.ts';
import { exportToFile, run } from '../test-support/external-tools.ts';
import { compact, entriesOf, hasCommand, pythonWith, requireTool } from '../test-support/fixtures.ts';
import { CONCEPT_ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';
import { writeExport } from '../write-export.ts';
import { readXlsx } from './read-xlsx.ts';

const XMLLINT = hasCommand('xmllint');

/** Every row of the first sheet as openpyxl reads it, empty cells as null, as JSON. */
const READ_XLSX = `
import json, sys, openpyxl
sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
print(json.dumps([[cell.value for cell in row] for row in sheet.iter_rows()]))
`;

const LONG = `${'Definición larga con acentos (áéíóú, ñ) y «comillas». '.repeat(300)}Fin.`;

/** The concept entries CSV is tested with, and text that is hard for a spreadsheet. */
const [ATTACK, LEVEL] = CONCEPT_ENTRIES as [ExportEntry, ExportEntry];
const ENTRIES: ExportEntry[] = [
  { ...ATTACK, definicion: LONG, notas: '=SUMA(A1) no es una fórmula; +1 -1 @usuario' },
  {
    ...LEVEL,
    cuestiones_traductologicas: 'Dos líneas:\r\nla segunda, con _x0041_ literal & <etiquetas>.',
    definicion_en: 'The level of a character.',
  },
  { termino: { es: 'maná', en: 'mana' }, estado_revision: 'borrador', contexto_es: '  espacios dentro  ' },
];

async function exportXlsx(entries: ExportEntry[] = ENTRIES): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of writeExport('xlsx', entries, SAMPLE_META)) parts.push(chunk);
  return Buffer.concat(parts);
}

async function refusal(promise: Promise<unknown>): Promise<FormatError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormatError);
  return error as FormatError;
}

const read = (bytes: Uint8Array, mapping?: Record<string, string>) =>
  readImportFile(bytes, { formato: 'xlsx', ...SAMPLE_META, mapping });

/** The minimal parts of a workbook, for hand-made hostile files. */
function workbookParts(sheetXml: string): Record<string, Uint8Array> {
  return {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheetXml),
  };
}

describe('XLSX export', () => {
  it('writes one sheet with the CSV export’s header row, every value a text cell, no formula', async () => {
    const bytes = await exportXlsx();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...csvHeaders(SAMPLE_META)]);
    const parts = unzipSync(bytes);
    // Streaming readers then know every string before the sheet's rows.
    const names = Object.keys(parts);
    expect(names.indexOf('xl/sharedStrings.xml')).toBeLessThan(names.indexOf('xl/worksheets/sheet1.xml'));
    const xml = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    expect(xml).not.toContain('<f>');
    expect(xml).toMatch(/<c r="A2" t="s">/);
    const notes = csvHeaders(SAMPLE_META).indexOf('notas') + 1;
    expect(sheet.getRow(2).getCell(notes).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(notes).value).toBe('=SUMA(A1) no es una fórmula; +1 -1 @usuario');
  });

  it('reads back its own export without a mapping step: terms, statuses, review state and hard text', async () => {
    const { entradas } = await entriesOf(read(await exportXlsx()));
    expect(entradas.map(compact)).toEqual([
      {
        termino: { es: 'ataque', en: 'attack' },
        terminos: [
          { idioma: 'es', termino: 'ataque', estado: 'preferido' },
          { idioma: 'es', termino: 'golpe', estado: 'desaconsejado' },
          { idioma: 'es', termino: 'acometida; embate', estado: 'admitido' },
          { idioma: 'en', termino: 'attack', estado: 'preferido' },
          { idioma: 'en', termino: 'hit', estado: 'prohibido' },
        ],
        estado_revision: 'aprobado',
        definicion: LONG,
        notas: '=SUMA(A1) no es una fórmula; +1 -1 @usuario',
      },
      {
        termino: { es: 'nivel', en: 'level' },
        terminos: [
          { idioma: 'es', termino: 'nivel', estado: 'admitido' },
          { idioma: 'en', termino: 'level', estado: 'preferido' },
          { idioma: 'en', termino: 'lvl; tier', estado: 'admitido' },
        ],
        estado_revision: 'en_revision',
        cuestiones_traductologicas: 'Dos líneas:\r\nla segunda, con _x0041_ literal & <etiquetas>.',
        definicion_en: 'The level of a character.',
      },
      // Cells are trimmed on reading, as in CSV.
      { termino: { es: 'maná', en: 'mana' }, estado_revision: 'borrador', contexto_es: 'espacios dentro' },
    ]);
  });

  it('writes every part as well-formed XML', async (ctx) => {
    requireTool(XMLLINT, 'xmllint (libxml2-utils)', (note) => ctx.skip(note));
    const parts = unzipSync(await exportXlsx());
    expect(Object.keys(parts)).toContain('xl/sharedStrings.xml');
    for (const [name, bytes] of Object.entries(parts)) {
      const result = run('xmllint', ['--noout', '--nonet', '-'], strFromU8(bytes));
      expect({ name, stderr: result.stderr, status: result.status }).toEqual({ name, stderr: '', status: 0 });
    }
  });

  it('writes a workbook that Debian’s openpyxl opens with the same cell values', async (ctx) => {
    const python = pythonWith('openpyxl');
    requireTool(python !== null, 'openpyxl de Debian (python3-openpyxl)', (note) => ctx.skip(note));
    // openpyxl leaves the `_xHHHH_` escape of a carriage return or a control character as it is
    // (Excel and our reader decode it), so the text here has none.
    const entries = ENTRIES.map((e) => ({ ...e, cuestiones_traductologicas: e.cuestiones_traductologicas?.replace('\r', '') ?? null }));
    const result = run(python!, ['-c', READ_XLSX, await exportToFile('xlsx', entries, SAMPLE_META)]);
    expect(result.stderr).toBe('');
    const rowCells = csvRowCells(SAMPLE_META);
    const expected = [csvHeaders(SAMPLE_META), ...entries.map(rowCells)].map((cells) => cells.map((c) => (c === '' ? null : c)));
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });
});

describe('XLSX import of a sheet written by another tool', () => {
  /** A workbook as Excel would save it: shared strings, headers in another order, typed cells. */
  async function foreignWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Términos');
    sheet.addRow(['ID', 'English', 'Notes', 'Spanish', 'Spanish status', 'Reviewed on']);
    sheet.addRow([1, 'shield', { richText: [{ text: 'Parte del ' }, { text: 'equipo', font: { bold: true } }] }, 'escudo; broquel', 'preferred; deprecated', new Date(Date.UTC(2024, 2, 5))]);
    sheet.addRow([]);
    sheet.addRow([2, 'sword', { formula: 'UPPER("x")', result: 'X' }, 'espada', 'admitted', 0.1 + 0.2]);
    sheet.addRow([3, 'true', null, 'verdadero', null, true]);
    // A second sheet is not read.
    workbook.addWorksheet('Otra').addRow(['es', 'en']);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('answers the headers, a sample as shown text and a proposed mapping, then reads with the mapping', async () => {
    const bytes = await foreignWorkbook();
    const plan = await read(bytes);
    expect(plan.tipo).toBe('cabeceras');
    if (plan.tipo !== 'cabeceras') return;
    expect(plan.cabeceras_detectadas).toEqual(['ID', 'English', 'Notes', 'Spanish', 'Spanish status', 'Reviewed on']);
    expect(plan.muestra).toEqual([
      ['1', 'shield', 'Parte del equipo', 'escudo; broquel', 'preferred; deprecated', '2024-03-05'],
      ['2', 'sword', 'X', 'espada', 'admitted', '0.3'],
      ['3', 'true', '', 'verdadero', '', 'VERDADERO'],
    ]);
    expect(plan.sugerencia).toMatchObject({ English: 'termino.en', Spanish: 'termino.es', Notes: 'notas', 'Spanish status': 'estados.es' });

    // The plain term column is never split (terms may hold «;»): mapped to «Otros términos», it is.
    const mapping = { ...plan.sugerencia, Spanish: 'otros_terminos.es', ID: 'ignorar', 'Reviewed on': 'ignorar' };
    const { entradas } = await entriesOf(read(bytes, mapping));
    expect(entradas.map(compact)).toEqual([
      {
        termino: { es: 'escudo', en: 'shield' },
        terminos: [
          { idioma: 'es', termino: 'escudo', estado: 'preferido' },
          { idioma: 'es', termino: 'broquel', estado: 'desaconsejado' },
          { idioma: 'en', termino: 'shield', estado: 'preferido' },
        ],
        notas: 'Parte del equipo',
      },
      {
        termino: { es: 'espada', en: 'sword' },
        terminos: [
          { idioma: 'es', termino: 'espada', estado: 'admitido' },
          { idioma: 'en', termino: 'sword', estado: 'preferido' },
        ],
        notas: 'X',
      },
      { termino: { es: 'verdadero', en: 'true' } },
    ]);
  });

  it('names a bad row by its sheet row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hoja1');
    sheet.addRow(['English', 'Spanish', 'Spanish status']);
    sheet.addRow([]);
    sheet.addRow(['shield', 'escudo', 'dudoso']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const plan = await read(bytes, { English: 'termino.en', Spanish: 'termino.es', 'Spanish status': 'estados.es' });
    if (plan.tipo !== 'entradas') throw new Error('se esperaban entradas');
    const batches = [];
    for await (const batch of plan.entradas.batches()) batches.push(...batch);
    expect(batches.map((b) => b.ubicacion)).toEqual(['fila 3']);
    expect(batches[0]!.avisos?.[0]).toContain('«dudoso»');
  });
});

describe('XLSX import refuses hostile or wrong files', () => {
  it('refuses a zip bomb quickly, by what it really inflates to', async () => {
    // 64 MiB of one letter compress to a few tens of KiB; the cap here is 8 MiB.
    const bomb = zipSync(workbookParts(`<worksheet><sheetData>${'a'.repeat(64 * 1024 * 1024)}</sheetData></worksheet>`), { level: 1 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const error = await refusal(readXlsx(bomb, { ...SAMPLE_META, maxUnpackedBytes: 8 * 1024 * 1024 }));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error.code).toBe('TOO_LARGE');
    expect(error.detail).toMatch(/^El libro de Excel descomprimido ocupa más de 8 MiB/);
  });

  it('refuses a zip bomb that lies about its sizes', async () => {
    const parts = workbookParts(`<worksheet>${'b'.repeat(32 * 1024 * 1024)}</worksheet>`);
    const bomb = zipSync(parts, { level: 1 });
    // Declared sizes of 1 byte in every central directory record.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let p = 0; p + 4 <= bomb.length; p += 1) if (view.getUint32(p, true) === 0x02014b50) view.setUint32(p + 24, 1, true);
    const error = await refusal(readXlsx(bomb, { ...SAMPLE_META, maxUnpackedBytes: 4 * 1024 * 1024 }));
    expect(error.code).toBe('TOO_LARGE');
  });

  it('refuses a .docx, or any ZIP without xl/workbook.xml, as the wrong format', async () => {
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
    });
    const error = await refusal(read(docx));
    expect(error.code).toBe('FORMAT_MISMATCH');
    expect(error.detail).toBe(
      'Has elegido el formato XLSX, pero el archivo es un documento de Word (.docx). Sube un libro de Excel (.xlsx) o elige el formato del archivo.',
    );
    expect((await refusal(read(zipSync({ 'a.txt': strToU8('hola') })))).code).toBe('FORMAT_MISMATCH');
  });

  it('refuses a DOCTYPE in any XML part before the spreadsheet library sees it', async () => {
    const parts = unzipSync(await exportXlsx());
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    parts['xl/worksheets/sheet1.xml'] = strToU8(
      sheet.replace('?>', '?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'),
    );
    const error = await refusal(read(zipSync(parts)));
    expect(error.code).toBe('XLSX_INVALID');
    expect(error.detail).toContain('<!DOCTYPE>');
    expect(error.detail).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses encrypted entries, a password-protected workbook and an old .xls, saying to save as .xlsx', async () => {
    const zip = zipSync(workbookParts('<worksheet/>'));
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let p = 0; p + 4 <= zip.length; p += 1) if (view.getUint32(p, true) === 0x02014b50) view.setUint16(p + 8, 1, true);
    const encrypted = await refusal(read(zip));
    expect(encrypted.code).toBe('XLSX_INVALID');
    expect(encrypted.detail).toContain('protegido con contraseña');

    // Excel saves a workbook with a password, and an .xls, as an OLE compound file.
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const old = await refusal(read(ole));
    expect(old.code).toBe('FORMAT_MISMATCH');
    expect(old.detail).toContain('«Libro de Excel (.xlsx)»');
  });

  it('refuses text chosen as XLSX, naming what it is, and says so when an .xlsx is chosen as CSV', async () => {
    const csv = await refusal(read(Buffer.from('es,en\nmaná,mana\n')));
    expect(csv.code).toBe('FORMAT_MISMATCH');
    expect(csv.detail).toBe(
      'Has elegido el formato XLSX, pero el contenido del archivo es CSV, no un libro de Excel .xlsx. Elige el formato CSV o comprueba que has subido el archivo correcto.',
    );
    // The upload's first bytes, as the import job checks them before reading.
    const head = (await exportXlsx()).subarray(0, 4096);
    expect(() => assertFormatMatches('csv', head)).toThrow(
      'Has elegido el formato CSV, pero el archivo no es de texto (parece ZIP (Excel .xlsx, Word .docx u otro)). ' +
        'Si es un libro de Excel, elige el formato XLSX; si es otra cosa, exporta el glosario como «CSV UTF-8» y vuelve a importarlo.',
    );
  });

  it('refuses a damaged workbook as invalid, not as a crash', async () => {
    const bytes = await exportXlsx();
    const error = await refusal(read(bytes.subarray(0, bytes.length - 100)));
    expect(error.code).toBe('XLSX_INVALID');
  });
});
