import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema, PASSWORD_MIN } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormSubmit } from './form-submit.tsx';
import { PasswordField } from './password-field.tsx';
import { StatusText } from '@/components/ui/status-text.tsx';

const resetFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    error: es.passwordReset.mismatch,
    path: ['repeat'],
  });
type ResetFormValues = z.infer<typeof resetFormSchema>;

/** /restablecer-contrasena?token=: the new password, twice; then every session is closed. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', repeat: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const linkInvalid = reset.error instanceof ApiError && reset.error.code === 'INVALID_RESET_LINK';

  const handleSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    await reset.mutateAsync({ token, password }).catch(() => undefined);
  });

  const heading = (
    <Title order={1} size="h2" id="titulo-restablecer">
      {es.passwordReset.resetTitle}
    </Title>
  );

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="green" variant="light" role="status">
          <StatusText text={es.passwordReset.resetDone} />
        </Alert>
        <Button component={Link} to={paths.login} fullWidth>
          {es.passwordReset.goToLogin}
        </Button>
      </Stack>
    );
  }

  if (!token || linkInvalid) {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="red" variant="light" role="alert">
          {linkInvalid ? errorMessage(reset.error) : es.passwordReset.missingToken}
        </Alert>
        <Button component={Link} to={paths.forgotPassword} fullWidth>
          {es.passwordReset.requestNew}
        </Button>
        <Anchor component={Link} to={paths.login} ta="center" size="sm">
          {es.passwordReset.backToLogin}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="titulo-restablecer">
      <Stack gap="md">
        {heading}
        <Text>{es.passwordReset.resetHelp}</Text>
        <PasswordField
          label={es.passwordReset.newPassword}
          description={es.register.passwordHelp}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label={es.passwordReset.repeatPassword}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          error={errors.repeat?.message}
          {...form.register('repeat')}
        />
        <FormSubmit error={reset.error} isSubmitting={isSubmitting}>
          {es.passwordReset.resetSubmit}
        </FormSubmit>
        <Anchor component={Link} to={paths.login} ta="center" size="sm">
          {es.passwordReset.backToLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
