import { waitAsync } from '../lib/wait-async.ts';

/**
 * Where main-thread writes wait while the import thread holds SQLite's write lock: better-sqlite3
 * waits for it synchronously, which would freeze the event loop. The flag lives in shared
 * memory, so the import thread raises it around each of its short transactions and the main
 * thread waits for it asynchronously, both before a writing request's handler and before each
 * `begin`. Unused on PostgreSQL.
 */

/** Slots of the shared flag: whether a thread holds the gate, and how many writers wait. */
const HELD = 0;
const WAITING = 1;
/**
 * How long, at most, the holder lets waiting writers through between two transactions: they
 * wake on the main thread's event loop, which a busy server reaches only after other work.
 */
export const TURN_MS = 250;
const TURN_POLL_MS = 2;

export class WriteGate {
  /** Handed to the thread that writes, with its task. */
  readonly flag = new Int32Array(new SharedArrayBuffer(8));

  /** Resolves at once when no thread holds the gate, else when it lets go. */
  async passed(): Promise<void> {
    if (Atomics.load(this.flag, HELD) === 0) return;
    const leave = this.queue();
    try {
      await this.opened();
    } finally {
      leave();
    }
  }

  /**
   * Counts a writer as waiting until the function it returns is called: once it holds SQLite's
   * write lock, so that the holder does not take the gate back between its wake-up and its write.
   */
  queue(): () => void {
    Atomics.add(this.flag, WAITING, 1);
    let left = false;
    return () => {
      if (!left) Atomics.sub(this.flag, WAITING, 1);
      left = true;
    };
  }

  /** Resolves when no thread holds the gate. */
  async opened(): Promise<void> {
    while (Atomics.load(this.flag, HELD) !== 0) await waitAsync(this.flag, HELD, 1).value;
  }

  get held(): boolean {
    return Atomics.load(this.flag, HELD) !== 0;
  }

  /** Lowers the flag once the holding thread's task has settled, in case the thread died. */
  release(): void {
    Atomics.store(this.flag, HELD, 0);
    Atomics.notify(this.flag, HELD);
  }
}

/**
 * In the thread that writes: raises the gate's shared `flag` for the length of `work`. Writers
 * left waiting by the previous transaction get through first (up to TURN_MS), so back-to-back
 * transactions do not starve them.
 */
export async function holdingGate<T>(flag: Int32Array, work: () => Promise<T>): Promise<T> {
  const turnEnds = performance.now() + TURN_MS;
  while (Atomics.load(flag, WAITING) > 0 && performance.now() < turnEnds) {
    await new Promise((resolve) => setTimeout(resolve, TURN_POLL_MS));
  }
  Atomics.store(flag, HELD, 1);
  try {
    return await work();
  } finally {
    Atomics.store(flag, HELD, 0);
    Atomics.notify(flag, HELD);
  }
}
