import { Grid } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import { MyTicketList } from '@/features/tickets/components/ticket-list.tsx';
import { TicketForm } from '@/features/tickets/components/ticket-form.tsx';

/** /tickets: the form for a new support ticket, and the user's tickets with their answers. */
export function TicketsRoute() {
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <TicketForm />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <MyTicketList title={es.tickets.listTitle} />
      </Grid.Col>
    </Grid>
  );
}
