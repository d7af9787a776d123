import { strToU8, Zip, ZipDeflate } from 'fflate';
import { csvHeaders, csvRowCells } from '../csv/write-csv.ts';
import type { EntrySource, GlossaryMeta } from '../model.ts';
import { escapeXmlAttribute, escapeXmlText } from '../xml/xml-text.ts';

// Our own writer rather than a spreadsheet library's: those keep the whole shared strings table in
// memory until the end, while here each part is compressed as its rows are written.

const ROWS_PER_BATCH = 500;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES =
  `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CONTENT_TYPE}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/>` +
  `<Override PartName="/xl/sharedStrings.xml" ContentType="${CONTENT_TYPE}.sharedStrings+xml"/>` +
  '</Types>';

const PACKAGE_RELS =
  `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIP}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIP}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId3" Type="${RELATIONSHIP}/sharedStrings" Target="sharedStrings.xml"/>` +
  '</Relationships>';

/** The one default cell format every spreadsheet application expects to find. */
const STYLES =
  `${DECLARATION}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Excel's sheet names: at most 31 characters, none of `[]:*?/\`, no apostrophe at either end. */
function sheetName(meta: GlossaryMeta): string {
  // eslint-disable-next-line no-control-regex -- control characters cannot name a sheet either
  const name = meta.nombre.replace(/[[\]:*?/\\\u0000-\u001F]/g, ' ').trim().slice(0, 31).replace(/^[\s']+|[\s']+$/g, '');
  return name === '' ? 'Glosario' : name;
}

function workbookXml(meta: GlossaryMeta): string {
  return (
    `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIP}">` +
    `<sheets><sheet name="${escapeXmlAttribute(sheetName(meta))}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/**
 * Text as OOXML stores it in a cell (ST_Xstring): characters XML cannot hold, and a carriage
 * return that XML parsing would fold into the line feed after it, as `_xHHHH_`; a literal
 * `_xHHHH_` gets its underscore escaped so it reads back as written (decodeXstring).
 */
function escapeXstring(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return text.replace(/_(?=x[0-9A-F]{4}_)|[\u0000-\u0008\u000B-\u000D\u000E-\u001F\uFFFE\uFFFF]/g, (c) =>
    `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

/** One entry of the shared strings table; spaces at either end are kept, as Excel marks them. */
function sharedString(value: string): string {
  const preserve = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<si><t${preserve}>${escapeXmlText(escapeXstring(value))}</t></si>`;
}

/** A column's letters: A … Z, AA … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A part written whole, compressed. */
function addPart(zip: Zip, name: string, xml: string): void {
  const part = new ZipDeflate(name, { level: 6 });
  zip.add(part);
  part.push(strToU8(xml), true);
}

/**
 * XLSX export, streamed: one sheet with the CSV export's header row and columns (`csvHeaders`,
 * `csvRowCells`), so both read back the same way. Every value is a shared string cell (`t="s"`),
 * as Excel writes text: no formula guard is needed as in CSV, since spreadsheets show a string
 * cell as text and never evaluate it, `=SUMA(A1)` included. Each cell gets its own entry in the
 * table (repeats are valid OOXML), so nothing is remembered across rows; the table and the sheet
 * are two parts compressed side by side, the table first in the archive so that streaming readers
 * know every string before the sheet, and the sheet's compressed bytes wait until the table ends.
 */
export async function* writeXlsx(entries: EntrySource, meta: GlossaryMeta): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  addPart(zip, '[Content_Types].xml', CONTENT_TYPES);
  addPart(zip, '_rels/.rels', PACKAGE_RELS);
  addPart(zip, 'xl/workbook.xml', workbookXml(meta));
  addPart(zip, 'xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  addPart(zip, 'xl/styles.xml', STYLES);
  const table = new ZipDeflate('xl/sharedStrings.xml', { level: 6 });
  zip.add(table);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);

  const headers = csvHeaders(meta);
  const columns = headers.map((_, i) => columnName(i));
  const rowCells = csvRowCells(meta);
  let strings = `${DECLARATION}<sst xmlns="${MAIN}">`;
  let rows = `${DECLARATION}<worksheet xmlns="${MAIN}"><sheetData>`;
  let rowNumber = 0;
  let stringCount = 0;
  const addRow = (cells: readonly (string | null)[]): void => {
    rowNumber += 1;
    rows += `<row r="${rowNumber}">`;
    cells.forEach((value, i) => {
      if (value === null || value === '') return;
      rows += `<c r="${columns[i] ?? columnName(i)}${rowNumber}" t="s"><v>${stringCount}</v></c>`;
      strings += sharedString(value);
      stringCount += 1;
    });
    rows += '</row>';
  };
  const flush = (final: boolean): void => {
    table.push(strToU8(strings), final);
    sheet.push(strToU8(rows), final);
    strings = '';
    rows = '';
  };

  addRow(headers);
  for await (const entry of entries) {
    addRow(rowCells(entry));
    if (rowNumber % ROWS_PER_BATCH === 0) {
      flush(false);
      yield* out.splice(0, out.length);
    }
  }
  strings += '</sst>';
  rows += '</sheetData></worksheet>';
  flush(true);
  zip.end();
  yield* out.splice(0, out.length);
}
