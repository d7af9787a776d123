import { describe, expect, it } from 'vitest';
import { WriteGate } from './write-gate.ts';

describe('WriteGate', () => {
  it('lets writers through at once when nobody holds it', async () => {
    const gate = new WriteGate();
    expect(gate.held).toBe(false);
    await expect(gate.passed()).resolves.toBeUndefined();
  });

  it('keeps writers waiting until the last holder lets go, even when its work fails', async () => {
    const gate = new WriteGate();
    const events: string[] = [];
    let finishFirst!: () => void;
    let failSecond!: (error: Error) => void;
    const first = gate.hold(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = gate
      .hold(() => new Promise<void>((_, reject) => (failSecond = reject)))
      .catch((error: Error) => events.push(`segundo: ${error.message}`));
    const writer = gate.passed().then(() => events.push('escritor'));

    finishFirst();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.held).toBe(true);
    expect(events).toEqual([]);

    failSecond(new Error('falló'));
    await Promise.all([second, writer]);
    expect(events.sort()).toEqual(['escritor', 'segundo: falló']);
    expect(gate.held).toBe(false);
  });
});
