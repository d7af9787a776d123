import { Badge } from '@mantine/core';
import type { Ticket, TicketState } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';

const stateColors: Record<TicketState, string> = {
  pendiente: 'yellow',
  'en curso': 'blue',
  resuelto: 'green',
};

export function TicketStateBadge({ estado }: { estado: TicketState }) {
  return (
    <Badge color={stateColors[estado]} variant="light" autoContrast>
      {es.tickets.states[estado]}
    </Badge>
  );
}

export function TicketTypeBadge({ tipo }: { tipo: Ticket['tipo'] }) {
  return (
    <Badge color="gray" variant="outline">
      {es.tickets.types[tipo]}
    </Badge>
  );
}
