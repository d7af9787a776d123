import { es } from '@ludoterm/contract/messages/es';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AuthPanel } from '@/features/auth/components/auth-panel.tsx';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { useGoogleClientId } from '@/features/health/api/get-health.ts';
import { PublicPage } from '../public-page.tsx';

/** /login. The Google button appears only when the installation offers it. */
export function LoginRoute() {
  const navigate = useNavigate();
  const googleClientId = useGoogleClientId();
  const goToGlossaries = () => void navigate(paths.glossaries, { replace: true });
  return (
    <PublicPage title={es.login.title}>
      <AuthPanel>
        <LoginForm
          onSignedIn={goToGlossaries}
          identitySlot={
            googleClientId ? (
              <GoogleSignIn
                clientId={googleClientId}
                onSignedIn={goToGlossaries}
                text="continue_with"
              />
            ) : undefined
          }
        />
      </AuthPanel>
    </PublicPage>
  );
}
