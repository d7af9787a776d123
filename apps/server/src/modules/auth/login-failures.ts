/** Failed sign-ins per key in a sliding window; an interface so instances can share a store. */
export interface LoginFailureStore {
  /** When the failures of this key within the last `windowMs` happened, oldest first (ms). */
  recent(key: string, windowMs: number): Promise<number[]>;
  record(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** The sliding window of the per-account limit. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failures count per account AND client address: guessing from one address is throttled, yet
 * nobody can lock the owner out by failing on purpose from elsewhere.
 */
export function loginFailureKey(email: string, clientAddress: string): string {
  return `${email}\n${clientAddress}`;
}

/** Failures from one key that wait for nothing; each later one doubles the wait, from 1 s. */
export const FREE_LOGIN_FAILURES = 3;

/** Milliseconds a key must wait to try again: the window once at `limit`, else the delay. */
export function loginWaitMs(failures: readonly number[], limit: number, now: number): number {
  if (failures.length >= limit) return failures[0]! + LOGIN_FAILURE_WINDOW_MS - now;
  if (failures.length < FREE_LOGIN_FAILURES) return 0;
  const delay = 1000 * 2 ** (failures.length - FREE_LOGIN_FAILURES);
  return Math.max(0, failures[failures.length - 1]! + delay - now);
}

/** The key of an account's failures from every address (for the owner's warning). */
export function accountFailureKey(email: string): string {
  return `${email}\n*`;
}

/** In-memory store; old entries are dropped as they are read, and the map is capped. */
export function createMemoryLoginFailureStore(maxKeys = 100_000): LoginFailureStore {
  const failures = new Map<string, number[]>();
  const recent = (key: string, windowMs: number) => {
    const since = Date.now() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > since);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };
  return {
    async recent(key, windowMs) {
      return [...recent(key, windowMs)];
    },
    async record(key) {
      const times = recent(key, LOGIN_FAILURE_WINDOW_MS);
      times.push(Date.now());
      failures.delete(key);
      failures.set(key, times);
      // Forget the oldest keys first if an attacker sprays many accounts or addresses.
      while (failures.size > maxKeys) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
    },
    async clear(key) {
      failures.delete(key);
    },
  };
}
