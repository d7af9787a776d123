import type { EmailConfirmationStatus } from '@ludoterm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

/**
 * Under the glossaries' key: invitations to the user's address are glossaries that wait, and
 * confirming the address refreshes both at once.
 */
export const emailConfirmationKey = [...glossaryKeys.all, 'email-confirmation'] as const;

/** `GET /auth/email-confirmation`: whether the address is proven, and how many invitations wait. */
export async function getEmailConfirmationStatus(): Promise<EmailConfirmationStatus> {
  const { data } = await api.get<EmailConfirmationStatus>('/auth/email-confirmation');
  return data;
}

export function useEmailConfirmationStatus() {
  return useQuery(
    queryOptions({ queryKey: emailConfirmationKey, queryFn: getEmailConfirmationStatus }),
  );
}

/** `POST /auth/email-confirmation`: e-mails the signed-in user a link that proves the address. */
export async function sendEmailConfirmation(): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>('/auth/email-confirmation');
  return data;
}

export function useSendEmailConfirmation() {
  return useMutation({ mutationFn: sendEmailConfirmation });
}

/** `POST /auth/confirm-email {token}`: uses the link; the invited glossaries appear at once. */
export async function confirmEmail(token: string): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>('/auth/confirm-email', { token });
  return data;
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
}
