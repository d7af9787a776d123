import type { ImportFormat } from '@ludoterm/contract';
import iconv from 'iconv-lite';
import { FormatError } from './errors.ts';
import { entityDeclarationError } from './xml/xml-units.ts';
import { isZip } from './zip/zip-reader.ts';

/** What the content of a file looks like. csv and tsv differ only by their likely delimiter. */
export type SniffedFormat = 'csv' | 'tsv' | 'json' | 'tmx' | 'tbx';

export const FORMAT_NAMES: Record<ImportFormat, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  xlsx: 'XLSX',
  json: 'JSON',
  tmx: 'TMX',
  tbx: 'TBX',
};

interface Inspection {
  format: SniffedFormat | null;
  /** Local name of the root element, for XML. */
  xmlRoot?: string;
  /** A binary file type recognised by its signature. */
  binary?: string;
  /** A ZIP (an .xlsx if the workbook check agrees) or an OLE compound file (.xls, or a password). */
  container?: 'zip' | 'ole';
  /** XML whose DOCTYPE declares entities: refused whatever the format. */
  entities?: boolean;
}

const TBX_ROOTS = new Set(['martif', 'tbx', 'martifheader', 'termentry', 'conceptentry', 'tbxheader']);

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return (colon === -1 ? qname : qname.slice(colon + 1)).toLowerCase();
}

interface XmlProlog {
  root: string | null;
  /** The name the DOCTYPE declares (`tmx`, `martif`), if any. */
  doctype: string | null;
  entities: boolean;
}

/** The root element's name, skipping the XML declaration, PIs, comments and the DOCTYPE. */
function readProlog(text: string): XmlProlog {
  const prolog: XmlProlog = { root: null, doctype: null, entities: false };
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n && /\s/.test(text[i]!)) i += 1;
    if (i >= n || text[i] !== '<') return prolog;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) return prolog;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) return prolog;
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      const name = /^<!DOCTYPE\s+([\w.:-]+)/i.exec(text.slice(i, i + 200));
      if (name) prolog.doctype = name[1]!;
      // DOCTYPE, with an optional internal subset in brackets.
      let depth = 0;
      let j = i + 2;
      for (; j < n; j += 1) {
        const c = text[j];
        if (c === '[') depth += 1;
        else if (c === ']') depth -= 1;
        else if (c === '>' && depth <= 0) break;
      }
      if (/<!ENTITY/i.test(text.slice(i, j))) prolog.entities = true;
      if (j >= n) return prolog;
      i = j + 1;
    } else {
      const match = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i, i + 200));
      prolog.root = match ? match[1]! : null;
      return prolog;
    }
  }
}

/** Whether text starting with `[` or `{` really begins a JSON value (`[tag],x` is CSV). */
function looksLikeJson(text: string): boolean {
  const open = text[0];
  let i = 1;
  while (i < text.length && /\s/.test(text[i]!)) i += 1;
  if (i >= text.length) return true;
  const c = text[i]!;
  if (open === '{') return c === '"' || c === '}';
  if ('{["]-'.includes(c) || (c >= '0' && c <= '9')) return true;
  return /^(?:true|false|null)\b/.test(text.slice(i, i + 6));
}

/** A complete start tag, so that a delimited file whose first term is `<x` is not taken for XML. */
const START_TAG = /^<[A-Za-z_][\w.:-]*(?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*\/?>/;

function looksLikeXml(text: string): boolean {
  return /^<(?:\?xml|!--|!DOCTYPE)/i.test(text) || START_TAG.test(text);
}

function inspectText(raw: string): Inspection {
  const text = (raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw).trimStart();
  if (looksLikeXml(text)) {
    const prolog = readProlog(text);
    const root = prolog.root ?? prolog.doctype;
    const base = { entities: prolog.entities };
    if (root === null) {
      if (/<(?:\w+:)?tuv?\b/.test(text)) return { ...base, format: 'tmx' };
      if (/<(?:\w+:)?(?:termEntry|conceptEntry|langSet|langSec)\b/.test(text)) return { ...base, format: 'tbx' };
      return { ...base, format: null, xmlRoot: '?' };
    }
    const local = localName(root);
    if (local === 'tmx') return { ...base, format: 'tmx', xmlRoot: root };
    if (TBX_ROOTS.has(local)) return { ...base, format: 'tbx', xmlRoot: root };
    if (/<(?:\w+:)?(?:termEntry|conceptEntry)\b/.test(text)) return { ...base, format: 'tbx', xmlRoot: root };
    if (/<(?:\w+:)?tu\b/.test(text)) return { ...base, format: 'tmx', xmlRoot: root };
    return { ...base, format: null, xmlRoot: root };
  }
  if ((text.startsWith('{') || text.startsWith('[')) && looksLikeJson(text)) return { format: 'json' };
  if (text.includes('\u0000')) return { format: null, binary: 'binario' };
  // Delimited text: tabs on the first record decide between tsv and csv.
  const firstLine = text.slice(0, Math.max(0, text.indexOf('\n')) || text.length);
  const tabs = firstLine.split('\t').length - 1;
  const others = Math.max(firstLine.split(',').length - 1, firstLine.split(';').length - 1);
  return { format: tabs > 0 && tabs >= others ? 'tsv' : 'csv' };
}

/** Whether the bytes start like an OLE compound file: an old .xls or .doc, or an encrypted .xlsx. */
function isOleFile(b: Uint8Array): boolean {
  return b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;
}

function binaryInspection(b: Uint8Array): Inspection | null {
  if (b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46) return { format: null, binary: 'PDF' };
  if (isZip(b)) return { format: null, binary: 'ZIP (Excel .xlsx, Word .docx u otro)', container: 'zip' };
  if (isOleFile(b)) return { format: null, binary: 'Excel o Word antiguo (.xls, .doc)', container: 'ole' };
  if (b[0] === 0x1f && b[1] === 0x8b) return { format: null, binary: 'comprimido (gzip)' };
  return null;
}

/**
 * The refusal of an OLE compound file chosen as XLSX: Excel saves a workbook with a password,
 * and a pre-2007 workbook, in that container, which only its own application can open.
 */
function oleWorkbookError(): FormatError {
  return new FormatError(
    'FORMAT_MISMATCH',
    'El archivo es un libro de Excel protegido con contraseña o en el formato antiguo .xls, que no se pueden ' +
      'importar. Ábrelo en Excel o LibreOffice, quítale la contraseña si la tiene y guárdalo como ' +
      '«Libro de Excel (.xlsx)»; luego vuelve a importarlo.',
  );
}

function decodeLeniently(b: Uint8Array): string {
  const buffer = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (b[0] === 0xff && b[1] === 0xfe) return iconv.decode(buffer, 'utf-16le');
  if (b[0] === 0xfe && b[1] === 0xff) return iconv.decode(buffer, 'utf-16be');
  if (b[0] === 0x3c && b[1] === 0x00) return iconv.decode(buffer, 'utf-16le');
  if (b[0] === 0x00 && b[1] === 0x3c) return iconv.decode(buffer, 'utf-16be');
  // Mostly-ASCII UTF-16 without BOM: zero bytes in every other position.
  let oddZeros = 0;
  let evenZeros = 0;
  const n = Math.min(b.length, 1024) & ~1;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZeros += 1;
    if (b[i + 1] === 0) oddZeros += 1;
  }
  if (n >= 4 && oddZeros > n * 0.15 && evenZeros === 0) return iconv.decode(buffer, 'utf-16le');
  if (n >= 4 && evenZeros > n * 0.15 && oddZeros === 0) return iconv.decode(buffer, 'utf-16be');
  return new TextDecoder('utf-8').decode(b);
}

function inspectBytes(firstBytes: Uint8Array): Inspection {
  return binaryInspection(firstBytes) ?? inspectText(decodeLeniently(firstBytes));
}

/** What a file's first KiB look like; `null` for binary files and XML other than TMX or TBX. */
export function sniffFormat(firstBytes: Uint8Array): SniffedFormat | null {
  return inspectBytes(firstBytes).format;
}

/** The same as `sniffFormat`, on already decoded text. */
export function sniffText(head: string): SniffedFormat | null {
  return inspectText(head).format;
}

/** Whether content sniffed as `sniffed` may be read as `formato` (csv and tsv read each other). */
export function isFormatCompatible(formato: ImportFormat, sniffed: SniffedFormat | null): boolean {
  if (sniffed === formato) return true;
  return (formato === 'csv' || formato === 'tsv') && (sniffed === 'csv' || sniffed === 'tsv');
}

function mismatchError(formato: ImportFormat, inspection: Inspection): FormatError {
  const chosen = `Has elegido el formato ${FORMAT_NAMES[formato]}`;
  let what: string;
  if (formato === 'xlsx') {
    what = inspection.binary
      ? `el archivo no es un libro de Excel .xlsx (parece ${inspection.binary}). Comprueba que has subido el archivo correcto.`
      : inspection.format === null
        ? `el archivo es un XML cuya raíz es <${inspection.xmlRoot ?? '?'}>, no un libro de Excel .xlsx. ` +
          'Comprueba que has subido el archivo correcto.'
        : `el contenido del archivo es ${FORMAT_NAMES[inspection.format]}, no un libro de Excel .xlsx. ` +
          `Elige el formato ${FORMAT_NAMES[inspection.format]} o comprueba que has subido el archivo correcto.`;
  } else if (inspection.container === 'zip') {
    what =
      `el archivo no es de texto (parece ${inspection.binary}). Si es un libro de Excel, elige el formato XLSX; ` +
      'si es otra cosa, exporta el glosario como «CSV UTF-8» y vuelve a importarlo.';
  } else if (inspection.binary) {
    what =
      `el archivo no es de texto (parece ${inspection.binary}). Si es una hoja de cálculo, expórtala como ` +
      '«CSV UTF-8» y vuelve a importarla.';
  } else if (inspection.format === null) {
    what =
      `el archivo es un XML cuya raíz es <${inspection.xmlRoot ?? '?'}>, que no es TMX (<tmx>) ni TBX ` +
      '(<martif> o <tbx>). Exporta el glosario desde tu herramienta como TMX o TBX.';
  } else {
    const seen = FORMAT_NAMES[inspection.format];
    what = `el contenido del archivo es ${seen}. Elige el formato ${seen} o comprueba que has subido el archivo correcto.`;
  }
  return new FormatError('FORMAT_MISMATCH', `${chosen}, pero ${what}`);
}

function check(formato: ImportFormat, inspection: Inspection): void {
  if (inspection.entities) throw entityDeclarationError();
  if (formato === 'xlsx') {
    // Whether the ZIP holds a workbook is the XLSX reader's check (checkWorkbook).
    if (inspection.container === 'zip') return;
    if (inspection.container === 'ole') throw oleWorkbookError();
  }
  if (!isFormatCompatible(formato, inspection.format)) throw mismatchError(formato, inspection);
}

/** `FORMAT_MISMATCH` if the bytes contradict `formato`; `XML_ENTITY_FORBIDDEN` for entities. */
export function assertFormatMatches(formato: ImportFormat, firstBytes: Uint8Array): void {
  check(formato, inspectBytes(firstBytes));
}

/** The same as `assertFormatMatches`, on the decoded head of a file. */
export function assertTextFormatMatches(formato: ImportFormat, head: string): void {
  check(formato, inspectText(head));
}
