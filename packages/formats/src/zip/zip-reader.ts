import { Inflate } from 'fflate';

// A bounded ZIP reader for the Office files LudoTerm opens (.docx in the extractor, .xlsx in the
// import): it trusts no size the archive declares and stops inflating past the caller's budget.

export interface ZipEntry {
  name: string;
  method: number;
  isEncrypted: boolean;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

/** Why an archive was refused; each caller words it for its own users. */
export type ZipFault = 'corrupt' | 'encrypted' | 'too-large' | 'unsupported';

/** A refusal of the ZIP container; `message` is a Spanish sentence a caller may show as is. */
export class ZipError extends Error {
  readonly fault: ZipFault;

  constructor(fault: ZipFault, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ZipError';
    this.fault = fault;
  }
}

export function isZipError(error: unknown): error is ZipError {
  return error instanceof ZipError;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function corrupt(detail = 'El archivo está dañado: no es un ZIP completo.'): ZipError {
  return new ZipError('corrupt', detail);
}

function tooLarge(): ZipError {
  return new ZipError('too-large', 'El documento descomprimido es demasiado grande para procesarlo.');
}

/** Whether the bytes start with a ZIP local file header (`PK\3\4`). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
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

/**
 * Decompresses one entry chunk by chunk into `onChunk`, stopping past `maxBytes` whatever the
 * archive claims (zip bombs); answers the decompressed size.
 */
export function inflateZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
  onChunk: (chunk: Uint8Array) => void,
): number {
  if (entry.isEncrypted) throw new ZipError('encrypted', 'El documento está protegido con contraseña.');
  if (entry.declaredSize > maxBytes) throw tooLarge();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw corrupt();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw corrupt();
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw tooLarge();
    onChunk(data);
    return data.length;
  }
  if (entry.method !== 8) throw new ZipError('unsupported', 'El documento usa una compresión que no se puede leer.');

  let total = 0;
  let exceeded = false;
  let finished = false;
  // The caller's refusal, thrown from inside fflate's callback: passed on as is, not as damage.
  let refused: { error: unknown } | null = null;
  const inflate = new Inflate((chunk, final) => {
    if (refused) return;
    total += chunk.length;
    if (total > maxBytes) exceeded = true;
    else {
      try {
        onChunk(chunk);
      } catch (error) {
        refused = { error };
      }
    }
    if (final) finished = true;
  });
  // Small steps: one step of compressed input can inflate about a thousandfold before the check.
  const step = 16 * 1024;
  try {
    for (let offset = 0; offset < data.length && !exceeded && !refused; offset += step) {
      inflate.push(data.subarray(offset, Math.min(offset + step, data.length)), offset + step >= data.length);
    }
  } catch (error) {
    throw new ZipError('corrupt', 'El archivo está dañado: no se pudo descomprimir.', { cause: error });
  }
  if (refused) throw (refused as { error: unknown }).error;
  if (exceeded) throw tooLarge();
  if (!finished) throw corrupt('El archivo está dañado: un componente está incompleto.');
  return total;
}

/** Decompresses one entry whole, with `inflateZipEntry`'s bound. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const total = inflateZipEntry(bytes, entry, maxBytes, (chunk) => chunks.push(chunk.slice()));
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
