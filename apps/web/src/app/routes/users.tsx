import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { meQueryKey } from '@/features/auth/api/get-me.ts';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import { AdminTicketsTable } from '@/features/tickets/components/admin-tickets-table.tsx';
import { UsersTable } from '@/features/users/components/users-table.tsx';

/** /usuarios: accounts and tickets, for administrators (the server refuses anyone else too). */
export function UsersRoute() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const handleUserUpdated = useCallback(
    async (updated: AdminUser) => {
      // Changing one's own role or plan changes the header and the sidebar.
      if (updated.id === user?.id) await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient, user?.id],
  );
  if (!user) return null;

  if (user.role !== 'admin') {
    return (
      <Alert
        color="ludo"
        variant="light"
        icon={<IconLock aria-hidden />}
        title={es.users.adminOnly}
        role="alert"
        maw={640}
      >
        <Text size="sm">
          {es.users.adminOnlyHelp}{' '}
          <Anchor component={Link} to={paths.tickets}>
            {es.profile.newTicket}
          </Anchor>
        </Text>
      </Alert>
    );
  }

  return (
    <Stack gap={48}>
      <UsersTable onUserUpdated={handleUserUpdated} />
      <AdminTicketsTable />
    </Stack>
  );
}
