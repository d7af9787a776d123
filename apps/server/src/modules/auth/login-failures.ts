/** Failed sign-ins per account in a sliding window; an interface so instances can share a store. */
export interface LoginFailureStore {
  /** Failures recorded for this e-mail within the last `windowMs`. */
  count(email: string, windowMs: number): Promise<number>;
  record(email: string): Promise<void>;
  clear(email: string): Promise<void>;
}

/** The sliding window of the per-account limit. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** In-memory store; old entries are dropped as they are read, and the map is capped. */
export function createMemoryLoginFailureStore(maxAccounts = 100_000): LoginFailureStore {
  const failures = new Map<string, number[]>();
  const recent = (email: string, windowMs: number) => {
    const since = Date.now() - windowMs;
    const times = (failures.get(email) ?? []).filter((t) => t > since);
    if (times.length) failures.set(email, times);
    else failures.delete(email);
    return times;
  };
  return {
    async count(email, windowMs) {
      return recent(email, windowMs).length;
    },
    async record(email) {
      const times = recent(email, LOGIN_FAILURE_WINDOW_MS);
      times.push(Date.now());
      failures.delete(email);
      failures.set(email, times);
      // Forget the oldest accounts first if an attacker sprays many addresses.
      while (failures.size > maxAccounts) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
    },
    async clear(email) {
      failures.delete(email);
    },
  };
}
