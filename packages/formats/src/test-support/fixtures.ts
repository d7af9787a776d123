import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { EntryInput } from '@ludoterm/contract';
import { collectEntries } from '../entry-stream.ts';
import type { ImportPlan } from '../import-plan.ts';
import type { GlossaryLanguages } from '../model.ts';

/** Absolute path of a file under `packages/formats/fixtures/`. */
export function fixturePath(relative: string): string {
  return fileURLToPath(new URL(`../../fixtures/${relative}`, import.meta.url));
}

export function readFixture(relative: string): Promise<Buffer> {
  return readFile(fixturePath(relative));
}

/**
 * The shared interchange folder (`../shared/data/interchange` beside the checkout), where the
 * files we may not commit (GPL, no licence) live; `null` when it is not there.
 */
export function sharedInterchangePath(relative: string): string | null {
  const base = process.env['LUDOTERM_INTERCHANGE_DIR'] ?? fileURLToPath(new URL('../../../../../shared/data/interchange/', import.meta.url));
  const path = `${base.replace(/\/$/, '')}/${relative}`;
  return existsSync(path) ? path : null;
}

export const ES_EN: GlossaryLanguages = { idioma_origen: 'es', idioma_meta: 'en' };
export const EN_ES: GlossaryLanguages = { idioma_origen: 'en', idioma_meta: 'es' };

/** The entries of a plan that must be an entries pass. */
export async function entriesOf(plan: ImportPlan | Promise<ImportPlan>): Promise<{ entradas: EntryInput[]; omitidos: number }> {
  const resolved = await plan;
  if (resolved.tipo !== 'entradas') throw new Error(`Se esperaban entradas y llegó ${resolved.tipo}`);
  return collectEntries(resolved.entradas);
}

/** An entry with only the non-null fields, for readable expectations. */
export function compact(entry: EntryInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'termino') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null));
    } else if (value !== null && value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}

const IS_CI = process.env['CI'] === 'true';

/** A test needing a missing external tool fails in CI, and is skipped, saying why, elsewhere. */
export function requireTool(available: boolean, what: string, skip: (note?: string) => void): void {
  if (available) return;
  if (IS_CI) throw new Error(`${what} no está instalado y CI=true: instálalo (.ci/run lo instala) para validar las exportaciones.`);
  skip(`${what} no está instalado: se omite esta comprobación (en CI falla).`);
}

export function hasCommand(command: string, args: string[] = ['--version']): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.error === undefined && result.status !== null;
}

const pythons = new Map<string, string | null>();
/** A Python interpreter that can import `modules` (Debian's packages are on /usr/bin/python3's path), or `null`. */
export function pythonWith(modules: string): string | null {
  const known = pythons.get(modules);
  if (known !== undefined) return known;
  let found: string | null = null;
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(candidate, ['-c', `import ${modules}`], { stdio: 'ignore' }).status === 0) {
      found = candidate;
      break;
    }
  }
  pythons.set(modules, found);
  return found;
}

/** A Python interpreter that can import Debian's translate-toolkit, or `null`. */
export function pythonWithTranslateToolkit(): string | null {
  return pythonWith('translate.storage.tmx, translate.storage.tbx');
}
