import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileInputSchema, type User } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '@/lib/error-message.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const displayNameSchema = z.object({
  display_name: updateProfileInputSchema.shape.display_name.unwrap().unwrap(),
});
type DisplayNameValues = z.infer<typeof displayNameSchema>;

type Outcome = { ok: true } | { ok: false; detail: string } | null;

export interface DisplayNameFormProps {
  user: User;
  onSaved: (user: User) => void | Promise<void>;
}

/** The name others see; empty goes back to showing the e-mail. */
export function DisplayNameForm({ user, onSaved }: DisplayNameFormProps) {
  const update = useUpdateProfile({ onSuccess: onSaved });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<DisplayNameValues>({
    resolver: zodResolver(displayNameSchema),
    values: { display_name: user.display_name ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ display_name }) => {
    setOutcome(null);
    try {
      await update.mutateAsync({ display_name: display_name || null });
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, detail: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={es.profile.displayName}
          description={es.profile.displayNameHelp}
          placeholder={es.profile.displayNamePlaceholder}
          autoComplete="nickname"
          maxLength={100}
          error={errors.display_name?.message}
          maw={420}
          {...form.register('display_name')}
        />
        <div>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {es.profile.save}
          </Button>
        </div>
        {outcome?.ok && (
          <Alert color="green" variant="light" role="status" py="xs">
            {es.profile.nameUpdated}
          </Alert>
        )}
        {outcome && !outcome.ok && (
          <Alert color="red" variant="light" role="alert" title={es.profile.nameError} py="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {outcome.detail}
            </Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
