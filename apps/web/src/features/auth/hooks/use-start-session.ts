import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tokenStore } from '@/lib/api-client.ts';
import type { TokenPair } from '@/lib/token-store.ts';
import { meQueryOptions } from '../api/get-me.ts';

/** Stores a fresh token pair and loads the user, so the next page opens signed in. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async (tokens: TokenPair) => {
      queryClient.clear();
      tokenStore.set({ access_token: tokens.access_token, refresh_token: tokens.refresh_token });
      await queryClient.fetchQuery(meQueryOptions());
    },
    [queryClient],
  );
}
