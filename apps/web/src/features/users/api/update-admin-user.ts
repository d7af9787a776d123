import type { AdminUser, UpdateUserInput } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminUsersKey } from './get-admin-users.ts';

/** `PUT /admin/users/{id}` {role and/or plan}: administrators only. */
export async function updateAdminUser(id: number, input: UpdateUserInput): Promise<AdminUser> {
  const { data } = await api.put<AdminUser>(`/admin/users/${id}`, input);
  return data;
}

export function useUpdateAdminUser({ onSuccess }: { onSuccess?: (user: AdminUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) =>
      updateAdminUser(id, input),
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      onSuccess?.(user);
    },
  });
}
