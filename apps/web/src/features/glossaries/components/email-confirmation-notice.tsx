import { es, format, plural } from '@ludoterm/contract/messages/es';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { StatusText } from '@/components/ui/status-text.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useEmailConfirmationStatus, useSendEmailConfirmation } from '../api/email-confirmation.ts';

/**
 * On /glosarios, while glossaries shared with the user's address wait for the proof that the
 * address is theirs: how many wait, and a button that e-mails the confirmation link.
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const status = useEmailConfirmationStatus();
  const send = useSendEmailConfirmation();
  const waiting =
    status.data?.correo_confirmado === false ? status.data.invitaciones_pendientes : 0;
  if (waiting === 0) return null;
  const outcome = send.isSuccess
    ? format(es.emailConfirmation.sent, { email })
    : send.isError
      ? format(es.emailConfirmation.sendError, { detail: errorMessage(send.error) })
      : null;

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailForward size={20} aria-hidden />}
      title={plural(es.emailConfirmation.notice, waiting)}
      aria-label={plural(es.emailConfirmation.notice, waiting)}
      role="region"
      maw={720}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {format(es.emailConfirmation.noticeHelp, { email })}
        </Text>
        <Button
          size="sm"
          loading={send.isPending}
          onClick={() => send.mutate()}
          leftSection={<IconMailForward size={16} aria-hidden />}
        >
          {send.isSuccess ? es.emailConfirmation.sendAgain : es.emailConfirmation.send}
        </Button>
        <div role="status" aria-live="polite">
          {outcome && (
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              <StatusText text={outcome} />
            </Text>
          )}
        </div>
      </Stack>
    </Alert>
  );
}
