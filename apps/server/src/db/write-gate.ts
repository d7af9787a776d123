/**
 * Where main-thread writes wait while another thread holds SQLite's write lock: better-sqlite3
 * waits for it synchronously, which would freeze the event loop. Unused on PostgreSQL.
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
