import { es } from '@ludoterm/contract/messages/es';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AuthPanel } from '@/features/auth/components/auth-panel.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { PublicPage } from '../public-page.tsx';

/** /login. The identity-provider button (issue 11) goes in the form's `identitySlot`. */
export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <PublicPage title={es.login.title}>
      <AuthPanel>
        <LoginForm onSignedIn={() => void navigate(paths.glossaries, { replace: true })} />
      </AuthPanel>
    </PublicPage>
  );
}
