import { Paper } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';
import { PublicPage } from '../public-page.tsx';

/** /forgot-password: asks for a password-reset link by e-mail. */
export function ForgotPasswordRoute() {
  return (
    <PublicPage title={es.passwordReset.forgotTitle} size="xs">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md" bg="white">
        <ForgotPasswordForm />
      </Paper>
    </PublicPage>
  );
}
