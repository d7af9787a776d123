import { type EntrySource, getField, type GlossaryMeta } from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';
import { flattenTsvValue, formatTsvComment } from './tsv-comment.ts';

/**
 * A TSV cell: tabs and line breaks flattened to spaces (the format is one entry per line); a
 * value that starts with `"` is quoted with its quotes doubled, so no reader mistakes it for a
 * quoted field.
 */
function tsvCell(value: string | null): string {
  if (value === null) return '';
  const flat = flattenTsvValue(value.trim());
  return flat.startsWith('"') ? `"${flat.replaceAll('"', '""')}"` : flat;
}

/**
 * TSV export in the OmegaT and CafeTran glossary layout, streamed: UTF-8 without BOM, no header,
 * one line per entry: `término base TAB término meta TAB comentario`, where the comment holds
 * every other non-empty card field as `Etiqueta: valor` joined by ` | `.
 */
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
