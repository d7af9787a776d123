import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Ticket } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useMyTickets } from '../api/get-my-tickets.ts';
import { StatusText } from '@/components/ui/status-text.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { TicketStateBadge, TicketTypeBadge } from './ticket-badges.tsx';
import { TicketImage } from './ticket-image.tsx';

function TicketCard({ ticket }: { ticket: Ticket }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={`ticket-${ticket.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={600} id={`ticket-${ticket.id}`}>
              {format(es.tickets.number, { id: ticket.id })}
            </Text>
            <TicketTypeBadge tipo={ticket.tipo} />
            <TicketStateBadge estado={ticket.estado} />
          </Group>
          <Text size="sm" c="dimmed">
            {format(es.tickets.sentOn, { date: formatDateTime(ticket.fecha) })}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ticket.descripcion}
        </Text>
        {ticket.imagen && <TicketImage ticketId={ticket.id} path={ticket.imagen} />}
        {ticket.respuesta ? (
          <Paper bg="var(--mantine-color-ludo-0)" p="sm" radius="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {es.tickets.answer}
                </Text>
                {ticket.fecha_respuesta && (
                  <Text size="xs" c="dimmed">
                    {format(es.tickets.answeredOn, {
                      date: formatDateTime(ticket.fecha_respuesta),
                    })}
                  </Text>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {ticket.respuesta}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            {es.tickets.noAnswer}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export interface MyTicketListProps {
  /** Heading level and text of the list; the profile says 'Mis tickets', /tickets 'Tus tickets'. */
  title: string;
}

/** The signed-in user's tickets with their state and the administrators' answers. */
export function MyTicketList({ title }: MyTicketListProps) {
  const tickets = useMyTickets();
  return (
    <Stack gap="sm" component="section" aria-labelledby="lista-tickets">
      <Title order={2} size="h3" id="lista-tickets">
        {title}
      </Title>
      {tickets.isPending && <Skeleton height={96} radius="md" />}
      {tickets.isError && (
        <Alert color="red" variant="light" role="alert">
          <StatusText text={es.tickets.loadError} />
        </Alert>
      )}
      {tickets.data?.length === 0 && <Text c="dimmed">{es.tickets.empty}</Text>}
      {tickets.data?.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} />
      ))}
    </Stack>
  );
}
