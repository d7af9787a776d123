import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/error-message.ts';

/** The failure of a sign-in call, worded by the spec's error rule. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      styles={{ message: { whiteSpace: 'pre-wrap' } }}
    >
      {errorMessage(error)}
    </Alert>
  );
}
