import { es } from '@ludoterm/contract/messages/es';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AuthPanel } from '@/features/auth/components/auth-panel.tsx';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in.tsx';
import { RegisterForm } from '@/features/auth/components/register-form.tsx';
import { useGoogleClientId } from '@/features/health/api/get-health.ts';
import { PublicPage } from '../public-page.tsx';

/** /register. The Google button appears only when the installation offers it. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const googleClientId = useGoogleClientId();
  const goToGlossaries = () => void navigate(paths.glossaries, { replace: true });
  return (
    <PublicPage title={es.register.title}>
      <AuthPanel>
        <RegisterForm
          onSignedIn={goToGlossaries}
          identitySlot={
            googleClientId ? (
              <GoogleSignIn
                clientId={googleClientId}
                onSignedIn={goToGlossaries}
                text="signup_with"
              />
            ) : undefined
          }
        />
      </AuthPanel>
    </PublicPage>
  );
}
