import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `POST /auth/forgot-password {email}`: the same answer for every address. */
export async function forgotPassword(email: string): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>(
    '/auth/forgot-password',
    { email },
    { skipAuth: true },
  );
  return data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
