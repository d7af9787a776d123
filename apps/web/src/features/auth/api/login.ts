import type { LoginAnswer, LoginInput } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useStartSession } from '../hooks/use-start-session.ts';

/** `POST /auth/login`: the tokens, or `{requires_verification: true}` when a code was e-mailed. */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  const { data } = await api.post<LoginAnswer>('/auth/login', input, { skipAuth: true });
  return data;
}

/** Signs in; when the answer carries tokens the session starts before the promise settles. */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const answer = await login(input);
      if (!answer.requires_verification) await startSession(answer);
      return answer;
    },
  });
}
