import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ExtractionError } from '../errors.ts';

/** What the first bytes of a file say it is, whatever its name claims. */
export type SniffedKind = 'pdf' | 'zip' | 'ole' | 'utf16' | 'utf32' | 'binary' | 'text';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  for (let i = 0; i < magic.length; i += 1) if (bytes[at + i] !== magic[i]) return false;
  return true;
}

/** Offset of "%PDF-" within the first KiB (the PDF standard tolerates leading junk), or -1. */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  const limit = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= limit; i += 1) if (startsWith(bytes, PDF_MAGIC, i)) return i;
  return -1;
}

/** Looks at magic numbers and control characters to tell what a file really holds. */
export function sniffKind(bytes: Uint8Array): SniffedKind {
  if (pdfHeaderOffset(bytes) >= 0) return 'pdf';
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, ZIP_EMPTY)) return 'zip';
  if (startsWith(bytes, OLE_MAGIC)) return 'ole';
  if (startsWith(bytes, [0x00, 0x00, 0xfe, 0xff]) || startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) return 'utf32';
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'utf16';
  // Text has no NUL bytes and few control characters besides tab, LF, CR and form feed.
  const n = Math.min(bytes.length, 65_536);
  let controls = 0;
  for (let i = 0; i < n; i += 1) {
    const b = bytes[i] as number;
    if (b === 0) {
      // UTF-16 without a byte order mark: every other byte is NUL in Latin text.
      return looksLikeBomlessUtf16(bytes) ? 'utf16' : 'binary';
    }
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1a) controls += 1;
  }
  return n > 0 && controls / n > 0.01 ? 'binary' : 'text';
}

function looksLikeBomlessUtf16(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 8) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = n / 2;
  return (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) || (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

// chardet names the closest ISO charset; the Windows code pages are supersets that also give
// meaning to 0x80–0x9F (curly quotes, dashes), which is what real files with those bytes mean.
const WINDOWS_EQUIVALENT: Readonly<Record<string, string>> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-15': 'windows-1252',
  'ISO-8859-2': 'windows-1250',
  'ISO-8859-5': 'windows-1251',
  'ISO-8859-7': 'windows-1253',
  'ISO-8859-8': 'windows-1255',
  'ISO-8859-9': 'windows-1254',
};

/** Decodes a text file by its byte order mark, else as strict UTF-8, else by chardet's guess. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: decodeWith(bytes.subarray(3), 'utf-8'), encoding: 'UTF-8' };
  if (startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) return { text: decodeWith(bytes.subarray(4), 'utf-32le'), encoding: 'UTF-32LE' };
  if (startsWith(bytes, [0x00, 0x00, 0xfe, 0xff])) return { text: decodeWith(bytes.subarray(4), 'utf-32be'), encoding: 'UTF-32BE' };
  if (startsWith(bytes, [0xff, 0xfe])) return { text: decodeWith(bytes.subarray(2), 'utf-16le'), encoding: 'UTF-16LE' };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: decodeWith(bytes.subarray(2), 'utf-16be'), encoding: 'UTF-16BE' };
  try {
    return { text: UTF8.decode(bytes), encoding: 'UTF-8' };
  } catch {
    // not UTF-8: guess below
  }
  const sample = bytes.subarray(0, 256 * 1024);
  let guess = chardet.detect(sample) ?? 'windows-1252';
  if (guess === 'UTF-8') guess = 'windows-1252'; // strict decoding already failed
  if (guess.startsWith('UTF-16') || guess.startsWith('UTF-32')) {
    guess = looksLikeBomlessUtf16(bytes) ? (bytes[0] === 0 ? 'utf-16be' : 'utf-16le') : 'windows-1252';
  }
  const encoding = Object.hasOwn(WINDOWS_EQUIVALENT, guess) ? (WINDOWS_EQUIVALENT[guess] as string) : guess;
  return { text: decodeWith(bytes, encoding), encoding };
}

function decodeWith(bytes: Uint8Array, encoding: string): string {
  const name = iconv.encodingExists(encoding) ? encoding : 'windows-1252';
  try {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name, { stripBOM: true });
  } catch (error) {
    throw new ExtractionError('ARCHIVO_CORRUPTO', 'No se pudo leer la codificación del archivo de texto.', { cause: error });
  }
}
