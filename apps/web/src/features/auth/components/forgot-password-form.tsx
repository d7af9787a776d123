import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordInputSchema } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { EmailInput } from './email-input.tsx';
import { FormSubmit } from './form-submit.tsx';

type ForgotPasswordValues = z.infer<typeof forgotPasswordInputSchema>;

/** /forgot-password: asks for a reset link; the confirmation is the same for every address. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ email }) => {
    await forgot.mutateAsync(email).catch(() => undefined);
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="titulo-recuperar">
      <Stack gap="md">
        <Title order={1} size="h2" id="titulo-recuperar">
          {es.passwordReset.forgotTitle}
        </Title>
        {forgot.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {es.passwordReset.forgotSent}
          </Alert>
        ) : (
          <>
            <Text>{es.passwordReset.forgotHelp}</Text>
            <EmailInput error={errors.email?.message} {...form.register('email')} />
            <FormSubmit error={forgot.error} isSubmitting={isSubmitting}>
              {es.passwordReset.forgotSubmit}
            </FormSubmit>
          </>
        )}
        <Anchor component={Link} to={paths.login} ta="center" size="sm">
          {es.passwordReset.backToLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
