import { Alert, Text } from '@mantine/core';
import { StatusText } from './status-text.tsx';

/** The outcome of the last action: a short line and, when it adds something, a detail. */
export type StatusMessageValue = {
  kind: 'ok' | 'warning' | 'error';
  text: string;
  detail?: string;
} | null;

const colors = { ok: 'green', warning: 'yellow', error: 'red' } as const;

/** The last action's outcome, in a live region that screen readers announce politely. */
export function StatusMessage({ message }: { message: StatusMessageValue }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <Alert color={colors[message.kind]} variant="light">
          <Text size="sm" fw={500}>
            <StatusText text={message.text} />
          </Text>
          {message.detail && message.detail !== message.text && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.detail}
            </Text>
          )}
        </Alert>
      )}
    </div>
  );
}
