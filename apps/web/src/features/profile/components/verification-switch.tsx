import { Alert, Stack, Switch, Text } from '@mantine/core';
import type { User } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Outcome = { ok: true; on: boolean } | { ok: false; detail: string } | null;

export interface VerificationSwitchProps {
  user: User;
  onSaved: (user: User) => void | Promise<void>;
}

/** Turns the e-mailed sign-in code on or off (`verificacion_codigo`). */
export function VerificationSwitch({ user, onSaved }: VerificationSwitchProps) {
  const update = useUpdateProfile({ onSuccess: onSaved });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const checked = update.isPending
    ? Boolean(update.variables?.verificacion_codigo)
    : user.verificacion_codigo;

  const handleChange = async (on: boolean) => {
    setOutcome(null);
    try {
      await update.mutateAsync({ verificacion_codigo: on });
      setOutcome({ ok: true, on });
    } catch (error) {
      setOutcome({ ok: false, detail: errorMessage(error) });
    }
  };

  return (
    <Stack gap="xs">
      <Switch
        label={es.profile.codeSwitch}
        description={format(es.profile.codeSwitchHelp, { email: user.email })}
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => void handleChange(event.currentTarget.checked)}
        size="md"
      />
      {outcome?.ok && (
        <Alert color="green" variant="light" role="status" py="xs">
          {outcome.on ? es.profile.codeOn : es.profile.codeOff}
        </Alert>
      )}
      {outcome && !outcome.ok && (
        <Alert color="red" variant="light" role="alert" title={es.profile.codeError} py="xs">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {outcome.detail}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
