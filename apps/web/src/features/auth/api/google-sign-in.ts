import type { Tokens } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useStartSession } from '../hooks/use-start-session.ts';

export interface GoogleSignInInput {
  id_token: string;
  /** The existing account's password, to link it with Google the first time. */
  password?: string;
}

/** `POST /auth/google {id_token, password?}`: tokens for the Google account's user. */
export async function googleSignIn(input: GoogleSignInInput): Promise<Tokens> {
  const { data } = await api.post<Tokens>('/auth/google', input, { skipAuth: true });
  return data;
}

export function useGoogleSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: GoogleSignInInput) => {
      const tokens = await googleSignIn(input);
      await startSession(tokens);
      return tokens;
    },
  });
}
