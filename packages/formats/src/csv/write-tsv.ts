import { type EntrySource, getField, type GlossaryMeta } from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { guardFormula } from './spreadsheet-formula.ts';
import { flattenTsvValue, formatTsvComment } from './tsv-comment.ts';

/**
 * A TSV cell: tabs and line breaks flattened (one entry per line); formula starters guarded as
 * in CSV, since spreadsheets open .tsv files too; a value starting with `"` is quoted, so that
 * no reader mistakes it for a quoted field.
 */
function tsvCell(value: string | null): string {
  if (value === null) return '';
  const flat = guardFormula(flattenTsvValue(value.trim()));
  return flat.startsWith('"') ? `"${flat.replaceAll('"', '""')}"` : flat;
}

/** TSV in the OmegaT/CafeTran glossary layout: no BOM, no header, `term TAB term TAB comment`. */
export async function* writeTsv(entries: EntrySource, meta: GlossaryMeta): AsyncGenerator<string> {
  const batcher = new TextBatcher();
  for await (const entry of entries) {
    const line =
      `${tsvCell(getField(entry, `termino.${meta.idioma_origen}`))}\t` +
      `${tsvCell(getField(entry, `termino.${meta.idioma_meta}`))}\t` +
      `${tsvCell(formatTsvComment(entry, meta) || null)}\n`;
    const batch = batcher.push(line);
    if (batch) yield batch;
  }
  yield batcher.flush();
}
