import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileInputSchema, type User } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SaveOutcomeAlert } from '@/components/ui/save-outcome-alert.tsx';
import { useSaveOutcome } from '@/components/ui/use-save-outcome.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const displayNameSchema = z.object({
  display_name: updateProfileInputSchema.shape.display_name.unwrap().unwrap(),
});
type DisplayNameValues = z.infer<typeof displayNameSchema>;

export interface DisplayNameFormProps {
  user: User;
  onSaved: (user: User) => void | Promise<void>;
}

/** The name others see; empty goes back to showing the e-mail. */
export function DisplayNameForm({ user, onSaved }: DisplayNameFormProps) {
  const update = useUpdateProfile({ onSuccess: onSaved });
  const { outcome, save } = useSaveOutcome();
  const form = useForm<DisplayNameValues>({
    resolver: zodResolver(displayNameSchema),
    values: { display_name: user.display_name ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ display_name }) => {
    await save(() => update.mutateAsync({ display_name: display_name || null }));
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
        <SaveOutcomeAlert
          outcome={outcome}
          savedText={es.profile.nameUpdated}
          errorTitle={es.profile.nameError}
          compact
        />
      </Stack>
    </form>
  );
}
