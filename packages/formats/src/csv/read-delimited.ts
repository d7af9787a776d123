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
import { iterateText, peekText, type TextSource } from '../text/byte-source.ts';
import { DelimitedParser, type DelimitedRow } from './delimited-parser.ts';
import { unguardFormula } from './spreadsheet-formula.ts';
import { tsvCommentFields } from './tsv-comment.ts';
import { ownCsvMapping } from './write-csv.ts';

export interface ReadDelimitedOptions extends GlossaryLanguages {
  /** Both formats remove the `'` our exports put before formula-like cells (unguardFormula). */
  formato: 'csv' | 'tsv';
  /** `{"<header>": "<field id>" | "notas" | "ignorar"}`; absent for the header pass. */
  mapping?: ImportMapping | undefined;
}

const DELIMITERS = [',', ';', '\t'] as const;
const DETECTION_CHARS = 64 * 1024;
const DETECTION_LINES = 50;

/**
 * The delimiter (comma, semicolon or tab) that splits the first record and most records after it
 * into the same number of fields, parsing quotes as the reader will; ties go to `fallback`.
 */
export function detectDelimiter(sample: string, fallback: string, complete = false): string {
  type Score = { d: string; consistent: number; mode: number; width: number };
  const scores: Score[] = [];
  // The format's own delimiter first, so it wins ties.
  for (const d of [fallback, ...DELIMITERS.filter((c) => c !== fallback)]) {
    const parser = new DelimitedParser(d);
    let rows: DelimitedRow[];
    try {
      rows = parser.push(sample);
      if (complete) rows.push(...parser.end());
    } catch {
      continue;
    }
    const widths = rows
      .filter((row) => !isBlankRow(row) && !row.cells[0]?.startsWith('#'))
      .slice(0, DETECTION_LINES)
      .map((row) => row.cells.length);
    const first = widths[0] ?? 0;
    const consistent = first >= 2 ? widths.filter((w) => w === first).length : 0;
    const frequency = new Map<number, number>();
    for (const w of widths) if (w >= 2) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    let mode = 0;
    let width = 0;
    for (const [w, f] of frequency) {
      if (f > mode || (f === mode && w > width)) {
        mode = f;
        width = w;
      }
    }
    scores.push({ d, consistent, mode, width });
  }
  let best: Score | undefined;
  for (const score of scores) {
    if (
      !best ||
      score.consistent > best.consistent ||
      (score.consistent === best.consistent && score.mode > best.mode)
    ) {
      best = score;
    }
  }
  return best && best.mode > 0 ? best.d : fallback;
}

/** A cell as the readers store it: our export's formula `'` removed, trimmed, blank as null. */
function cleanCell(cell: string | undefined): string | null {
  if (cell === undefined) return null;
  const raw = unguardFormula(cell);
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

function isBlankRow(row: DelimitedRow): boolean {
  return row.cells.every((c) => c.trim() === '');
}

function isNumeric(cell: string): boolean {
  return /^[-+]?\d+(?:[.,]\d+)?$/.test(cell.trim());
}

/**
 * Whether the first row is a header: it names known columns, or an identifier column (distinct
 * numbers under a non-numeric first cell) beside another column it names.
 */
function looksLikeHeader(first: DelimitedRow, data: DelimitedRow[]): boolean {
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

/** The rows of a delimited text, in batches: those each chunk of text completed. */
async function* parseRows(text: AsyncIterable<string>, delimiter: string): AsyncGenerator<DelimitedRow[]> {
  const parser = new DelimitedParser(delimiter);
  for await (const chunk of text) yield parser.push(chunk);
  yield parser.end();
}

/** Reads a CSV or TSV file; a `#` line is a comment only when it has fewer fields than the data. */
export async function readDelimited(source: TextSource, options: ReadDelimitedOptions): Promise<ImportPlan> {
  const { head, text } = await peekText(iterateText(source), DETECTION_CHARS);
  const fallback = options.formato === 'tsv' ? '\t' : ',';
  const delimiter = detectDelimiter(head, fallback, head.length < DETECTION_CHARS);
  const rows = new BatchCursor(parseRows(text, delimiter));

  // Rows read ahead: until the first non-comment row (which sets the field count) and a few more.
  const ahead: DelimitedRow[] = [];
  const candidates: DelimitedRow[] = [];
  let reference: DelimitedRow | null = null;
  while (ahead.length < SAMPLE_ROWS + 1) {
    const row = await rows.next();
    if (row === null) break;
    if (isBlankRow(row)) continue;
    const startsWithHash = row.cells[0]?.startsWith('#') ?? false;
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
  const fieldCount = reference?.cells.length ?? 0;
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
    const toItem = (row: DelimitedRow): ReadItem => {
      const values = row.cells.map((c) => cleanCell(c));
      const ubicacion = `línea ${row.line}`;
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
    const dataRows = (rest: readonly DelimitedRow[]): ReadItem[] => {
      const read: ReadItem[] = [];
      for (const row of rest) {
        if (isBlankRow(row)) continue;
        if (row.cells[0]?.startsWith('#') && row.cells.length < fieldCount) continue;
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
          'Comprueba el mapeo de columnas o el delimitador del archivo.',
    ),
  };
}
