import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { holdingGate, TURN_MS, WriteGate } from './write-gate.ts';

describe('WriteGate', () => {
  it('lets writers through at once when nobody holds it', async () => {
    const gate = new WriteGate();
    expect(gate.held).toBe(false);
    await expect(gate.passed()).resolves.toBeUndefined();
  });

  it('keeps writers waiting until the holder lets go, even when its work fails', async () => {
    const gate = new WriteGate();
    const events: string[] = [];
    let fail!: (error: Error) => void;
    const holder = holdingGate(
      gate.flag,
      () => new Promise<void>((_, reject) => (fail = reject)),
    ).catch((error: Error) => events.push(`titular: ${error.message}`));
    const writer = gate.passed().then(() => events.push('escritor'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gate.held).toBe(true);
    expect(events).toEqual([]);

    fail(new Error('falló'));
    await Promise.all([holder, writer]);
    expect(events).toEqual(['titular: falló', 'escritor']);
    expect(gate.held).toBe(false);
  });

  it('is held from another thread through the shared flag', async () => {
    const gate = new WriteGate();
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       Atomics.store(workerData, 0, 1);
       parentPort.postMessage('held');
       setTimeout(() => { Atomics.store(workerData, 0, 0); Atomics.notify(workerData, 0); }, 50);`,
      { eval: true, workerData: gate.flag },
    );
    try {
      await new Promise((resolve) => worker.once('message', resolve));
      expect(gate.held).toBe(true);
      const started = performance.now();
      await gate.passed();
      expect(performance.now() - started).toBeGreaterThan(20);
      expect(gate.held).toBe(false);
    } finally {
      await worker.terminate();
    }
  });

  it('is lowered by release() when the thread that raised it died holding it', async () => {
    const gate = new WriteGate();
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       Atomics.store(workerData, 0, 1);
       process.exit(1);`,
      { eval: true, workerData: gate.flag },
    );
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(gate.held).toBe(true);
    const writer = gate.passed();
    gate.release();
    await expect(writer).resolves.toBeUndefined();
    expect(gate.held).toBe(false);
  });

  it('lets the writers waiting after a transaction through before the next, for a while', async () => {
    const gate = new WriteGate();
    const WAITING = 1;
    const startOfNext = async () => {
      const from = performance.now();
      await holdingGate(gate.flag, async () => undefined);
      return performance.now() - from;
    };
    expect(await startOfNext()).toBeLessThan(TURN_MS / 2);
    // A writer woken but not yet through (a busy event loop): the holder waits for it...
    Atomics.add(gate.flag, WAITING, 1);
    setTimeout(() => Atomics.sub(gate.flag, WAITING, 1), 50);
    const waited = await startOfNext();
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(TURN_MS);
    // ...but not for ever.
    Atomics.add(gate.flag, WAITING, 1);
    expect(await startOfNext()).toBeGreaterThanOrEqual(TURN_MS - 5);
    Atomics.sub(gate.flag, WAITING, 1);
  });
});
