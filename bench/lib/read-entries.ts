import type { ImportFormat } from '@ludoterm/contract';
import { readImportFile } from '@ludoterm/formats';

/**
 * Reads a whole file with the server's reader, in the 64 KiB chunks the server reads an upload
 * in, and validates, derives and writes nothing: answers the entries read. `onEntry` runs after
 * each one (a memory probe).
 */
export async function readEntries(
  formato: ImportFormat,
  bytes: Uint8Array,
  {
    mapping,
    onEntry,
  }: { mapping?: Record<string, string>; onEntry?: (count: number) => void } = {},
): Promise<number> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += 65536) yield bytes.subarray(i, i + 65536);
  }
  const plan = await readImportFile(chunks(), {
    formato,
    idioma_origen: 'es',
    idioma_meta: 'en',
    mapping,
    maxBytes: Infinity,
  });
  if (plan.tipo !== 'entradas') throw new Error(`${formato}: se esperaban entradas`);
  let count = 0;
  for await (const entries of plan.entradas.batches()) {
    for (let i = 0; i < entries.length; i += 1) {
      count += 1;
      onEntry?.(count);
    }
  }
  return count;
}
