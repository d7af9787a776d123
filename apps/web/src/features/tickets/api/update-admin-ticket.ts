import type { Ticket, UpdateTicketInput } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

/** `PUT /admin/tickets/{id}` {estado and/or respuesta}: administrators only. */
export async function updateAdminTicket(id: number, input: UpdateTicketInput): Promise<Ticket> {
  const { data } = await api.put<Ticket>(`/admin/tickets/${id}`, input);
  return data;
}

export function useUpdateAdminTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateTicketInput }) =>
      updateAdminTicket(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
