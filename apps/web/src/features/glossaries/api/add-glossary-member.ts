import type { MemberRole } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

export interface AddGlossaryMemberInput {
  nombreSeguro: string;
  email: string;
  rol: MemberRole;
}

/**
 * `POST /glosarios/{nombre_seguro}/miembros {email, rol}` (204): shares the glossary, or
 * changes the role of someone who already has it. The answer is the same for an e-mail
 * without an account, which gets access once it registers and confirms the address.
 */
export async function addGlossaryMember({
  nombreSeguro,
  email,
  rol,
}: AddGlossaryMemberInput): Promise<void> {
  await api.post(`/glosarios/${encodeURIComponent(nombreSeguro)}/miembros`, { email, rol });
}

export function useAddGlossaryMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGlossaryMember,
    onSuccess: (_data, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: glossaryKeys.members(nombreSeguro) }),
  });
}
