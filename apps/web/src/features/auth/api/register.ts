import type { RegisterInput, User } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useStartSession } from '../hooks/use-start-session.ts';
import { login } from './login.ts';

/** `POST /auth/register {email, password}` → 201 with the new user. */
export async function register(input: RegisterInput): Promise<User> {
  const { data } = await api.post<User>('/auth/register', input, { skipAuth: true });
  return data;
}

/** Registers, then signs in with the same credentials (spec section 4). */
export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      await register(input);
      const answer = await login(input);
      if (!answer.requires_verification) await startSession(answer);
      return answer;
    },
  });
}
