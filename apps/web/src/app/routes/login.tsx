import { es } from '@ludoterm/contract/messages/es';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { CredentialsPage } from '../credentials-page.tsx';

/** /login. */
export function LoginRoute() {
  return <CredentialsPage title={es.login.title} Form={LoginForm} googleText="continue_with" />;
}
