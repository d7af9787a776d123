import { Center, Loader, Stack, Text } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';

/** 'Cargando...' while the session or a page loads (spec section 2). */
export function LoadingScreen({ fullHeight = true }: { fullHeight?: boolean }) {
  return (
    <Center mih={fullHeight ? '100dvh' : 200} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text>{es.app.loading}</Text>
      </Stack>
    </Center>
  );
}
