import type { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { CellValue } from 'exceljs';
import { readTable, type TableOptions, type TableRow } from '../csv/read-table.ts';
import { FormatError, isFormatError } from '../errors.ts';
import type { ImportPlan } from '../import-plan.ts';
import { checkWorkbook, XLSX_MAX_UNPACKED_BYTES } from './check-workbook.ts';

export interface ReadXlsxOptions extends TableOptions {
  /** Most the workbook may inflate to, all parts together. */
  maxUnpackedBytes?: number | undefined;
}

const ROWS_PER_BATCH = 256;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date cell as ISO 8601 (a date alone at midnight): spreadsheets store it without a zone. */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  const s = date.getUTCSeconds();
  if (h === 0 && m === 0 && s === 0) return day;
  return `${day} ${pad(h)}:${pad(m)}${s === 0 ? '' : `:${pad(s)}`}`;
}

/** Undoes OOXML's `_xHHHH_` escapes (Excel writes a carriage return as `_x000D_`). */
export function decodeXstring(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

/** A cell as the text a spreadsheet shows: a formula's result, rich text's runs, a number to 15 digits. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return decodeXstring(value);
  // 15 significant digits, as spreadsheets show them, so 0.1 + 0.2 reads 0.3.
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return decodeXstring(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) return cellText((value.result ?? null) as CellValue);
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  if ('error' in value) return value.error;
  return '';
}

/** The rows of the sheet stored at `sheetPath`, in batches, each cell as its shown text. */
async function* sheetRows(bytes: Uint8Array, sheetPath: string): AsyncGenerator<TableRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles say which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  // The reader names a sheet by its part just before it hands the sheet over (an event its
  // typings leave out: the reader is an EventEmitter).
  let part = '';
  (reader as unknown as EventEmitter).on('entry', (entry: { type: string; id: string }) => {
    if (entry.type === 'worksheet') part = `xl/worksheets/sheet${entry.id}.xml`;
  });
  try {
    for await (const worksheet of reader) {
      if (part !== sheetPath) continue;
      let batch: TableRow[] = [];
      for await (const row of worksheet) {
        const values = row.values as CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i] ?? null));
        batch.push({ cells, line: row.number });
        if (batch.length >= ROWS_PER_BATCH) {
          yield batch;
          batch = [];
        }
      }
      yield batch;
      return;
    }
  } catch (error) {
    if (isFormatError(error)) throw error;
    throw new FormatError(
      'XLSX_INVALID',
      'El libro de Excel está dañado y no se puede leer. Ábrelo en Excel o LibreOffice, guárdalo de nuevo como ' +
        '.xlsx y vuelve a importarlo.',
    );
  }
  throw unreadableSheet();
}

function unreadableSheet(): FormatError {
  return new FormatError(
    'XLSX_INVALID',
    'No se puede leer la primera hoja del libro de Excel. Ábrelo en Excel o LibreOffice, guárdalo de nuevo como ' +
      '.xlsx y vuelve a importarlo.',
  );
}

/**
 * Reads the first sheet of an .xlsx workbook as a table, as a CSV file is read (the same header
 * pass, mapping, own-export columns and several terms per language), once `checkWorkbook` has
 * found the container safe.
 */
export async function readXlsx(bytes: Uint8Array, options: ReadXlsxOptions): Promise<ImportPlan> {
  const { firstSheetPath } = checkWorkbook(bytes, options.maxUnpackedBytes ?? XLSX_MAX_UNPACKED_BYTES);
  if (firstSheetPath === null || !/^xl\/worksheets\/sheet\d+\.xml$/.test(firstSheetPath)) throw unreadableSheet();
  return readTable(
    { rows: sheetRows(bytes, firstSheetPath), place: 'fila', isText: false, emptyHint: ' o la primera hoja del libro' },
    options,
  );
}
