import { es, format } from '@ludoterm/contract/messages/es';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { StatusText } from '@/components/ui/status-text.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useConfirmEmail } from '../api/email-confirmation.ts';

export interface ConfirmEmailPanelProps {
  /** The token of the e-mailed link; null when the link arrived cut. */
  token: string | null;
  /** Called once the address is confirmed (the session's user may have changed role). */
  onConfirmed?: () => void;
}

/**
 * /confirmar-correo?token=, for a signed-in user: uses the link as soon as the page opens
 * (it only works for the account it was sent to) and says how it went.
 */
export function ConfirmEmailPanel({ token, onConfirmed }: ConfirmEmailPanelProps) {
  const confirm = useConfirmEmail();
  // Once per page: the link is single-use, and React may run effects twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, { onSuccess: () => onConfirmed?.() });
  }, [token, confirm, onConfirmed]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {es.emailConfirmation.title}
      </Title>
      {!token && (
        <Alert color="red" variant="light" role="alert">
          {es.emailConfirmation.missingToken}
        </Alert>
      )}
      {token && (confirm.isIdle || confirm.isPending) && (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{es.emailConfirmation.confirming}</Text>
        </Stack>
      )}
      {confirm.isSuccess && (
        <Alert color="green" variant="light" role="status">
          <StatusText text={es.emailConfirmation.done} />
        </Alert>
      )}
      {confirm.isError && (
        <Alert color="red" variant="light" role="alert">
          <StatusText
            text={format(es.emailConfirmation.failed, { detail: errorMessage(confirm.error) })}
          />
        </Alert>
      )}
      <Button component={Link} to={paths.glossaries} fullWidth>
        {es.emailConfirmation.goToGlossaries}
      </Button>
    </Stack>
  );
}
