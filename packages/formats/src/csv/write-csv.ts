import { definitionFieldId, type ImportMapping, isTermTarget } from '@ludoterm/contract';
import {
  cardFieldIds,
  type EntrySource,
  type ExportEntry,
  getField,
  type GlossaryLanguages,
  type GlossaryMeta,
  languagesOf,
} from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { termCells } from '../terms/language-terms.ts';
import { guardFormula } from './spreadsheet-formula.ts';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function escapeCsvCell(value: string | null): string {
  if (value === null || value === '') return '';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

interface CsvColumn {
  header: string;
  /** The import mapping target the header maps to. */
  target: string;
}

const columnsByLanguages = new Map<string, CsvColumn[]>();

/** Card fields added after the seed's: the CSV writes them last, in this order. */
function laterFieldIds(meta: GlossaryLanguages): string[] {
  return [definitionFieldId(meta.idioma_meta)];
}

/** The seed's card fields, in card order: the CSV's first columns. */
function seedFieldIds(meta: GlossaryLanguages): string[] {
  const later = laterFieldIds(meta);
  return cardFieldIds(meta).filter((id) => !later.includes(id));
}

/**
 * The CSV columns: the language codes for the shown terms, the seed's card field ids, then per
 * language `otros_terminos_xx` and `estados_xx`, `estado_revision`, and the card fields added
 * since (`definicion_xx`). The new columns come last so that clients reading the seed's columns
 * by position or name see them unchanged.
 */
function csvColumns(meta: GlossaryLanguages): CsvColumn[] {
  const key = `${meta.idioma_origen}>${meta.idioma_meta}`;
  let columns = columnsByLanguages.get(key);
  if (!columns) {
    columns = seedFieldIds(meta).map((id) => ({
      header: id.startsWith('termino.') ? id.slice('termino.'.length) : id,
      target: id,
    }));
    for (const lang of languagesOf(meta)) {
      columns.push({ header: `otros_terminos_${lang}`, target: `otros_terminos.${lang}` });
      columns.push({ header: `estados_${lang}`, target: `estados.${lang}` });
    }
    columns.push({ header: 'estado_revision', target: 'estado_revision' });
    for (const id of laterFieldIds(meta)) columns.push({ header: id, target: id });
    columnsByLanguages.set(key, columns);
  }
  return columns;
}

/** The CSV header row's cells. */
export function csvHeaders(meta: GlossaryLanguages): string[] {
  return csvColumns(meta).map((c) => c.header);
}

/**
 * The mapping of a header row that is this glossary's own CSV export (every column one of
 * `csvHeaders`, a term among them, in any order): the import needs no header pass then.
 * `null` for any other header row, which the user maps.
 */
export function ownCsvMapping(headers: readonly string[], meta: GlossaryLanguages): ImportMapping | null {
  const byHeader = new Map(csvColumns(meta).map((c) => [c.header, c.target]));
  const mapping: ImportMapping = {};
  for (const header of headers) {
    const target = byHeader.get(header);
    if (target === undefined) return null;
    mapping[header] = target;
  }
  return Object.values(mapping).some(isTermTarget) ? mapping : null;
}

/**
 * The cells of an entry's row, in `csvHeaders` order, as stored (`null` when empty, no CSV
 * escaping): what the CSV and the XLSX exports write.
 */
export function csvRowCells(meta: GlossaryLanguages): (entry: ExportEntry) => (string | null)[] {
  const ids = seedFieldIds(meta);
  const later = laterFieldIds(meta);
  const langs = languagesOf(meta);
  return (entry) => {
    const cells = ids.map((id) => getField(entry, id));
    for (const lang of langs) {
      const terms = termCells(entry, lang);
      cells.push(terms.otros, terms.estados);
    }
    cells.push(entry.estado_revision ?? null);
    for (const id of later) cells.push(getField(entry, id));
    return cells;
  };
}

/** CSV export, streamed: UTF-8 with BOM (so Excel reads the accents), CRLF, a header row. */
export async function* writeCsv(entries: EntrySource, meta: GlossaryMeta): AsyncGenerator<string> {
  const rowCells = csvRowCells(meta);
  const batcher = new TextBatcher();
  batcher.push(`\uFEFF${csvHeaders(meta).join(',')}\r\n`);
  for await (const entry of entries) {
    const batch = batcher.push(`${rowCells(entry).map(escapeCsvCell).join(',')}\r\n`);
    if (batch) yield batch;
  }
  yield batcher.flush();
}
