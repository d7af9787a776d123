import { Alert, Text } from '@mantine/core';

/** How the last save of a row went: nothing yet, saved, or refused with the server's detail. */
export type SaveOutcome = { ok: true } | { ok: false; detail: string } | null;

interface SaveOutcomeAlertProps {
  outcome: SaveOutcome;
  savedText: string;
  errorTitle: string;
  onClose: () => void;
}

/** The green "saved" notice or the red error, with its detail, above an editable table. */
export function SaveOutcomeAlert({
  outcome,
  savedText,
  errorTitle,
  onClose,
}: SaveOutcomeAlertProps) {
  if (!outcome) return null;
  if (outcome.ok) {
    return (
      <Alert color="green" variant="light" role="status" withCloseButton onClose={onClose}>
        {savedText}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={errorTitle}
      withCloseButton
      onClose={onClose}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {outcome.detail}
      </Text>
    </Alert>
  );
}
