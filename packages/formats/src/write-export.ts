import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@ludoterm/contract';
import { writeCsv } from './csv/write-csv.ts';
import { writeTsv } from './csv/write-tsv.ts';
import { writeJson } from './json/write-json.ts';
import type { EntrySource, GlossaryMeta } from './model.ts';
import { writePdf } from './pdf/write-pdf.ts';
import { writeTbx } from './tbx/write-tbx.ts';
import { writeTmx } from './tmx/write-tmx.ts';
import { writeXlsx } from './xlsx/write-xlsx.ts';

export interface WriteExportOptions {
  /** TBX only: 2 (TBX-Basic `martif`, the default) or 3. */
  version?: 2 | 3;
  /** The export date written in headers and on the PDF title page (now by default). */
  fecha?: Date;
}

async function* encodeUtf8(text: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for await (const chunk of text) if (chunk.length > 0) yield encoder.encode(chunk);
}

/** Any export as UTF-8 bytes, streamed from `entries` (which may come from keyset pages). */
export function writeExport(
  formato: ExportFormat,
  entries: EntrySource,
  meta: GlossaryMeta,
  options: WriteExportOptions = {},
): AsyncGenerator<Uint8Array> {
  const fecha = options.fecha ?? new Date();
  switch (formato) {
    case 'json':
      return encodeUtf8(writeJson(entries, meta, { fecha }));
    case 'csv':
      return encodeUtf8(writeCsv(entries, meta));
    case 'tsv':
      return encodeUtf8(writeTsv(entries, meta));
    case 'xlsx':
      return writeXlsx(entries, meta);
    case 'tmx':
      return encodeUtf8(writeTmx(entries, meta, { fecha }));
    case 'tbx':
      return encodeUtf8(writeTbx(entries, meta, { version: options.version ?? 2, fecha }));
    case 'pdf':
      return writePdf(entries, meta, { fecha });
  }
}

/** The download name: `{nombre_seguro}.{formato}`. */
export function exportFileName(meta: Pick<GlossaryMeta, 'nombre_seguro'>, formato: ExportFormat): string {
  return `${meta.nombre_seguro}.${formato}`;
}

/** The Content-Type of an export (the contract's table). */
export function exportContentType(formato: ExportFormat): string {
  return EXPORT_CONTENT_TYPES[formato];
}
