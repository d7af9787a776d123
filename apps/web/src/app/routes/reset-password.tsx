import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PublicPage } from '../public-page.tsx';

/** /restablecer-contrasena?token= — placeholder until the password-reset issue lands. */
export function ResetPasswordRoute() {
  return (
    <PublicPage title={es.login.resetTitle} size="xs">
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={1} size="h2">
            {es.login.resetTitle}
          </Title>
          <Text>{es.login.forgotPending}</Text>
          <Anchor component={Link} to={paths.login}>
            {es.login.codeBack}
          </Anchor>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
