import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE, TICKET_STATES, type Ticket, type TicketState } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useAdminTickets } from '../api/get-admin-tickets.ts';
import { useUpdateAdminTicket } from '../api/update-admin-ticket.ts';
import { formatDateTime } from '../utils/format-date.ts';
import { TicketTypeBadge } from './ticket-badges.tsx';
import { TicketImage } from './ticket-image.tsx';
import { SaveOutcomeAlert, type SaveOutcome } from '@/components/ui/save-outcome-alert.tsx';

const stateOptions = TICKET_STATES.map((value) => ({ value, label: es.tickets.states[value] }));

const controlLabels = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

interface TicketRowProps {
  ticket: Ticket;
  /** A table row on wide screens, a card on phones. */
  layout: 'row' | 'card';
  onOutcome: (outcome: SaveOutcome) => void;
}

function TicketRow({ ticket, layout, onOutcome }: TicketRowProps) {
  const update = useUpdateAdminTicket();
  const [estado, setEstado] = useState<TicketState>(ticket.estado);
  const [respuesta, setRespuesta] = useState(ticket.respuesta ?? '');
  const dirty = estado !== ticket.estado || respuesta.trim() !== (ticket.respuesta ?? '');

  const handleSave = async () => {
    onOutcome(null);
    try {
      await update.mutateAsync({
        id: ticket.id,
        input: { estado, respuesta: respuesta.trim() || null },
      });
      onOutcome({ ok: true });
    } catch (error) {
      onOutcome({ ok: false, detail: errorMessage(error) });
    }
  };

  const stateSelect = (
    <NativeSelect
      label={layout === 'card' ? es.tickets.columnState : undefined}
      aria-label={format(es.tickets.stateOf, { id: ticket.id })}
      data={stateOptions}
      value={estado}
      onChange={(event) => setEstado(event.currentTarget.value as TicketState)}
      size="sm"
    />
  );
  const answerInput = (
    <div>
      <Textarea
        label={layout === 'card' ? es.tickets.columnAnswer : undefined}
        aria-label={format(es.tickets.answerOf, { id: ticket.id })}
        value={respuesta}
        onChange={(event) => setRespuesta(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        size="sm"
      />
      {ticket.fecha_respuesta && (
        <Text size="xs" c="dimmed" mt={4}>
          {format(es.tickets.answeredOn, { date: formatDateTime(ticket.fecha_respuesta) })}
        </Text>
      )}
    </div>
  );
  const saveButton = (
    <Button
      size="sm"
      onClick={() => void handleSave()}
      disabled={!dirty}
      loading={update.isPending}
      aria-label={format(es.tickets.saveFor, { id: ticket.id })}
      fullWidth={layout === 'card'}
    >
      {es.tickets.save}
    </Button>
  );
  const description = (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={8}>
      {ticket.descripcion}
    </Text>
  );

  if (layout === 'card') {
    return (
      <Paper withBorder p="sm" radius="md" component="li">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {format(es.tickets.number, { id: ticket.id })}
            </Text>
            <TicketTypeBadge tipo={ticket.tipo} />
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(ticket.fecha)} · {ticket.email ?? '—'}
          </Text>
          {description}
          {ticket.imagen && <TicketImage ticketId={ticket.id} path={ticket.imagen} width={160} />}
          {stateSelect}
          {answerInput}
          {saveButton}
        </Stack>
      </Paper>
    );
  }

  return (
    <Table.Tr>
      <Table.Td miw={190} maw={240}>
        <Stack gap={4} align="flex-start">
          <Group gap={6}>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {format(es.tickets.number, { id: ticket.id })}
            </Text>
            <TicketTypeBadge tipo={ticket.tipo} />
          </Group>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {ticket.email ?? '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(ticket.fecha)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td miw={220}>{description}</Table.Td>
      <Table.Td>
        {ticket.imagen ? <TicketImage ticketId={ticket.id} path={ticket.imagen} width={96} /> : '—'}
      </Table.Td>
      <Table.Td miw={140}>{stateSelect}</Table.Td>
      <Table.Td miw={240}>{answerInput}</Table.Td>
      <Table.Td>{saveButton}</Table.Td>
    </Table.Tr>
  );
}

/** /usuarios: every ticket, 5 per page, with its image, state and answer editable. */
export function AdminTicketsTable() {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [page, setPage] = useState(1);
  const tickets = useAdminTickets(page);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const total = tickets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

  return (
    <Stack gap="sm" component="section" aria-labelledby="titulo-tickets-admin">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="titulo-tickets-admin">
          {es.users.ticketsTitle}
        </Title>
        {tickets.data && (
          <Text size="sm" c="dimmed">
            {format(es.users.total, { n: total })}
          </Text>
        )}
      </Group>
      {tickets.isError && (
        <Alert color="red" variant="light" role="alert">
          {es.users.loadTicketsError}
        </Alert>
      )}
      <SaveOutcomeAlert
        outcome={outcome}
        savedText={es.tickets.saved}
        errorTitle={es.users.ticketUpdateError}
        onClose={() => setOutcome(null)}
      />
      {tickets.data && isPhone && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {tickets.data.tickets.map((ticket) => (
            <TicketRow
              key={`${ticket.id}-${ticket.estado}-${ticket.respuesta ?? ''}`}
              ticket={ticket}
              layout="card"
              onOutcome={setOutcome}
            />
          ))}
          {tickets.data.tickets.length === 0 && <Text c="dimmed">{es.tickets.none}</Text>}
        </Stack>
      )}
      {tickets.data && !isPhone && (
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{es.tickets.columnTicket}</Table.Th>
                <Table.Th>{es.tickets.columnDescription}</Table.Th>
                <Table.Th>{es.tickets.columnImage}</Table.Th>
                <Table.Th>{es.tickets.columnState}</Table.Th>
                <Table.Th>{es.tickets.columnAnswer}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{es.users.columnActions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tickets.data.tickets.map((ticket) => (
                // Keyed by the answer too, so a saved row starts again from the server's values.
                <TicketRow
                  key={`${ticket.id}-${ticket.estado}-${ticket.respuesta ?? ''}`}
                  ticket={ticket}
                  layout="row"
                  onOutcome={setOutcome}
                />
              ))}
              {tickets.data.tickets.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">{es.tickets.none}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
          aria-label={format(es.users.pagination, { what: es.users.ticketsTitle.toLowerCase() })}
        />
      )}
    </Stack>
  );
}
