import type { PreparedEntry } from '../entries/entry-writes.service.ts';

/** Entries per stored batch: one JSON text, one Buffer. */
const BATCH = 1000;

/**
 * The validated entries of an import, kept until the write as UTF-8 JSON batches in Buffers,
 * outside the JavaScript heap. Holding 100,000 prepared entries as objects (some 25 small
 * objects each) made the garbage collector trace millions of live objects again and again
 * while the file was still being read, which cost more CPU than reading it and several
 * hundred MB of heap; as bytes they take about a third of the memory and cost the collector
 * nothing. JSON keeps every value exactly (key order, nulls, even lone surrogates).
 */
export class PreparedStore {
  #batches: Array<Buffer | null> = [];
  #pending: PreparedEntry[] = [];
  #count = 0;

  /** Entries added so far. */
  get count(): number {
    return this.#count;
  }

  /** Bytes held (for logs and benchmarks). */
  get bytes(): number {
    return this.#batches.reduce((n, b) => n + (b?.byteLength ?? 0), 0);
  }

  add(entry: PreparedEntry): void {
    this.#pending.push(entry);
    this.#count += 1;
    if (this.#pending.length >= BATCH) this.#seal();
  }

  #seal(): void {
    if (this.#pending.length === 0) return;
    this.#batches.push(Buffer.from(JSON.stringify(this.#pending), 'utf8'));
    this.#pending = [];
  }

  /**
   * The entries again, batch by batch and in the order they were added. Each batch is freed
   * as it is handed out: drain the store once.
   */
  *drain(): Generator<PreparedEntry[]> {
    this.#seal();
    for (let i = 0; i < this.#batches.length; i += 1) {
      const batch = this.#batches[i]!;
      this.#batches[i] = null;
      yield JSON.parse(batch.toString('utf8')) as PreparedEntry[];
    }
    this.#batches = [];
  }
}
