import type { Ticket } from '@ludoterm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

/** `GET /tickets/mine`: the signed-in user's tickets, newest first. */
export async function getMyTickets(): Promise<Ticket[]> {
  const { data } = await api.get<Ticket[]>('/tickets/mine');
  return data;
}

export function myTicketsQueryOptions() {
  return queryOptions({ queryKey: ticketKeys.mine(), queryFn: getMyTickets });
}

export function useMyTickets() {
  return useQuery(myTicketsQueryOptions());
}
