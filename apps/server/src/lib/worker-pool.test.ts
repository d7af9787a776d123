import { describe, expect, it } from 'vitest';
import { WorkerPoolClosedError, createWorkerPool } from './worker-pool.ts';

describe('createWorkerPool', () => {
  it('refuses a task sent after the pool was destroyed or closed, starting no thread', async () => {
    for (const end of ['destroy', 'close'] as const) {
      const pool = createWorkerPool<object, unknown>('search');
      await pool[end]();
      await expect(pool.run({})).rejects.toBeInstanceOf(WorkerPoolClosedError);
    }
  });
});
