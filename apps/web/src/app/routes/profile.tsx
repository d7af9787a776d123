import { Button, Divider, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { User } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { IconLogout, IconMessagePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { paths } from '@/config/paths.ts';
import { meQueryKey } from '@/features/auth/api/get-me.ts';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import { AccountDetails } from '@/features/profile/components/account-details.tsx';
import { AvatarUploader } from '@/features/profile/components/avatar-uploader.tsx';
import { DisplayNameForm } from '@/features/profile/components/display-name-form.tsx';
import { VerificationSwitch } from '@/features/profile/components/verification-switch.tsx';
import { MyTicketList } from '@/features/tickets/components/ticket-list.tsx';

/**
 * /perfil: avatar, account data, display name, the sign-in code, logout and own tickets.
 * Every change replaces the signed-in user in the cache, so the header shows it at once.
 */
export function ProfileRoute() {
  const { user, logout } = useSession();
  const queryClient = useQueryClient();
  const handleUserChanged = useCallback(
    async (updated: User) => {
      queryClient.setQueryData(meQueryKey, updated);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );
  if (!user) return null;

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard titleId="titulo-cuenta">
          <Stack gap="lg">
            <Title order={2} size="h3" id="titulo-cuenta">
              {es.profile.accountTitle}
            </Title>
            <Group align="flex-start" gap="xl">
              <AvatarUploader user={user} onUploaded={handleUserChanged} />
              <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <AccountDetails user={user} />
              </div>
            </Group>
          </Stack>
        </SectionCard>
        <SectionCard titleId="titulo-seguridad">
          <Stack gap="lg">
            <DisplayNameForm user={user} onSaved={handleUserChanged} />
            <Divider />
            <Title order={2} size="h3" id="titulo-seguridad">
              {es.profile.securityTitle}
            </Title>
            <VerificationSwitch user={user} onSaved={handleUserChanged} />
            <Divider />
            <div>
              <Button
                variant="light"
                color="red"
                leftSection={<IconLogout size={18} aria-hidden />}
                onClick={logout}
              >
                {es.profile.logout}
              </Button>
            </div>
          </Stack>
        </SectionCard>
      </SimpleGrid>
      <Stack gap="sm">
        <MyTicketList title={es.profile.myTickets} />
        <div>
          <Button
            component={Link}
            to={paths.tickets}
            variant="default"
            leftSection={<IconMessagePlus size={18} aria-hidden />}
          >
            {es.profile.newTicket}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
