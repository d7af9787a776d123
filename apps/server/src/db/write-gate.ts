/**
 * Where writes from the main thread wait while another thread holds SQLite's write lock.
 *
 * SQLite admits one writer at a time, and better-sqlite3 waits for the lock synchronously
 * (`busy_timeout`): a main-thread write made while an import's writer thread holds the lock
 * would freeze the event loop, every other user's reads included, until the import commits.
 * Instead, the import holds this gate for as long as its writer runs, and main-thread writers
 * (mutating requests, background jobs) await `passed()` first, so they wait asynchronously
 * while reads go on. On PostgreSQL nobody holds it: row locks and MVCC need no such wait.
 */
export class WriteGate {
  #holders = 0;
  #waiting: Array<() => void> = [];

  /** Runs `work` with the gate held: writers that call `passed()` meanwhile wait for it. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    this.#holders += 1;
    try {
      return await work();
    } finally {
      this.#holders -= 1;
      if (this.#holders === 0) {
        const waiting = this.#waiting;
        this.#waiting = [];
        for (const resume of waiting) resume();
      }
    }
  }

  /** Resolves at once when nobody holds the gate, else when the last holder lets go. */
  passed(): Promise<void> {
    if (this.#holders === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  get held(): boolean {
    return this.#holders > 0;
  }
}
