import { FormatError } from '../errors.ts';

/** A file's bytes: whole, or as chunks (a Node Readable and a web ReadableStream both fit). */
export type ByteSource = Uint8Array | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export type TextSource = string | AsyncIterable<string> | Iterable<string>;

function isUint8Array(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}

/** "10 MiB", "512 KiB": a byte count as the 413 detail states it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mib = bytes / (1024 * 1024);
    return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

export function tooLarge(maxBytes: number): FormatError {
  return new FormatError(
    'TOO_LARGE',
    `El archivo supera el límite de ${formatBytes(maxBytes)}. Divídelo en varios archivos más pequeños ` +
      'o pide a un administrador que amplíe el límite de importación.',
  );
}

/** Iterates a byte source, refusing with `TOO_LARGE` as soon as `maxBytes` is passed. */
export async function* iterateBytes(source: ByteSource, maxBytes = Infinity): AsyncGenerator<Uint8Array> {
  if (isUint8Array(source)) {
    if (source.byteLength > maxBytes) throw tooLarge(maxBytes);
    // Slice big buffers so downstream work (and memory) stays per chunk.
    const step = 1 << 20;
    for (let i = 0; i < source.byteLength; i += step) yield source.subarray(i, Math.min(i + step, source.byteLength));
    return;
  }
  let total = 0;
  for await (const chunk of source as AsyncIterable<Uint8Array>) {
    if (!isUint8Array(chunk)) throw new TypeError('Se esperaban bytes (Uint8Array) y llegó otra cosa.');
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (chunk.byteLength > 0) yield chunk;
  }
}

export async function* iterateText(source: TextSource): AsyncGenerator<string> {
  if (typeof source === 'string') {
    const step = 1 << 20;
    for (let i = 0; i < source.length; i += step) yield source.slice(i, i + step);
    return;
  }
  for await (const chunk of source as AsyncIterable<string>) if (chunk.length > 0) yield chunk;
}

/** Reads a whole text source into one string (tests, small inputs). */
export async function readAllText(source: TextSource): Promise<string> {
  if (typeof source === 'string') return source;
  const parts: string[] = [];
  for await (const chunk of iterateText(source)) parts.push(chunk);
  return parts.join('');
}

/** Reads at least `minChars` characters and answers them with an iterable of the whole text. */
export async function peekText(
  source: AsyncIterable<string>,
  minChars: number,
): Promise<{ head: string; text: AsyncIterable<string> }> {
  const iterator = source[Symbol.asyncIterator]();
  const parts: string[] = [];
  let length = 0;
  let done = false;
  while (length < minChars) {
    const step = await iterator.next();
    if (step.done) {
      done = true;
      break;
    }
    parts.push(step.value);
    length += step.value.length;
  }
  const head = parts.join('');
  async function* rest(): AsyncGenerator<string> {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const step = await iterator.next();
      if (step.done) return;
      yield step.value;
    }
  }
  return { head, text: rest() };
}
