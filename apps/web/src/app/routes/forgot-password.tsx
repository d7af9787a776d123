import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PublicPage } from '../public-page.tsx';

/** /forgot-password — placeholder until the password-reset issue lands. */
export function ForgotPasswordRoute() {
  return (
    <PublicPage title={es.login.forgotTitle} size="xs">
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={1} size="h2">
            {es.login.forgotTitle}
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
