import { type ImportMapping, isTermTarget } from '@ludoterm/contract';
import { BatchCursor } from '../batch-cursor.ts';
import { EntryStream, type ReadItem } from '../entry-stream.ts';
import { SAMPLE_ROWS, type ImportPlan } from '../import-plan.ts';
import {
  type ColumnPlan,
  entryFromFields,
  entryFromRow,
  headerMeaningKey,
  planFromMapping,
  positionalPlan,
  rowFields,
  suggestMapping,
} from '../mapping/column-mapping.ts';
import type { GlossaryLanguages } from '../model.ts';
import { unguardFormula } from './spreadsheet-formula.ts';
import { tsvCommentFields } from './tsv-comment.ts';
import { ownCsvMapping } from './write-csv.ts';

// The row logic every table shares, whatever gives the rows (delimited text, a worksheet):
// header detection, the header pass, our own export's mapping, and each row as an entry.

/** One record of a table: its cells as text, and the line or sheet row where it starts. */
export interface TableRow {
  cells: string[];
  /** The line (text) or row number (sheet) where the record starts, 1-based. */
  line: number;
}

export interface TableOptions extends GlossaryLanguages {
  /** `{"<header>": "<field id>" | "notas" | "ignorar"}`; absent for the header pass. */
  mapping?: ImportMapping | undefined;
}

/** What differs between the tables read: where a row is, and what text files alone have. */
export interface TableSource {
  /** The rows, in batches. */
  rows: AsyncIterable<TableRow[]>;
  /** How a row is named in messages: `línea` for text files, `fila` for sheets. */
  place: 'línea' | 'fila';
  /**
   * Text files only: `#` lines with fewer fields than the data are comments, and the `'` our
   * CSV and TSV exports put before formula-like cells is removed (unguardFormula).
   */
  isText: boolean;
  /** What else to check when no row has a term, after «Comprueba el mapeo de columnas». */
  emptyHint: string;
}

/** A cell as the readers store it: trimmed, blank as null (after `unguard`, for text files). */
function cleanTableCell(cell: string | undefined, unguard: boolean): string | null {
  if (cell === undefined) return null;
  const raw = unguard ? unguardFormula(cell) : cell;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

export function isBlankRow(row: TableRow): boolean {
  return row.cells.every((c) => c.trim() === '');
}

function isNumeric(cell: string): boolean {
  return /^[-+]?\d+(?:[.,]\d+)?$/.test(cell.trim());
}

/**
 * Whether the first row is a header: it names known columns, or an identifier column (distinct
 * numbers under a non-numeric first cell) beside another column it names.
 */
function looksLikeHeader(first: TableRow, data: TableRow[]): boolean {
  const cells = first.cells.map((c) => c.trim()).filter((c) => c !== '');
  if (cells.length === 0) return false;
  // Two or more known labels naming different things: `es,en`, `Term,Definition`, `KEY,NOTES,ENGLISH`.
  // One label alone (`de`, a Spanish word and a language code) or one thing twice (`área,area`,
  // a first entry whose terms are label words) is data. A one-column file may have a one-word header.
  const keys = cells.map(headerMeaningKey).filter((k): k is string => k !== null);
  const distinct = new Set(keys);
  if (distinct.size >= 2 && keys.length * 2 >= cells.length) return true;
  if (first.cells.length === 1 && keys.length === 1) return true;
  // A word over repeated numbers, or alone in its row over numbers (`x`, `7`, `8`), is a
  // first term, not a header: a headerless glossary may hold terms that are numbers.
  if (data.length < 2 || cells.filter((c) => !isNumeric(c)).length < 2) return false;
  for (let col = 0; col < first.cells.length; col += 1) {
    const head = first.cells[col]?.trim() ?? '';
    if (head === '' || isNumeric(head)) continue;
    const column = data.map((r) => r.cells[col]?.trim() ?? '').filter((c) => c !== '');
    if (column.length >= 2 && column.every(isNumeric) && new Set(column).size === column.length) return true;
  }
  return false;
}

/** Header names made usable as mapping keys: blank ones named by position, repeats numbered. */
function uniqueHeaders(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.trim() === '' ? `Columna ${i + 1}` : cell.trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Reads a table's rows into the import plan: headers to map first, or the entries. */
export async function readTable(source: TableSource, options: TableOptions): Promise<ImportPlan> {
  const rows = new BatchCursor(source.rows);
  const cleanCell = (cell: string | undefined): string | null => cleanTableCell(cell, source.isText);

  // Rows read ahead: until the first non-comment row (which sets the field count) and a few more.
  const ahead: TableRow[] = [];
  const candidates: TableRow[] = [];
  let reference: TableRow | null = null;
  while (ahead.length < SAMPLE_ROWS + 1) {
    const row = await rows.next();
    if (row === null) break;
    if (isBlankRow(row)) continue;
    const startsWithHash = source.isText && (row.cells[0]?.startsWith('#') ?? false);
    if (reference === null) {
      if (startsWithHash) {
        candidates.push(row);
        continue;
      }
      reference = row;
      // Comment candidates before the first row: comments only when they have fewer fields.
      for (const c of candidates) if (c.cells.length >= row.cells.length) ahead.push(c);
    } else if (startsWithHash && row.cells.length < reference.cells.length) {
      continue;
    }
    ahead.push(row);
  }
  // A sheet leaves out a row's empty cells at its end: its widest row read ahead gives the count.
  const fieldCount = source.isText
    ? (reference?.cells.length ?? 0)
    : Math.max(0, ...ahead.map((row) => row.cells.length));
  const first = ahead[0];

  let header: string[] | null = null;
  if (first && looksLikeHeader(first, ahead.slice(1))) header = uniqueHeaders(first.cells);
  // A mapping naming the first row's cells makes it the header even when it did not look like one.
  if (!header && first && options.mapping) {
    const names = uniqueHeaders(first.cells);
    const keys = Object.keys(options.mapping);
    if (keys.length > 0 && keys.every((k) => names.includes(k))) header = names;
  }

  // LudoTerm's own CSV export needs no mapping: every column names its card field.
  const ownMapping = header && !options.mapping ? ownCsvMapping(header, options) : null;
  if (header && !options.mapping && !ownMapping) {
    const muestra = ahead.slice(1, SAMPLE_ROWS + 1).map((row) =>
      header.map((_, i) => cleanCell(row.cells[i]) ?? ''),
    );
    return {
      tipo: 'cabeceras',
      cabeceras_detectadas: header,
      muestra,
      sugerencia: suggestMapping(header, options),
    };
  }

  let plan: ColumnPlan;
  let dataStart = 0;
  if (header) {
    plan = planFromMapping(options.mapping ?? ownMapping ?? {}, header, options);
    dataStart = 1;
  } else if (options.mapping && Object.keys(options.mapping).length > 0) {
    plan = planFromMapping(options.mapping, positionalPlan(Math.max(fieldCount, 3), options).headers, options);
  } else {
    plan = positionalPlan(3, options);
  }

  async function* items(): AsyncGenerator<ReadItem[]> {
    const toItem = (row: TableRow): ReadItem => {
      const values = row.cells.map((c) => cleanCell(c));
      const ubicacion = `${source.place} ${row.line}`;
      const avisos: string[] = [];
      let entrada;
      if (!plan.positional) entrada = entryFromRow(values, plan, options, avisos);
      else {
        // Without headers: term, term, then the comment (our TSV's labelled fields, or notes).
        const fields = rowFields([values[0] ?? null, values[1] ?? null], plan);
        const extra = values.slice(2).filter((v): v is string => v !== null);
        fields.push(...tsvCommentFields(extra.length > 0 ? extra.join('\n') : null, options));
        entrada = entryFromFields(fields, options, false, avisos);
      }
      return { entrada, ubicacion, ...(avisos.length > 0 ? { avisos } : {}) };
    };
    const dataRows = (rest: readonly TableRow[]): ReadItem[] => {
      const read: ReadItem[] = [];
      for (const row of rest) {
        if (isBlankRow(row)) continue;
        if (source.isText && row.cells[0]?.startsWith('#') && row.cells.length < fieldCount) continue;
        read.push(toItem(row));
      }
      return read;
    };
    yield ahead.slice(dataStart).map(toItem);
    for await (const batch of rows.rest()) yield dataRows(batch);
  }

  const termColumns = plan.targets
    .map((t, i) => (t !== null && isTermTarget(t) ? `«${plan.headers[i]}»` : null))
    .filter((t): t is string => t !== null);
  return {
    tipo: 'entradas',
    entradas: new EntryStream(items(), (stream) =>
      stream.omitidos === 0
        ? 'El archivo no tiene filas de datos. Comprueba que es el archivo correcto y que no está vacío.'
        : `Ninguna de las ${stream.omitidos} filas del archivo tiene un término en ${termColumns.join(' ni en ')}. ` +
          `Comprueba el mapeo de columnas${source.emptyHint}.`,
    ),
  };
}
