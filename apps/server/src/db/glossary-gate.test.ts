import { expect, it } from 'vitest';
import { GlossaryGate } from './glossary-gate.ts';

function holdUntilReleased(gate: GlossaryGate, glossaryId: number) {
  let release!: () => void;
  const held = gate.hold(glossaryId, () => new Promise<void>((resolve) => (release = resolve)));
  return { held, release: () => release() };
}

it('waits only for the glossaries asked about, and forgets a glossary once let go', async () => {
  const gate = new GlossaryGate();
  const one = holdUntilReleased(gate, 1);
  const two = holdUntilReleased(gate, 2);
  expect(gate.held.sort()).toEqual([1, 2]);

  let passedOne = false;
  const waiting = gate.passed([1, 3]).then(() => (passedOne = true));
  await gate.passed([3]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(passedOne).toBe(false);

  one.release();
  await one.held;
  await waiting;
  expect(gate.held).toEqual([2]);

  let allPassed = false;
  const all = gate.allPassed().then(() => (allPassed = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(allPassed).toBe(false);
  two.release();
  await all;
  expect(gate.held).toEqual([]);
});

it('a glossary held twice stays held until both let go', async () => {
  const gate = new GlossaryGate();
  const first = holdUntilReleased(gate, 7);
  const second = holdUntilReleased(gate, 7);
  first.release();
  await first.held;
  expect(gate.held).toEqual([7]);
  second.release();
  await second.held;
  expect(gate.held).toEqual([]);
});
