import { ADMIN_PAGE_SIZE, TOTAL_COUNT_HEADER, type Ticket } from '@ludoterm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export interface TicketPage {
  tickets: Ticket[];
  total: number;
}

/** `GET /admin/tickets?pagina=&por_pagina=`: one page of every ticket, newest first. */
export async function getAdminTickets(
  pagina: number,
  porPagina = ADMIN_PAGE_SIZE,
): Promise<TicketPage> {
  const query = new URLSearchParams({ pagina: String(pagina), por_pagina: String(porPagina) });
  const { data, headers } = await api.get<Ticket[]>(`/admin/tickets?${query}`);
  const total = Number(
    (headers as Record<string, unknown>)[TOTAL_COUNT_HEADER.toLowerCase()] ?? data.length,
  );
  return { tickets: data, total: Number.isFinite(total) ? total : data.length };
}

export function adminTicketsQueryOptions(pagina: number, porPagina = ADMIN_PAGE_SIZE) {
  return queryOptions({
    queryKey: ticketKeys.admin(pagina, porPagina),
    queryFn: () => getAdminTickets(pagina, porPagina),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTickets(pagina: number, porPagina = ADMIN_PAGE_SIZE) {
  return useQuery(adminTicketsQueryOptions(pagina, porPagina));
}
