import { es } from '@ludoterm/contract/messages/es';
import { RegisterForm } from '@/features/auth/components/register-form.tsx';
import { CredentialsPage } from '../credentials-page.tsx';

/** /register. */
export function RegisterRoute() {
  return <CredentialsPage title={es.register.title} Form={RegisterForm} googleText="signup_with" />;
}
