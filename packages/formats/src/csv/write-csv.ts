import { cardFieldIds, type EntrySource, getField, type GlossaryMeta } from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { guardFormula } from './spreadsheet-formula.ts';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function escapeCsvCell(value: string | null): string {
  if (value === null || value === '') return '';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV header: the language codes for the terms, then the card's field ids. */
export function csvHeaders(meta: GlossaryMeta): string[] {
  return cardFieldIds(meta).map((id) => (id.startsWith('termino.') ? id.slice('termino.'.length) : id));
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
