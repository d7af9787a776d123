import { Inflate } from 'fflate';
import { ExtractionError } from '../errors.ts';

export interface ZipEntry {
  name: string;
  method: number;
  isEncrypted: boolean;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function corrupt(detail = 'El archivo está dañado: no es un ZIP completo.'): ExtractionError {
  return new ExtractionError('ARCHIVO_CORRUPTO', detail);
}

/** Lists a ZIP archive from its central directory; without one (truncated) it is corrupt. */
export function listZip(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let p = bytes.length - 22; p >= 0 && p >= bytes.length - 22 - 65_535; p -= 1) {
    if (view.getUint32(p, true) === EOCD) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  let p = view.getUint32(eocd + 16, true);
  if (p + directorySize > eocd) throw corrupt();
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i += 1) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CENTRAL) throw corrupt();
    const flags = view.getUint16(p + 8, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    if (p + 46 + nameLength > bytes.length) throw corrupt();
    entries.push({
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      method: view.getUint16(p + 10, true),
      isEncrypted: (flags & 1) === 1,
      compressedSize: view.getUint32(p + 20, true),
      declaredSize: view.getUint32(p + 24, true),
      localHeaderOffset: view.getUint32(p + 42, true),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Decompresses one entry, stopping past `maxBytes` whatever the archive claims (zip bombs). */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  if (entry.isEncrypted) throw new ExtractionError('ARCHIVO_CIFRADO', 'El documento está protegido con contraseña.');
  if (entry.declaredSize > maxBytes) throw tooLarge();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw corrupt();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw corrupt();
  const data = bytes.subarray(start, end);
  if (entry.method === 0) return data.slice();
  if (entry.method !== 8) throw corrupt('El documento usa una compresión que no se puede leer.');

  const chunks: Uint8Array[] = [];
  let total = 0;
  let exceeded = false;
  let finished = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes) exceeded = true;
    else chunks.push(chunk);
    if (final) finished = true;
  });
  const step = 64 * 1024;
  try {
    for (let offset = 0; offset < data.length && !exceeded; offset += step) {
      inflate.push(data.subarray(offset, Math.min(offset + step, data.length)), offset + step >= data.length);
    }
  } catch (error) {
    throw new ExtractionError('ARCHIVO_CORRUPTO', 'El archivo está dañado: no se pudo descomprimir.', { cause: error });
  }
  if (exceeded) throw tooLarge();
  if (!finished) throw corrupt('El archivo está dañado: un componente está incompleto.');
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function tooLarge(): ExtractionError {
  return new ExtractionError(
    'ARCHIVO_DEMASIADO_GRANDE',
    'El documento descomprimido es demasiado grande para procesarlo.',
  );
}
