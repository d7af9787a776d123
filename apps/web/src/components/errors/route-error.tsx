import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';

/**
 * Shown when a page cannot be drawn, usually because its code chunk failed to load after a
 * new version was deployed: a reload fetches the new one.
 */
export function RouteError() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={480} ta="center" role="alert">
        <Title order={1} size="h3">
          {es.app.pageLoadError}
        </Title>
        <Text>{es.app.pageLoadErrorHelp}</Text>
        <Button onClick={() => window.location.reload()}>{es.app.reload}</Button>
      </Stack>
    </Center>
  );
}
