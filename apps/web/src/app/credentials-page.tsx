import { useNavigate } from 'react-router';
import type { ComponentType, ReactNode } from 'react';
import { paths } from '@/config/paths.ts';
import { useGoogleClientId } from '@/features/health/api/get-health.ts';
import { AuthPanel } from '@/features/auth/components/auth-panel.tsx';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in.tsx';
import { PublicPage } from './public-page.tsx';

interface CredentialsFormProps {
  onSignedIn: () => void;
  identitySlot?: ReactNode;
}

interface CredentialsPageProps {
  title: string;
  Form: ComponentType<CredentialsFormProps>;
  /** The Google button's wording for this page. */
  googleText: 'continue_with' | 'signup_with';
}

/**
 * /login and /register: the public page with its panel, the form, and the Google button only when the
 * installation offers it; both end on /glosarios.
 */
export function CredentialsPage({ title, Form, googleText }: CredentialsPageProps) {
  const navigate = useNavigate();
  const googleClientId = useGoogleClientId();
  const goToGlossaries = () => void navigate(paths.glossaries, { replace: true });
  return (
    <PublicPage title={title}>
      <AuthPanel>
        <Form
          onSignedIn={goToGlossaries}
          identitySlot={
            googleClientId ? (
              <GoogleSignIn
                clientId={googleClientId}
                onSignedIn={goToGlossaries}
                text={googleText}
              />
            ) : undefined
          }
        />
      </AuthPanel>
    </PublicPage>
  );
}
