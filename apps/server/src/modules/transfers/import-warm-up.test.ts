import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../lib/worker-pool.ts';
import { testConfig } from '../../test/build-test-app.ts';
import type { ImportOutcome, ImportTask } from './import-job.ts';
import { warmUpImports } from './import-warm-up.ts';
import type { ImportWriteOutcome, ImportWriteTask } from './import-write.ts';

describe('warming up the import threads', () => {
  it('imports made-up files of every format into a scratch database, then deletes it all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ludoterm-calentamiento-'));
    const pool = createWorkerPool<ImportTask, ImportOutcome>('import');
    const writerPool = createWorkerPool<ImportWriteTask, ImportWriteOutcome>('import-writer', {
      runsBetweenTasks: true,
    });
    try {
      // A server whose limit is lower than the warm-up files still warms up.
      const config = testConfig(dir, { IMPORT_MAX_BYTES: String(64 * 1024) });
      expect(await warmUpImports({ config, pool, writerPool }, dir)).toBe(8000);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await Promise.all([pool.destroy(), writerPool.destroy()]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
