import type { ImportFormat, ImportMapping } from '@ludoterm/contract';
import { readDelimited } from './csv/read-delimited.ts';
import { FormatError } from './errors.ts';
import type { ImportPlan } from './import-plan.ts';
import { readJson } from './json/read-json.ts';
import type { GlossaryLanguages } from './model.ts';
import { assertFormatMatches, assertTextFormatMatches } from './sniff-format.ts';
import { readTbx } from './tbx/read-tbx.ts';
import { type ByteSource, iterateBytes, peekText } from './text/byte-source.ts';
import { decodeText } from './text/decode-text.ts';
import { readTmx } from './tmx/read-tmx.ts';
import { readXlsx } from './xlsx/read-xlsx.ts';

export interface ReadImportOptions extends GlossaryLanguages {
  /** The reader to use (the user's choice); the content must agree with it. */
  formato: ImportFormat;
  /** Column mapping, after a header pass. */
  mapping?: ImportMapping | undefined;
  /** Refuse with `TOO_LARGE` past this many bytes. */
  maxBytes?: number | undefined;
}

/** What `readImportFile` answers: the plan, and the encoding the file was read in (`xlsx` for a workbook). */
export type ImportReading = ImportPlan & { codificacion: string };

const SNIFF_CHARS = 4096;

/** An .xlsx is a ZIP, not text: read whole (within `maxBytes`), checked, then its first sheet. */
async function readWorkbookFile(input: ByteSource, options: ReadImportOptions): Promise<ImportReading> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of iterateBytes(input, options.maxBytes)) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) {
    throw new FormatError('EMPTY_FILE', 'El archivo está vacío: no hay nada que importar.');
  }
  assertFormatMatches('xlsx', bytes.subarray(0, SNIFF_CHARS));
  const { idioma_origen, idioma_meta, mapping } = options;
  return { ...(await readXlsx(bytes, { idioma_origen, idioma_meta, mapping })), codificacion: 'xlsx' };
}

/** Reads an uploaded file: decodes it, checks it is the chosen `formato`, and answers the plan. */
export async function readImportFile(input: ByteSource, options: ReadImportOptions): Promise<ImportReading> {
  if (options.formato === 'xlsx') return readWorkbookFile(input, options);
  const decoded = await decodeText(input, { maxBytes: options.maxBytes });
  const { head, text } = await peekText(decoded.chunks, SNIFF_CHARS);
  if (head.trim() === '' && head.length < SNIFF_CHARS) {
    throw new FormatError('EMPTY_FILE', 'El archivo solo contiene espacios o líneas en blanco: no hay nada que importar.');
  }
  assertTextFormatMatches(options.formato, head);
  const langs: GlossaryLanguages = { idioma_origen: options.idioma_origen, idioma_meta: options.idioma_meta };
  const codificacion = decoded.encoding;
  switch (options.formato) {
    case 'csv':
    case 'tsv':
      return { ...(await readDelimited(text, { ...langs, formato: options.formato, mapping: options.mapping })), codificacion };
    case 'json':
      return { ...(await readJson(text, { ...langs, mapping: options.mapping })), codificacion };
    case 'tmx':
      return { tipo: 'entradas', entradas: readTmx(text, langs), codificacion };
    case 'tbx':
      return { tipo: 'entradas', entradas: readTbx(text, langs), codificacion };
  }
}
