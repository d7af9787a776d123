import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tokenStore } from '@/lib/api-client.ts';
import { logout } from '../api/logout.ts';

/**
 * Signs out here and now: both tokens removed and every cached answer dropped; the server is
 * told to revoke the refresh token's family on a best-effort basis (spec section 4).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const refreshToken = tokenStore.getRefresh();
    tokenStore.clear();
    queryClient.clear();
    if (refreshToken) void logout(refreshToken).catch(() => undefined);
  }, [queryClient]);
}
