import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { NormalizedEntry } from '../entries/entry-card.ts';
import { deriveEntry, type PreparedEntry } from '../entries/entry-writes.service.ts';
import { BATCH_ENTRIES, BatchSender, receiveBatches } from './import-channel.ts';

const glossary = { idioma_origen: 'es', idioma_meta: 'en' };

function entry(i: number): NormalizedEntry {
  return {
    card: { 'termino.es': `poción ${i}`, 'termino.en': `potion ${i}` },
    comentarios_privados: null,
  };
}

/** A derive function that counts the entries it derives. */
function counting(): { derive: (e: NormalizedEntry) => PreparedEntry; count: () => number } {
  let n = 0;
  return {
    derive: (e) => {
      n += 1;
      return deriveEntry(glossary, e, { withFields: false });
    },
    count: () => n,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the import channel', () => {
  it('leaves deriving to the writer while it keeps up', async () => {
    const { port1, port2 } = new MessageChannel();
    const reader = counting();
    const writer = counting();
    const sender = new BatchSender(port1, reader.derive);
    const received: PreparedEntry[] = [];
    const writing = (async () => {
      for await (const batch of receiveBatches(port2, writer.derive)) received.push(...batch!);
    })();
    for (let i = 0; i < 3 * BATCH_ENTRIES; i += 1) {
      if (sender.add(entry(i))) await sender.flush();
      if (i % BATCH_ENTRIES === 0) await tick();
    }
    await sender.end();
    await writing;
    expect(reader.count()).toBe(0);
    expect(writer.count()).toBe(3 * BATCH_ENTRIES);
    expect(received.map((e) => e.termino_origen_plegado)).toEqual(
      Array.from({ length: 3 * BATCH_ENTRIES }, (_, i) => `pocion ${i}`),
    );
    port1.close();
  });

  it('derives a batch in the reader when the writer is behind, in order all the same', async () => {
    const { port1, port2 } = new MessageChannel();
    const reader = counting();
    const writer = counting();
    const sender = new BatchSender(port1, reader.derive);
    // Four batches wait unwritten; the fifth finds the writer behind.
    const adding = (async () => {
      for (let i = 0; i < 5 * BATCH_ENTRIES; i += 1) if (sender.add(entry(i))) await sender.flush();
      await sender.end();
    })();
    await tick();
    expect(reader.count()).toBe(BATCH_ENTRIES);
    const received: PreparedEntry[] = [];
    for await (const batch of receiveBatches(port2, writer.derive)) received.push(...batch!);
    await adding;
    expect(writer.count()).toBe(4 * BATCH_ENTRIES);
    expect(received.map((e) => e.clave_orden)).toEqual(
      Array.from(
        { length: 5 * BATCH_ENTRIES },
        (_, i) => deriveEntry(glossary, entry(i), { withFields: false }).clave_orden,
      ),
    );
    port1.close();
  });
});
