import { Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { ADMIN_PAGE_SIZE, TICKET_STATES, type Ticket, type TicketState } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date.ts';
import { useAdminTickets } from '../api/get-admin-tickets.ts';
import { useUpdateAdminTicket } from '../api/update-admin-ticket.ts';
import { TicketTypeBadge } from './ticket-badges.tsx';
import { TicketImage } from './ticket-image.tsx';
import {
  AdminRowSelect,
  AdminSaveButton,
  AdminTable,
  type AdminRowContext,
} from '@/components/ui/admin-table.tsx';

const stateOptions = TICKET_STATES.map((value) => ({ value, label: es.tickets.states[value] }));

const columns = [
  es.tickets.columnTicket,
  es.tickets.columnDescription,
  es.tickets.columnImage,
  es.tickets.columnState,
  es.tickets.columnAnswer,
];

interface TicketRowProps extends AdminRowContext {
  ticket: Ticket;
}

function TicketRow({ ticket, layout, save }: TicketRowProps) {
  const update = useUpdateAdminTicket();
  const [estado, setEstado] = useState<TicketState>(ticket.estado);
  const [respuesta, setRespuesta] = useState(ticket.respuesta ?? '');
  const dirty = estado !== ticket.estado || respuesta.trim() !== (ticket.respuesta ?? '');

  const handleSave = () =>
    save(() =>
      update.mutateAsync({
        id: ticket.id,
        input: { estado, respuesta: respuesta.trim() || null },
      }),
    );

  const stateSelect = (
    <AdminRowSelect
      layout={layout}
      label={es.tickets.columnState}
      ariaLabel={format(es.tickets.stateOf, { id: ticket.id })}
      data={stateOptions}
      value={estado}
      onChange={setEstado}
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
    <AdminSaveButton
      layout={layout}
      dirty={dirty}
      isPending={update.isPending}
      onClick={() => void handleSave()}
      ariaLabel={format(es.tickets.saveFor, { id: ticket.id })}
    >
      {es.tickets.save}
    </AdminSaveButton>
  );
  const description = (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={8}>
      {ticket.descripcion}
    </Text>
  );

  if (layout === 'card') {
    return (
      <>
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
      </>
    );
  }

  return (
    <>
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
    </>
  );
}

/** /usuarios: every ticket, 5 per page, with its image, state and answer editable. */
export function AdminTicketsTable() {
  const [page, setPage] = useState(1);
  const tickets = useAdminTickets(page);

  return (
    <AdminTable
      title={es.users.ticketsTitle}
      titleId="titulo-tickets-admin"
      items={tickets.data?.tickets}
      total={tickets.data?.total ?? 0}
      page={page}
      pageSize={ADMIN_PAGE_SIZE}
      onPageChange={setPage}
      loadError={tickets.isError ? es.users.loadTicketsError : null}
      emptyText={es.tickets.none}
      columns={columns}
      minWidth={1000}
      savedText={es.tickets.saved}
      saveErrorTitle={es.users.ticketUpdateError}
      getKey={(ticket) => `${ticket.id}-${ticket.estado}-${ticket.respuesta ?? ''}`}
      renderItem={(ticket, context) => <TicketRow ticket={ticket} {...context} />}
    />
  );
}
