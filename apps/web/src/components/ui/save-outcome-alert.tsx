import { Alert, Text } from '@mantine/core';
import { StatusText } from './status-text.tsx';

/** How the last save of a row went: nothing yet, saved, or refused with the server's detail. */
export type SaveOutcome = { ok: true } | { ok: false; detail: string } | null;

interface SaveOutcomeAlertProps {
  outcome: SaveOutcome;
  savedText: string;
  errorTitle: string;
  /** When given, the notice has a close button. */
  onClose?: () => void;
  /** Less vertical padding, for a notice inside a form. */
  compact?: boolean;
}

/** The green "saved" notice or the red error, with its detail, after a save. */
export function SaveOutcomeAlert({
  outcome,
  savedText,
  errorTitle,
  onClose,
  compact = false,
}: SaveOutcomeAlertProps) {
  if (!outcome) return null;
  const py = compact ? 'xs' : undefined;
  if (outcome.ok) {
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        py={py}
        withCloseButton={!!onClose}
        onClose={onClose}
      >
        <StatusText text={savedText} />
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={<StatusText text={errorTitle} />}
      py={py}
      withCloseButton={!!onClose}
      onClose={onClose}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {outcome.detail}
      </Text>
    </Alert>
  );
}
