/** Reads a stream of batches item by item where a reader must look ahead, then batch by batch. */
export class BatchCursor<T> {
  readonly #batches: AsyncIterator<T[]>;
  #batch: T[] = [];
  #next = 0;

  constructor(batches: AsyncIterable<T[]>) {
    this.#batches = batches[Symbol.asyncIterator]();
  }

  /** The next item, or null once the stream has ended. */
  async next(): Promise<T | null> {
    while (this.#next === this.#batch.length) {
      const step = await this.#batches.next();
      if (step.done) return null;
      this.#batch = step.value;
      this.#next = 0;
    }
    return this.#batch[this.#next++]!;
  }

  /** The items not read yet: what is left of the current batch, then every further batch. */
  async *rest(): AsyncGenerator<T[], void, undefined> {
    const left = this.#batch.slice(this.#next);
    this.#batch = [];
    this.#next = 0;
    yield left;
    for (;;) {
      const step = await this.#batches.next();
      if (step.done) return;
      yield step.value;
    }
  }
}
