import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { csvHeaders, csvRowCells } from '../csv/write-csv.ts';
import type { EntrySource, GlossaryMeta } from '../model.ts';

const ROWS_PER_BATCH = 500;

/** Excel's sheet names: at most 31 characters, none of `[]:*?/\`. */
function sheetName(meta: GlossaryMeta): string {
  const name = meta.nombre.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31).trim();
  return name === '' ? 'Glosario' : name;
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

/**
 * A cell's value as a shared string cell (`t="s"`), as Excel writes text: no formula guard is
 * needed as in CSV, since spreadsheets show a string cell as text and never evaluate it,
 * `=SUMA(A1)` included.
 */
function stringCell(value: string | null): string | null {
  return value === null || value === '' ? null : escapeXstring(value);
}

/**
 * XLSX export, streamed: one sheet with the CSV export's header row and columns (`csvHeaders`,
 * `csvRowCells`), so both read back the same way. Rows go out batch by batch as the zip is
 * written; the shared strings table, like Excel's, is held until the end.
 */
export async function* writeXlsx(entries: EntrySource, meta: GlossaryMeta): AsyncGenerator<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const chunks: Uint8Array[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = finished(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: true });
  const sheet = workbook.addWorksheet(sheetName(meta));
  const rowCells = csvRowCells(meta);
  const take = (): Uint8Array[] => chunks.splice(0, chunks.length);

  sheet.addRow(csvHeaders(meta).map(stringCell)).commit();
  let rows = 0;
  for await (const entry of entries) {
    sheet.addRow(rowCells(entry).map(stringCell)).commit();
    rows += 1;
    if (rows % ROWS_PER_BATCH === 0) {
      // Lets the zip stream compress what was added, then hands it on.
      await new Promise((resolve) => setImmediate(resolve));
      yield* take();
    }
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  yield* take();
}
