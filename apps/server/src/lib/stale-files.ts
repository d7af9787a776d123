import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes files in `dir` older than `ageMs`, left by a stopped server; younger ones may belong to
 * work in progress (maybe another server's). Answers how many went.
 */
export async function removeStaleFiles(
  dir: string,
  ageMs: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (!info.isFile() || now - info.mtimeMs <= ageMs) continue;
      await rm(path, { force: true });
      removed += 1;
    } catch {
      // Gone meanwhile (another server's clean-up): nothing to do.
    }
  }
  return removed;
}
