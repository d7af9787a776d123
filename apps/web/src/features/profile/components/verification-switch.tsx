import { Stack, Switch } from '@mantine/core';
import type { User } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useState } from 'react';
import { SaveOutcomeAlert } from '@/components/ui/save-outcome-alert.tsx';
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
  // The switch shows the new position from the click on (set in the click's own render, not
  // when the mutation's state arrives a tick later), and the saved one once the save settles.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? user.verificacion_codigo;

  const handleChange = async (on: boolean) => {
    setOutcome(null);
    setWanted(on);
    try {
      await update.mutateAsync({ verificacion_codigo: on });
      setOutcome({ ok: true, on });
    } catch (error) {
      setOutcome({ ok: false, detail: errorMessage(error) });
    } finally {
      setWanted(null);
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
      <SaveOutcomeAlert
        outcome={outcome}
        savedText={outcome?.ok && outcome.on ? es.profile.codeOn : es.profile.codeOff}
        errorTitle={es.profile.codeError}
        compact
      />
    </Stack>
  );
}
