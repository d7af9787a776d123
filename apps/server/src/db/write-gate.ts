/**
 * Where main-thread writes wait while the import thread holds SQLite's write lock: better-sqlite3
 * waits for it synchronously, which would freeze the event loop. The flag lives in shared
 * memory, so the import thread raises it around each of its short transactions and the main
 * thread waits for it asynchronously. Unused on PostgreSQL.
 */
// Node has had Atomics.waitAsync since 16; TypeScript types it from lib ES2024 on.
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { value: Promise<unknown> | string };
  }
).waitAsync;

export class WriteGate {
  /** 1 while another thread writes; handed to that thread with its task. */
  readonly flag = new Int32Array(new SharedArrayBuffer(4));

  /** Resolves at once when no thread holds the gate, else when it lets go. */
  async passed(): Promise<void> {
    while (Atomics.load(this.flag, 0) !== 0) await waitAsync(this.flag, 0, 1).value;
  }

  get held(): boolean {
    return Atomics.load(this.flag, 0) !== 0;
  }

  /** Lowers the flag once the holding thread's task has settled, in case the thread died. */
  release(): void {
    Atomics.store(this.flag, 0, 0);
    Atomics.notify(this.flag, 0);
  }
}

/** In the thread that writes: raises the gate's shared `flag` for the length of `work`. */
export async function holdingGate<T>(flag: Int32Array, work: () => Promise<T>): Promise<T> {
  Atomics.store(flag, 0, 1);
  try {
    return await work();
  } finally {
    Atomics.store(flag, 0, 0);
    Atomics.notify(flag, 0);
  }
}
