import type { MessagePort } from 'node:worker_threads';
import type { PreparedEntry } from '../entries/entry-writes.service.ts';

// The two threads of an import talk over a MessageChannel: the reader (workers/import.worker.ts)
// sends the validated entries in batches as it reads them, the writer
// (workers/import-writer.worker.ts) writes each batch as it comes and acknowledges it. Reading
// and writing thus run at once, one core each, and only a few batches ever wait in memory.

/** Reader → writer. */
export type ToWriter =
  /**
   * Validated entries, as objects: structured clone copies them about six times faster than
   * JSON text would cost to write, copy and parse again (ADR 0013).
   */
  | { tipo: 'lote'; entradas: PreparedEntry[] }
  /** The file is read and every entry was valid: commit. */
  | { tipo: 'fin' }
  /** Nothing to write after all (a header pass, a refused entry, a reader failure): roll back. */
  | { tipo: 'cancelar' };

/** Writer → reader: one more batch written. The writer closes the channel when it stops. */
export type ToReader = { tipo: 'escrito' };

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
  #pending: PreparedEntry[] = [];
  #inFlight = 0;
  #failed = false;
  #wake: (() => void) | null = null;

  constructor(port: MessagePort) {
    this.#port = port;
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

  async add(entry: PreparedEntry): Promise<void> {
    this.#pending.push(entry);
    if (this.#pending.length >= BATCH_ENTRIES) await this.#flush();
  }

  async #flush(): Promise<void> {
    while (this.#inFlight >= IN_FLIGHT && !this.#failed) {
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    if (this.#failed) throw new WriterFailedError();
    if (this.#pending.length === 0) return;
    this.#port.postMessage({
      tipo: 'lote',
      entradas: this.#pending,
    } satisfies ToWriter);
    this.#inFlight += 1;
    this.#pending = [];
  }

  /** Sends what is left and tells the writer to commit. */
  async end(): Promise<void> {
    await this.#flush();
    this.#port.postMessage({ tipo: 'fin' } satisfies ToWriter);
  }

  /** Tells the writer to write nothing (harmless once the writer has stopped). */
  cancel(): void {
    this.#port.postMessage({ tipo: 'cancelar' } satisfies ToWriter);
  }
}

/**
 * The writer's end: the reader's messages in order, as batches of entries, until `fin`
 * (the iteration ends) or `cancelar` (null: roll back).
 */
export async function* receiveBatches(
  port: MessagePort,
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
      yield message.entradas;
      port.postMessage({ tipo: 'escrito' } satisfies ToReader);
    }
  } finally {
    port.close();
  }
}
