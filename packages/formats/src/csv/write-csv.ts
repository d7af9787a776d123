import type { ImportMapping } from '@ludoterm/contract';
import {
  cardFieldIds,
  type EntrySource,
  getField,
  type GlossaryLanguages,
  type GlossaryMeta,
} from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { guardFormula } from './spreadsheet-formula.ts';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function escapeCsvCell(value: string | null): string {
  if (value === null || value === '') return '';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV header: the language codes for the terms, then the card's field ids. */
export function csvHeaders(meta: GlossaryLanguages): string[] {
  return cardFieldIds(meta).map((id) => (id.startsWith('termino.') ? id.slice('termino.'.length) : id));
}

/**
 * The mapping of a header row that is this glossary's own CSV export (every column one of
 * `csvHeaders`, a term among them, in any order): the import needs no header pass then.
 * `null` for any other header row, which the user maps.
 */
export function ownCsvMapping(headers: readonly string[], meta: GlossaryLanguages): ImportMapping | null {
  const ids = cardFieldIds(meta);
  const byHeader = new Map(csvHeaders(meta).map((header, i) => [header, ids[i]!]));
  const mapping: ImportMapping = {};
  for (const header of headers) {
    const id = byHeader.get(header);
    if (id === undefined) return null;
    mapping[header] = id;
  }
  return Object.values(mapping).some((id) => id.startsWith('termino.')) ? mapping : null;
}

/** CSV export, streamed: UTF-8 with BOM (so Excel reads the accents), CRLF, a header row. */
export async function* writeCsv(entries: EntrySource, meta: GlossaryMeta): AsyncGenerator<string> {
  const ids = cardFieldIds(meta);
  const batcher = new TextBatcher();
  batcher.push(`\uFEFF${csvHeaders(meta).join(',')}\r\n`);
  for await (const entry of entries) {
    const batch = batcher.push(`${ids.map((id) => escapeCsvCell(getField(entry, id))).join(',')}\r\n`);
    if (batch) yield batch;
  }
  yield batcher.flush();
}
