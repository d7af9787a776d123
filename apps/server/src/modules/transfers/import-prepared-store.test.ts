import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareEntry, type PreparedEntry } from '../entries/entry-writes.service.ts';
import { PreparedStore } from './import-prepared-store.ts';

const glossary = { idioma_origen: 'es', idioma_meta: 'en' };

function roundTrip(entries: PreparedEntry[]): PreparedEntry[] {
  const store = new PreparedStore();
  for (const entry of entries) store.add(entry);
  expect(store.count).toBe(entries.length);
  return [...store.drain()].flat();
}

describe('PreparedStore', () => {
  it('gives back exactly the prepared entries, in order, across batches', () => {
    const entries = Array.from({ length: 2500 }, (_, i) =>
      prepareEntry(glossary, {
        input: {
          termino: { es: `poción ñ ${i}`, en: i % 7 === 0 ? null : `potion ${i}` },
          definicion: i % 3 === 0 ? 'Recupera «maná».\nSegunda línea' : null,
          notas: i % 5 === 0 ? '🐉 dragón' : null,
        },
      }),
    );
    const back = roundTrip(entries);
    expect(back).toEqual(entries);
    // Key order matters: the write path stores the card as JSON text.
    expect(back.map((e) => JSON.stringify(e.card))).toEqual(
      entries.map((e) => JSON.stringify(e.card)),
    );
  });

  it('keeps any text, lone surrogates included (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', minLength: 1 }), { minLength: 1, maxLength: 30 }),
        (terms) => {
          const entries = terms.map((term) =>
            prepareEntry(glossary, {
              input: { termino: { es: `x${term}`, en: null }, notas: term },
            }),
          );
          expect(roundTrip(entries)).toEqual(entries);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('frees each batch as it is drained', () => {
    const store = new PreparedStore();
    for (let i = 0; i < 1500; i += 1)
      store.add(prepareEntry(glossary, { input: { termino: { es: `t${i}` } } }));
    const drained = store.drain();
    drained.next();
    expect(store.bytes).toBeLessThan(200_000);
    expect([...drained].flat()).toHaveLength(500);
    expect(store.bytes).toBe(0);
  });
});
