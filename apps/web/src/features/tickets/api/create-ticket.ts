import type { CreateTicketFields, Ticket } from '@ludoterm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export interface CreateTicketInput extends CreateTicketFields {
  /** Optional screenshot; the server checks and re-encodes it. */
  file: File | null;
}

/** Uploads can take longer than the usual 15 s on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** `POST /tickets/` as multipart {tipo, descripcion, email, file}. */
export async function createTicket(input: CreateTicketInput): Promise<Ticket> {
  const form = new FormData();
  form.append('tipo', input.tipo);
  form.append('descripcion', input.descripcion);
  if (input.email) form.append('email', input.email);
  if (input.file) form.append('file', input.file);
  const { data } = await api.post<Ticket>('/tickets/', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return data;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
