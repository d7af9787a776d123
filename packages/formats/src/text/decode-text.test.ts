import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors.ts';
import { readFixture } from '../test-support/fixtures.ts';
import { decodeText, decodeTextToString, findInvalidUtf8 } from './decode-text.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function failure(promise: Promise<unknown>): Promise<FormatError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('se esperaba un FormatError');
}

describe('decodeText', () => {
  it('removes a UTF-8 BOM and reads UTF-8', async () => {
    const decoded = await decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('maná,ñandú')]));
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.origen).toBe('bom');
    let text = '';
    for await (const chunk of decoded.chunks) text += chunk;
    expect(text).toBe('maná,ñandú');
  });

  it('reads UTF-16 LE and BE by their BOM', async () => {
    const le = iconv.encode('término\tterm', 'utf-16le', { addBOM: true });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('término\tterm', 'utf-16be')]);
    expect(await decodeTextToString(le)).toBe('término\tterm');
    expect(await decodeTextToString(be)).toBe('término\tterm');
  });

  it('reads UTF-16 without BOM from where its zero bytes fall', async () => {
    const bytes = iconv.encode('source,target\nboss,jefe\n', 'utf-16le');
    const decoded = await decodeText(bytes);
    expect(decoded.encoding).toBe('utf-16le');
    expect(await decodeTextToString(bytes)).toBe('source,target\nboss,jefe\n');
  });

  it('detects Windows-1252 in text that is not UTF-8 (tika smart quotes)', async () => {
    const bytes = await readFixture('tika/testTXT_win-1252.txt');
    const decoded = await decodeText(bytes);
    expect(decoded.encoding).toBe('windows-1252');
    expect(await decodeTextToString(bytes)).toContain('“windows”');
  });

  it('switches to a legacy code page when the first non-ASCII byte comes late, in a later chunk', async () => {
    const ascii = 'term,translation\n'.repeat(5000);
    const bytes = Buffer.concat([Buffer.from(ascii), iconv.encode('acción,action\n', 'windows-1252')]);
    const text = await decodeTextToString(chunked(bytes, 4096));
    expect(text.endsWith('acción,action\n')).toBe(true);
    expect(text.length).toBe(ascii.length + 'acción,action\n'.length);
  });

  it('keeps multi-byte characters split across chunks', async () => {
    const bytes = utf8('ñ'.repeat(70_000));
    expect(await decodeTextToString(chunked(bytes, 1001))).toBe('ñ'.repeat(70_000));
  });

  it('uses the encoding an XML declaration names (windows-1254 in okapi test02)', async () => {
    const bytes = await readFixture('okapi/test02_win1254.tbx');
    const decoded = await decodeText(bytes);
    expect(decoded.encoding).toBe('windows-1254');
    expect(decoded.origen).toBe('declaracion');
    expect(await decodeTextToString(bytes)).toContain('term with: éá and İı');
  });

  it('reads ISO-8859-1 XML (as its superset Windows-1252)', async () => {
    const text = await decodeTextToString(await readFixture('own/tmx11-lang.tmx'));
    expect(text).toContain('Menú principal');
  });

  it('refuses XML that declares UTF-8 but holds Latin-1 bytes, naming the line', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<tmx>\n<seg>'),
      iconv.encode('acción', 'latin1'),
      Buffer.from('</seg></tmx>'),
    ]);
    const error = await failure(decodeTextToString(bytes));
    expect(error.code).toBe('ENCODING_MISMATCH');
    expect(error.detail).toMatch(/línea 3, columna 10/);
    expect(error.detail).toMatch(/UTF-8/);
    expect(error.ubicacion).toEqual({ linea: 3, columna: 10 });
  });

  it('refuses XML without declaration whose bytes are not UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('<tmx><seg>'), iconv.encode('señal', 'latin1'), Buffer.from('</seg></tmx>')]);
    expect((await failure(decodeTextToString(bytes))).code).toBe('ENCODING_MISMATCH');
  });

  it('refuses a UTF-16 declaration over single-byte content', async () => {
    const error = await failure(decodeText(utf8('<?xml version="1.0" encoding="UTF-16"?><tmx/>')));
    expect(error.code).toBe('ENCODING_MISMATCH');
    expect(error.detail).toMatch(/UTF-16/);
  });

  it('refuses a single-byte declaration over UTF-8 content', async () => {
    const error = await failure(decodeText(utf8('<?xml version="1.0" encoding="ISO-8859-1"?><tmx><seg>maná</seg></tmx>')));
    expect(error.code).toBe('ENCODING_MISMATCH');
    expect(error.detail).toMatch(/ISO-8859-1.*UTF-8/);
  });

  it('refuses a UTF-16 BOM under a UTF-8 declaration', async () => {
    const bytes = iconv.encode('<?xml version="1.0" encoding="UTF-8"?><tmx/>', 'utf-16le', { addBOM: true });
    expect((await failure(decodeText(bytes))).code).toBe('ENCODING_MISMATCH');
  });

  it('refuses encodings it does not know, and UTF-32', async () => {
    expect((await failure(decodeText(utf8('<?xml version="1.0" encoding="x-klingon"?><a/>')))).code).toBe('ENCODING_UNSUPPORTED');
    expect((await failure(decodeText(Uint8Array.from([0xff, 0xfe, 0, 0, 0x3c, 0, 0, 0])))).code).toBe('ENCODING_UNSUPPORTED');
  });

  it('refuses an empty file', async () => {
    const error = await failure(decodeText(new Uint8Array(0)));
    expect(error.code).toBe('EMPTY_FILE');
  });

  it('refuses a file over the limit while streaming, stating the limit', async () => {
    const error = await failure(decodeTextToString(chunked(new Uint8Array(3 * 1024 * 1024).fill(0x61), 65536), { maxBytes: 2 * 1024 * 1024 }));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.detail).toContain('2 MiB');
  });

  it('refuses UTF-8 that breaks in the middle of the file', async () => {
    const bytes = Buffer.concat([Buffer.from('maná\nñandú\n'), Buffer.from([0xe9, 0x0a])]);
    const error = await failure(decodeTextToString(bytes));
    expect(error.code).toBe('ENCODING_MISMATCH');
    expect(error.ubicacion?.linea).toBe(3);
  });
});

describe('findInvalidUtf8', () => {
  it('finds the first byte that is not UTF-8 and accepts a cut sequence at the end', () => {
    expect(findInvalidUtf8(utf8('añ€𝐀'))).toBe(-1);
    expect(findInvalidUtf8(Uint8Array.from([0x61, 0xc3]))).toBe(-1);
    expect(findInvalidUtf8(Uint8Array.from([0x61, 0xe9, 0x61]))).toBe(1);
    expect(findInvalidUtf8(Uint8Array.from([0xc0, 0x80]))).toBe(0);
    expect(findInvalidUtf8(Uint8Array.from([0xed, 0xa0, 0x80]))).toBe(0);
  });
});
