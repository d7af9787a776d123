/**
 * Failed sign-ins per key (an account and a client address, see loginFailureKey) in a sliding
 * window; an interface so instances can share a store.
 */
export interface LoginFailureStore {
  /** Failures recorded for this key within the last `windowMs`. */
  count(key: string, windowMs: number): Promise<number>;
  record(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** The sliding window of the per-account limit. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failures count per account AND client address: guessing from one address is throttled, yet
 * nobody can lock the owner out by failing on purpose from elsewhere. Spreading guesses over
 * many addresses still meets each address's limit and the per-address request rate limit.
 */
export function loginFailureKey(email: string, clientAddress: string): string {
  return `${email}\n${clientAddress}`;
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
    async count(key, windowMs) {
      return recent(key, windowMs).length;
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
