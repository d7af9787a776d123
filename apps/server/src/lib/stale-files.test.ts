import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleFiles } from './stale-files.ts';

const DAY = 24 * 60 * 60 * 1000;
let dir = '';

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('removeStaleFiles', () => {
  it('removes only the files older than the age given, and leaves directories alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ludoterm-stale-'));
    const now = Date.now();
    for (const [name, age] of [
      ['old.subida', 2 * DAY],
      ['calentamiento-x.db', DAY + 60_000],
      ['new.subida', 60_000],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, 'x');
      const when = new Date(now - age);
      utimesSync(path, when, when);
    }
    mkdirSync(join(dir, 'sub'));
    utimesSync(join(dir, 'sub'), new Date(now - 3 * DAY), new Date(now - 3 * DAY));
    expect(await removeStaleFiles(dir, DAY, now)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['new.subida', 'sub']);
  });
});
