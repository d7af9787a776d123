import { Paper } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form.tsx';
import { PublicPage } from '../public-page.tsx';

/** /restablecer-contrasena?token=: the page the e-mailed link opens. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <PublicPage title={es.passwordReset.resetTitle} size="xs">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md" bg="white">
        <ResetPasswordForm token={params.get('token')} />
      </Paper>
    </PublicPage>
  );
}
