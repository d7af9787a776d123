import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/extractor, whatever the working directory. */
export function packageDirectory(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..');
}

/** The shared data sets: `LUDOTERM_DATA_DIR`, else `../shared/data` beside the repository. */
export function dataDirectory(): string {
  const fromEnvironment = process.env.LUDOTERM_DATA_DIR;
  if (fromEnvironment !== undefined && fromEnvironment !== '') return resolve(fromEnvironment);
  return join(packageDirectory(), '..', '..', '..', 'shared', 'data');
}
