import { es } from '@ludoterm/contract/messages/es';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AuthPanel } from '@/features/auth/components/auth-panel.tsx';
import { RegisterForm } from '@/features/auth/components/register-form.tsx';
import { PublicPage } from '../public-page.tsx';

/** /register. The identity-provider button (issue 11) goes in the form's `identitySlot`. */
export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <PublicPage title={es.register.title}>
      <AuthPanel>
        <RegisterForm onSignedIn={() => void navigate(paths.glossaries, { replace: true })} />
      </AuthPanel>
    </PublicPage>
  );
}
