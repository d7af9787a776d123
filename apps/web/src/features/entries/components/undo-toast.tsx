import { es } from '@ludoterm/contract/messages/es';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

let nextId = 0;

export interface UndoToastOptions {
  message: string;
  /** Restaurar: brings the deleted entries back. */
  onRestore: () => Promise<void>;
  /** The text shown when restoring fails. */
  restoreError: (error: unknown) => string;
}

/**
 * The toast after a deletion, with Restaurar and Descartar. It stays until one is pressed and
 * lives only in this page session (nothing is stored), as the spec says.
 */
export function showUndoToast({ message, onRestore, restoreError }: UndoToastOptions): string {
  nextId += 1;
  const id = `deshacer-${nextId}`;
  const restore = async () => {
    notifications.update({
      id,
      loading: true,
      message: <Text size="sm">{message}</Text>,
      autoClose: false,
    });
    try {
      await onRestore();
      notifications.hide(id);
    } catch (error) {
      notifications.update({
        id,
        color: 'red',
        loading: false,
        message: restoreError(error),
        autoClose: 8000,
      });
    }
  };
  notifications.show({
    id,
    autoClose: false,
    withCloseButton: false,
    message: (
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => void restore()}>
            {es.entries.undoRestore}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => notifications.hide(id)}>
            {es.entries.undoDismiss}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}
