import type { MessagePort } from 'node:worker_threads';
import type { NormalizedEntry } from '../entries/entry-card.ts';
import {
  deriveEntry,
  type PreparedEntry,
  type WriteGlossary,
} from '../entries/entry-writes.service.ts';

// The two threads of an import talk over a MessageChannel: the reader (workers/import.worker.ts)
// sends the validated entries in batches as it reads them, the writer
// (workers/import-writer.worker.ts) writes each batch as it comes and acknowledges it. Reading
// and writing thus run at once, one core each, and only a few batches ever wait in memory.
//
// Deriving an entry's columns (folded terms, sort key, stored card) falls to whichever thread
// has time for it: the writer derives the batches the reader sends as validated only, and the
// reader derives a batch itself when the writer is behind, since it would otherwise wait. A
// TBX keeps the reader busy and a CSV the writer; either way the other thread derives.

/** Reader → writer. */
export type ToWriter =
  /**
   * Validated entries, as objects: structured clone copies them about six times faster than
   * JSON text would cost to write, copy and parse again (ADR 0013). The writer derives them.
   */
  | { tipo: 'lote'; entradas: NormalizedEntry[] }
  /** Validated entries the reader has derived too. */
  | { tipo: 'lote-derivado'; entradas: PreparedEntry[] }
  /** The file is read and every entry was valid: commit. */
  | { tipo: 'fin' }
  /** Nothing to write after all (a header pass, a refused entry, a reader failure): roll back. */
  | { tipo: 'cancelar' };

/** Writer → reader: one more batch written. The writer closes the channel when it stops. */
export type ToReader = { tipo: 'escrito' };

/** How both ends derive an import's entries (`withFields`: see `ImportTask.withFields`). */
export function importDeriver(task: {
  glossary: WriteGlossary;
  withFields: boolean;
}): (entry: NormalizedEntry) => PreparedEntry {
  return (entry) => deriveEntry(task.glossary, entry, { withFields: task.withFields });
}

/** Entries per batch. */
export const BATCH_ENTRIES = 1000;
/** Batches sent and not yet written, at most: the reader waits beyond it. */
const IN_FLIGHT = 4;

/** Thrown in the reader when the writer has given up; the writer's outcome says why. */
export class WriterFailedError extends Error {
  constructor() {
    super('La escritura de la importación falló.');
    this.name = 'WriterFailedError';
  }
}

/** The reader's end: batches entries, keeps at most IN_FLIGHT unwritten, ends or cancels. */
export class BatchSender {
  #port: MessagePort;
  #derive: (entry: NormalizedEntry) => PreparedEntry;
  #pending: NormalizedEntry[] = [];
  #inFlight = 0;
  #failed = false;
  #wake: (() => void) | null = null;

  constructor(port: MessagePort, derive: (entry: NormalizedEntry) => PreparedEntry) {
    this.#port = port;
    this.#derive = derive;
    port.on('message', () => {
      this.#inFlight -= 1;
      this.#wakeUp();
    });
    // The writer stopped before the end (it failed, or its thread crashed): stop reading.
    port.on('close', () => {
      this.#failed = true;
      this.#wakeUp();
    });
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Adds an entry to the batch being built; true when the batch is full and must be flushed. */
  add(entry: NormalizedEntry): boolean {
    this.#pending.push(entry);
    return this.#pending.length >= BATCH_ENTRIES;
  }

  /** Sends the batch built so far, once the writer has room for it. */
  async flush(): Promise<void> {
    const pending = this.#pending;
    this.#pending = [];
    // The writer is behind: rather than only wait for it, derive this batch here.
    const batch: ToWriter =
      this.#inFlight >= IN_FLIGHT
        ? { tipo: 'lote-derivado', entradas: pending.map(this.#derive) }
        : { tipo: 'lote', entradas: pending };
    while (this.#inFlight >= IN_FLIGHT && !this.#failed) {
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    if (this.#failed) throw new WriterFailedError();
    if (pending.length === 0) return;
    this.#port.postMessage(batch);
    this.#inFlight += 1;
  }

  /** Sends what is left and tells the writer to commit. */
  async end(): Promise<void> {
    await this.flush();
    this.#port.postMessage({ tipo: 'fin' } satisfies ToWriter);
  }

  /** Tells the writer to write nothing (harmless once the writer has stopped). */
  cancel(): void {
    this.#port.postMessage({ tipo: 'cancelar' } satisfies ToWriter);
  }
}

/**
 * The writer's end: the reader's messages in order, as batches of derived entries (`derive`
 * for those the reader has not), until `fin` (the iteration ends) or `cancelar` (null: roll
 * back).
 */
export async function* receiveBatches(
  port: MessagePort,
  derive: (entry: NormalizedEntry) => PreparedEntry,
): AsyncGenerator<PreparedEntry[] | null, void, void> {
  const queue: ToWriter[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  port.on('message', (message: ToWriter) => {
    queue.push(message);
    wakeUp();
  });
  port.on('close', () => {
    closed = true;
    wakeUp();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        // The reader's thread ended without `fin` or `cancelar`: nothing may be committed.
        if (closed) {
          yield null;
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.tipo === 'fin') return;
      if (message.tipo === 'cancelar') {
        yield null;
        return;
      }
      yield message.tipo === 'lote' ? message.entradas.map(derive) : message.entradas;
      port.postMessage({ tipo: 'escrito' } satisfies ToReader);
    }
  } finally {
    port.close();
  }
}
