import { Badge } from '@mantine/core';
import type { Ticket, TicketState } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';

/** Background colour and a dark text shade that keeps AA contrast on it. */
const stateColors: Record<TicketState, [string, string]> = {
  pendiente: ['yellow', 'dark.7'],
  'en curso': ['blue', 'blue.9'],
  resuelto: ['green', 'green.9'],
};

export function TicketStateBadge({ estado }: { estado: TicketState }) {
  return (
    <Badge color={stateColors[estado][0]} c={stateColors[estado][1]} variant="light">
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
