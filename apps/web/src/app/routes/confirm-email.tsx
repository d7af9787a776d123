import { es } from '@ludoterm/contract/messages/es';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen.tsx';
import { paths } from '@/config/paths.ts';
import { meQueryKey } from '@/features/auth/api/get-me.ts';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import { ConfirmEmailPanel } from '@/features/glossaries/components/confirm-email-panel.tsx';
import { PublicPage } from '../public-page.tsx';

/**
 * /confirmar-correo?token=: the page the e-mailed confirmation link opens. Outside the shell so
 * that, without a session, it says what to do instead of losing the link to a redirect.
 */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const queryClient = useQueryClient();
  // The proof may make ADMIN_EMAIL's account admin: the header and menu read the user again.
  const refreshUser = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
    [queryClient],
  );

  if (session.status === 'loading') return <LoadingScreen />;
  return (
    <PublicPage title={es.emailConfirmation.title} size="xs">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md" bg="white">
        {session.user ? (
          <ConfirmEmailPanel token={params.get('token')} onConfirmed={refreshUser} />
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              {es.emailConfirmation.title}
            </Title>
            <Alert color="yellow" variant="light" role="alert">
              {es.emailConfirmation.signInFirst}
            </Alert>
            <Button component={Link} to={paths.login} fullWidth>
              {es.emailConfirmation.goToLogin}
            </Button>
          </Stack>
        )}
      </Paper>
    </PublicPage>
  );
}
