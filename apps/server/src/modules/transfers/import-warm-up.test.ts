import { describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../lib/worker-pool.ts';
import { isWarmUpTask, warmUpImport, type ImportWarmUpTask } from './import-warm-up.ts';

const task = (withFields: boolean): ImportWarmUpTask => ({ tipo: 'calentar', withFields });

describe('warming up the import threads', () => {
  it('reads, validates and derives every made-up entry in each format', async () => {
    expect(await warmUpImport(task(false), ['tmx', 'tbx', 'csv', 'json'])).toBe(8000);
    expect(await warmUpImport(task(true), ['tsv'])).toBe(2000);
  });

  it('tells a warm-up task from an import', () => {
    expect(isWarmUpTask(task(false))).toBe(true);
    expect(isWarmUpTask({ formato: 'tmx', filePath: '/tmp/x' })).toBe(false);
  });

  it('is a task both import workers run on their threads', async () => {
    const reader = createWorkerPool<ImportWarmUpTask, number>('import');
    const writer = createWorkerPool<ImportWarmUpTask, number>('import-writer', {
      runsBetweenTasks: true,
    });
    try {
      const [read, derived] = await Promise.all([reader.run(task(false)), writer.run(task(false))]);
      expect(read).toBe(8000);
      expect(derived).toBe(2000);
    } finally {
      await Promise.all([reader.destroy(), writer.destroy()]);
    }
  }, 60_000);
});
