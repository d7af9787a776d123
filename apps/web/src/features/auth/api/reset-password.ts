import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `POST /auth/reset-password {token, password}`: sets the password and ends every session. */
export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>('/auth/reset-password', input, {
    skipAuth: true,
  });
  return data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
