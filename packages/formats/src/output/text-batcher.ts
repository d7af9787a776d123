/** Output is yielded in pieces of about this many characters: few, large writes. */
export const BATCH_CHARS = 64 * 1024;

/**
 * Collects small strings and hands them out in batches of about `BATCH_CHARS`, so a writer
 * producing one line per entry yields a few dozen chunks per megabyte instead of thousands.
 */
export class TextBatcher {
  #parts: string[] = [];
  #length = 0;

  /** Adds text; answers a batch when enough has gathered, otherwise `null`. */
  push(text: string): string | null {
    this.#parts.push(text);
    this.#length += text.length;
    return this.#length >= BATCH_CHARS ? this.flush() : null;
  }

  /** Everything gathered so far ('' when nothing). */
  flush(): string {
    const out = this.#parts.join('');
    this.#parts = [];
    this.#length = 0;
    return out;
  }
}
