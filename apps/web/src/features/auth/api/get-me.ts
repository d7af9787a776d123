import type { User } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Key of the signed-in user; invalidate it after a profile change to update the header. */
export const meQueryKey = ['auth', 'me'] as const;

export async function getMe(): Promise<User> {
  const { data } = await api.get<User>('/auth/me');
  return data;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    // A failed me call ends the session (spec section 4): no silent retries.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
