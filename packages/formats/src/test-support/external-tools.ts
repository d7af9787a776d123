import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportFormat } from '@ludoterm/contract';
import type { EntrySource, GlossaryMeta } from '../model.ts';
import { writeExport, type WriteExportOptions } from '../write-export.ts';

/** Writes an export to a fresh temporary file and answers its path. */
export async function exportToFile(
  formato: ExportFormat,
  entries: EntrySource,
  meta: GlossaryMeta,
  options: WriteExportOptions = {},
): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of writeExport(formato, entries, meta, { fecha: new Date('2026-03-01T12:00:00Z'), ...options })) {
    parts.push(chunk);
  }
  const dir = await mkdtemp(join(tmpdir(), 'ludoterm-formats-'));
  const path = join(dir, `${meta.nombre_seguro}.${formato}`);
  await writeFile(path, Buffer.concat(parts));
  return path;
}

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], input?: string): ToolRun {
  const result = spawnSync(command, args, { encoding: 'utf8', input, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
