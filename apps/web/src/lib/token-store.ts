/**
 * The session tokens, kept in local storage as the spec says (keys `access_token` and
 * `refresh_token`). Shared by every tab of the origin: a tab that rotates or removes them is
 * seen by the others through the `storage` event.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  set(tokens: TokenPair): void;
  clear(): void;
  /** Called when the tokens change in this tab or in another one. */
  subscribe(listener: () => void): () => void;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function createTokenStore(
  storage: Storage = window.localStorage,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = window,
): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) {
      notify();
    }
  };

  return {
    getAccess: () => read(storage, ACCESS_TOKEN_KEY),
    getRefresh: () => read(storage, REFRESH_TOKEN_KEY),
    set(tokens) {
      storage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
      storage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
      notify();
    },
    clear() {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) events?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage);
      };
    },
  };
}
