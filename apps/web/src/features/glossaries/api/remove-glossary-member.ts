import type { Member } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { glossaryKeys } from './query-keys.ts';

export interface RemoveGlossaryMemberInput {
  nombreSeguro: string;
  member: Pick<Member, 'user_id' | 'email'>;
}

/**
 * `DELETE /glosarios/{nombre_seguro}/miembros/{user_id}`, or `?email=` for an invitation
 * still pending (it has no user id yet).
 */
export async function removeGlossaryMember({
  nombreSeguro,
  member,
}: RemoveGlossaryMemberInput): Promise<void> {
  const base = `/glosarios/${encodeURIComponent(nombreSeguro)}/miembros`;
  await api.delete(
    member.user_id === null
      ? `${base}?email=${encodeURIComponent(member.email)}`
      : `${base}/${member.user_id}`,
  );
}

export function useRemoveGlossaryMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGlossaryMember,
    onSuccess: (_data, { nombreSeguro }) =>
      queryClient.invalidateQueries({ queryKey: glossaryKeys.members(nombreSeguro) }),
  });
}
