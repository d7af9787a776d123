/** Output is yielded in pieces of about this many characters: few, large writes. */
export const BATCH_CHARS = 64 * 1024;

/** Gathers a writer's small strings (one line per entry) into batches of about `BATCH_CHARS`. */
export class TextBatcher {
  #parts: string[] = [];
  #length = 0;

  /** Adds text; answers a batch when enough has gathered, otherwise `null`. */
  push(text: string): string | null {
    this.#parts.push(text);
    this.#length += text.length;
    return this.#length >= BATCH_CHARS ? this.flush() : null;
  }

  flush(): string {
    const out = this.#parts.join('');
    this.#parts = [];
    this.#length = 0;
    return out;
  }
}
