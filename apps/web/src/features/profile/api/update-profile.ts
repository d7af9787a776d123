import type { UpdateProfileInput, User } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `PUT /auth/profile` {display_name and/or verificacion_codigo}: answers the updated user. */
export async function updateProfile(input: UpdateProfileInput): Promise<User> {
  const { data } = await api.put<User>('/auth/profile', input);
  return data;
}

/** `onSuccess` lets the page refresh the signed-in user, so the header changes at once. */
export function useUpdateProfile({
  onSuccess,
}: { onSuccess?: (user: User) => void | Promise<void> } = {}) {
  return useMutation({ mutationFn: updateProfile, onSuccess });
}
