import type { User } from '@ludoterm/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { tokenStore } from '@/lib/api-client.ts';
import { useMe } from '../api/get-me.ts';
import { useLogout } from './use-logout.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: User | null;
  logout: () => void;
}

/**
 * The session of spec section 4: loading until the me call finishes, signed in once the user
 * is known, signed out when there is no token; a failed me call signs out. Follows other tabs:
 * a tab that signs out signs this one out too.
 */
export function useSession(): Session {
  const accessToken = useSyncExternalStore(tokenStore.subscribe, tokenStore.getAccess, () => null);
  const hasToken = accessToken !== null;
  const me = useMe({ enabled: hasToken });
  const logout = useLogout();
  const failed = hasToken && me.isError;

  useEffect(() => {
    if (failed) logout();
  }, [failed, logout]);

  if (!hasToken || failed) return { status: 'anonymous', user: null, logout };
  if (me.data) return { status: 'authenticated', user: me.data, logout };
  return { status: 'loading', user: null, logout };
}
