import chardet from 'chardet';
import iconv from 'iconv-lite';
import { FormatError } from '../errors.ts';
import { type ByteSource, iterateBytes } from './byte-source.ts';

export interface DecodedText {
  /** The encoding used, lower-case (`utf-8`, `utf-16le`, `windows-1252`…). */
  encoding: string;
  /** The encoding the file declared (XML declaration), if any. */
  declarada: string | null;
  origen: 'bom' | 'declaracion' | 'deteccion' | 'defecto';
  /** Whether the text starts like XML (its first non-blank character is `<`). */
  xml: boolean;
  /** The text, BOM removed, chunk by chunk. Iterate it once. */
  chunks: AsyncIterable<string>;
}

export interface DecodeTextOptions {
  /** Refuse with `TOO_LARGE` past this many bytes. */
  maxBytes?: number;
}

/** Bytes examined before deciding the encoding. */
const HEAD_BYTES = 64 * 1024;

/** Single-byte code pages the detector may choose for a file that is not UTF-8. */
const SINGLE_BYTE = new Set([
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'iso-8859-2',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-9',
  'koi8-r',
]);

type Bom = 'utf-8' | 'utf-16le' | 'utf-16be';

function detectBom(b: Uint8Array): Bom | 'utf-32' | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0x00 && b[3] === 0x00) return 'utf-32';
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0xfe && b[3] === 0xff) return 'utf-32';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return null;
}

const BOM_LENGTH: Record<Bom, number> = { 'utf-8': 3, 'utf-16le': 2, 'utf-16be': 2 };

/** The Unicode family a name belongs to, or `null` for legacy code pages. */
function unicodeFamily(name: string): 'utf-8' | 'utf-16' | 'utf-32' | null {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (n === 'utf8') return 'utf-8';
  if (n.startsWith('utf16') || n === 'ucs2' || n === 'unicode') return 'utf-16';
  if (n.startsWith('utf32') || n === 'ucs4') return 'utf-32';
  return null;
}

/**
 * The index of the first byte of an invalid UTF-8 sequence, or -1 when the bytes are valid
 * UTF-8 (an incomplete sequence at the very end counts as valid: the next chunk may finish it).
 */
export function findInvalidUtf8(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) need = 2;
    else if (c >= 0xf0 && c <= 0xf4) need = 3;
    else return i;
    for (let k = 1; k <= need; k += 1) {
      if (i + k >= n) return -1;
      const cc = b[i + k]!;
      if ((cc & 0xc0) !== 0x80) return i;
      if (k === 1) {
        if (c === 0xe0 && cc < 0xa0) return i;
        if (c === 0xed && cc > 0x9f) return i;
        if (c === 0xf0 && cc < 0x90) return i;
        if (c === 0xf4 && cc > 0x8f) return i;
      }
    }
    i += need + 1;
  }
  return -1;
}

function hasNonAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

function hasNonAscii(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i += 1) if (b[i]! >= 0x80) return true;
  return false;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

function asBuffer(b: Uint8Array): Buffer {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

/** The encoding named in an XML declaration at the start of the text, if any. */
export function declaredXmlEncoding(head: string): string | null {
  const match = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._:-]*)\1/.exec(head);
  return match ? match[2]!.toLowerCase() : null;
}

/** UTF-16 without a BOM, guessed from where the zero bytes fall in mostly-ASCII text. */
function guessUtf16WithoutBom(b: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZeros += 1;
    if (b[i + 1] === 0) oddZeros += 1;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** The most likely single-byte code page of bytes that are not UTF-8. */
function detectSingleByte(b: Uint8Array): string {
  for (const match of chardet.analyse(b)) {
    const name = match.name.toLowerCase();
    if (name === 'iso-8859-1') return 'windows-1252';
    if (SINGLE_BYTE.has(name)) return name;
  }
  return 'windows-1252';
}

/** Encodings decoded as their superset, as browsers do: the C1 range of these is cp1252's. */
function decodingName(encoding: string): string {
  const n = encoding.toLowerCase();
  if (n === 'iso-8859-1' || n === 'latin1' || n === 'latin-1' || n === 'us-ascii' || n === 'ascii') {
    return 'windows-1252';
  }
  return n;
}

function mismatch(detail: string, linea?: number, columna?: number): FormatError {
  return new FormatError('ENCODING_MISMATCH', detail, linea === undefined ? undefined : { linea, columna });
}

/** Counts lines so a decoding error can name the line where it happened. */
class LineCounter {
  line = 1;
  column = 1;
  add(text: string): void {
    let last = -1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      this.line += 1;
      last = i;
    }
    this.column = last === -1 ? this.column + text.length : text.length - last;
  }
}

interface Plan {
  encoding: string;
  origen: DecodedText['origen'];
  declarada: string | null;
  /** Bytes of BOM to skip at the start. */
  skip: number;
  /** `strict-utf8`: a byte that is not UTF-8 is an error; `tentative`: ASCII so far. */
  mode: 'strict-utf8' | 'tentative' | 'utf16' | 'legacy';
  xml: boolean;
}

function firstNonBlankByte(b: Uint8Array, from: number): number | undefined {
  for (let i = from; i < b.length; i += 1) {
    const c = b[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return c;
  }
  return undefined;
}

function planDecoding(head: Uint8Array): Plan {
  const bom = detectBom(head);
  if (bom === 'utf-32') {
    throw new FormatError(
      'ENCODING_UNSUPPORTED',
      'El archivo está en UTF-32, que LudoTerm no admite. Guárdalo como UTF-8 y vuelve a importarlo.',
    );
  }
  if (bom) {
    const skip = BOM_LENGTH[bom];
    const sample =
      bom === 'utf-8' ? asBuffer(head.subarray(skip, skip + 512)).toString('latin1') : decodeUtf16Sample(head.subarray(skip), bom);
    const xml = sample.trimStart().startsWith('<');
    const declared = xml ? declaredXmlEncoding(sample) : null;
    if (declared) {
      const family = unicodeFamily(declared);
      const bomFamily = bom === 'utf-8' ? 'utf-8' : 'utf-16';
      if (family !== bomFamily && (family !== null || bomFamily === 'utf-16')) {
        throw mismatch(
          `El archivo declara la codificación ${declared.toUpperCase()} pero empieza con la marca de orden de bytes (BOM) de ` +
            `${bom.toUpperCase()}. Corrige la declaración (encoding="${bom === 'utf-8' ? 'UTF-8' : 'UTF-16'}") o vuelve a guardar el archivo en ${declared.toUpperCase()}.`,
          1,
          1,
        );
      }
    }
    return {
      encoding: bom,
      origen: 'bom',
      declarada: declared,
      skip,
      mode: bom === 'utf-8' ? 'strict-utf8' : 'utf16',
      xml,
    };
  }

  // XML without BOM: XML 1.0 appendix F.
  if (head[0] === 0x3c && head[1] === 0x00 && head[2] === 0x3f && head[3] === 0x00) {
    return utf16Xml(head, 'utf-16le');
  }
  if (head[0] === 0x00 && head[1] === 0x3c && head[2] === 0x00 && head[3] === 0x3f) {
    return utf16Xml(head, 'utf-16be');
  }
  const xml = firstNonBlankByte(head, 0) === 0x3c;
  if (xml) {
    const declared = declaredXmlEncoding(asBuffer(head.subarray(0, 512)).toString('latin1'));
    if (!declared) return { encoding: 'utf-8', origen: 'defecto', declarada: null, skip: 0, mode: 'strict-utf8', xml };
    const family = unicodeFamily(declared);
    if (family === 'utf-16') {
      throw mismatch(
        `El archivo declara la codificación ${declared.toUpperCase()}, pero sus bytes son de una codificación de un byte por carácter ` +
          '(como UTF-8). Corrige la declaración (encoding="UTF-8") o guarda el archivo de verdad en UTF-16.',
        1,
        1,
      );
    }
    if (family === 'utf-32' || !iconv.encodingExists(decodingName(declared))) {
      throw new FormatError(
        'ENCODING_UNSUPPORTED',
        `El archivo declara la codificación «${declared}», que LudoTerm no conoce. Guárdalo como UTF-8 y vuelve a importarlo.`,
        { linea: 1, columna: 1 },
      );
    }
    if (family === 'utf-8') return { encoding: 'utf-8', origen: 'declaracion', declarada: declared, skip: 0, mode: 'strict-utf8', xml };
    if (hasNonAscii(head) && findInvalidUtf8(head) === -1) {
      throw mismatch(
        `El archivo declara la codificación ${declared.toUpperCase()}, pero su contenido está en UTF-8. ` +
          'Corrige la declaración (encoding="UTF-8") y vuelve a importarlo.',
        1,
        1,
      );
    }
    return { encoding: declared, origen: 'declaracion', declarada: declared, skip: 0, mode: 'legacy', xml };
  }

  const utf16 = guessUtf16WithoutBom(head);
  if (utf16) {
    const sample = decodeUtf16Sample(head, utf16);
    return {
      encoding: utf16,
      origen: 'deteccion',
      declarada: null,
      skip: 0,
      mode: 'utf16',
      xml: sample.trimStart().startsWith('<'),
    };
  }
  if (!hasNonAscii(head)) return { encoding: 'utf-8', origen: 'defecto', declarada: null, skip: 0, mode: 'tentative', xml };
  const invalid = findInvalidUtf8(head);
  // Valid UTF-8 before the first bad byte: a UTF-8 file with a broken part, an error naming the line.
  if (invalid === -1 || hasNonAscii(head.subarray(0, invalid))) {
    return { encoding: 'utf-8', origen: 'deteccion', declarada: null, skip: 0, mode: 'strict-utf8', xml };
  }
  return { encoding: detectSingleByte(head), origen: 'deteccion', declarada: null, skip: 0, mode: 'legacy', xml };
}

function decodeUtf16Sample(b: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  return iconv.decode(asBuffer(b.subarray(0, 1024 & ~1)), encoding, { stripBOM: false });
}

function utf16Xml(head: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): Plan {
  const declared = declaredXmlEncoding(decodeUtf16Sample(head, encoding));
  if (declared && unicodeFamily(declared) !== 'utf-16') {
    throw mismatch(
      `El archivo declara la codificación ${declared.toUpperCase()}, pero sus bytes están en UTF-16. ` +
        'Corrige la declaración (encoding="UTF-16") o guarda el archivo en la codificación que declara.',
      1,
      1,
    );
  }
  return { encoding, origen: 'deteccion', declarada: declared, skip: 0, mode: 'utf16', xml: true };
}

/**
 * Turns a file's bytes into text, streaming: BOM, else XML declaration, else UTF-8 when valid, else
 * the likeliest code page; contradictions are `ENCODING_MISMATCH` errors naming the line.
 */
export async function decodeText(input: ByteSource, options: DecodeTextOptions = {}): Promise<DecodedText> {
  const source = iterateBytes(input, options.maxBytes ?? Infinity);
  const headParts: Uint8Array[] = [];
  let headLength = 0;
  let exhausted = false;
  while (headLength < HEAD_BYTES) {
    const step = await source.next();
    if (step.done) {
      exhausted = true;
      break;
    }
    headParts.push(step.value);
    headLength += step.value.byteLength;
  }
  const head = concat(headParts);
  if (head.byteLength === 0) {
    throw new FormatError('EMPTY_FILE', 'El archivo está vacío (0 bytes). Elige el archivo correcto y vuelve a importarlo.');
  }
  const plan = planDecoding(head);

  async function* remaining(): AsyncGenerator<Uint8Array> {
    yield plan.skip > 0 ? head.subarray(plan.skip) : head;
    if (exhausted) return;
    for (;;) {
      const step = await source.next();
      if (step.done) return;
      yield step.value;
    }
  }

  return {
    encoding: plan.encoding,
    declarada: plan.declarada,
    origen: plan.origen,
    xml: plan.xml,
    chunks: decodeChunks(remaining(), plan),
  };
}

async function* decodeChunks(bytes: AsyncIterable<Uint8Array>, plan: Plan): AsyncGenerator<string> {
  let first = true;
  const strip = (text: string): string => {
    if (first && text.length > 0) {
      first = false;
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    }
    return text;
  };

  if (plan.mode === 'utf16' || plan.mode === 'legacy') {
    const decoder = iconv.getDecoder(decodingName(plan.encoding), { stripBOM: true });
    for await (const chunk of bytes) {
      const text = strip(decoder.write(asBuffer(chunk)));
      if (text) yield text;
    }
    const tail = decoder.end();
    if (tail) yield strip(tail);
    return;
  }

  // UTF-8, strict from the start or tentative while every byte so far is ASCII.
  const counter = new LineCounter();
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let tentative = plan.mode === 'tentative';
  let legacy: iconv.DecoderStream | null = null;
  /** Non-ASCII bytes at the end of the previous chunk, held by the decoder as incomplete. */
  let pendingTail: Uint8Array = new Uint8Array(0);

  for await (const chunk of bytes) {
    if (legacy) {
      const text = legacy.write(asBuffer(chunk));
      if (text) yield text;
      continue;
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      const offset = Math.max(0, findInvalidUtf8(chunk));
      const before = chunk.subarray(0, offset);
      if (tentative && !hasNonAscii(before)) {
        // Everything so far was ASCII, which reads the same in any code page: this is a legacy file.
        legacy = iconv.getDecoder(detectSingleByte(chunk));
        const recovered = legacy.write(asBuffer(concat([pendingTail, chunk])));
        if (recovered) yield strip(recovered);
        continue;
      }
      counter.add(new TextDecoder('utf-8').decode(before));
      throw mismatch(
        `El archivo no es UTF-8 válido ${placeOf(counter)}: ` +
          (plan.declarada
            ? `declara ${plan.declarada.toUpperCase()} pero contiene bytes que no lo son. `
            : 'empieza en UTF-8 pero contiene bytes de otra codificación. ') +
          'Ábrelo en un editor y guárdalo como «UTF-8», y vuelve a importarlo.',
        counter.line,
        counter.column,
      );
    }
    if (tentative && hasNonAsciiText(text)) tentative = false;
    pendingTail = trailingNonAscii(chunk);
    counter.add(text);
    if (text) yield strip(text);
  }
  if (legacy) {
    const tail = legacy.end();
    if (tail) yield tail;
    return;
  }
  try {
    const tail = decoder.decode();
    if (tail) yield strip(tail);
  } catch {
    throw mismatch(
      `El archivo termina con un carácter UTF-8 incompleto ${placeOf(counter)}: puede estar truncado. Vuelve a exportarlo o guárdalo como «UTF-8».`,
      counter.line,
      counter.column,
    );
  }
}

function placeOf(counter: LineCounter): string {
  return `en la línea ${counter.line}, columna ${counter.column}`;
}

function trailingNonAscii(chunk: Uint8Array): Uint8Array {
  let start = chunk.length;
  while (start > 0 && chunk.length - start < 3 && chunk[start - 1]! >= 0x80) start -= 1;
  return chunk.subarray(start);
}

/** Decodes a whole file to one string (tests, small files). */
export async function decodeTextToString(input: ByteSource, options: DecodeTextOptions = {}): Promise<string> {
  const decoded = await decodeText(input, options);
  const parts: string[] = [];
  for await (const chunk of decoded.chunks) parts.push(chunk);
  return parts.join('');
}
