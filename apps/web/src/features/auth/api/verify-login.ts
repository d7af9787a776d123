import type { Tokens, VerifyLoginInput } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useStartSession } from '../hooks/use-start-session.ts';

/** `POST /auth/verify-login {email, code}`: the second step of a sign-in with a code. */
export async function verifyLogin(input: VerifyLoginInput): Promise<Tokens> {
  const { data } = await api.post<Tokens>('/auth/verify-login', input, { skipAuth: true });
  return data;
}

export function useVerifyLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: VerifyLoginInput) => {
      const tokens = await verifyLogin(input);
      await startSession(tokens);
      return tokens;
    },
  });
}
