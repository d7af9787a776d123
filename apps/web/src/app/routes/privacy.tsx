import { es } from '@ludoterm/contract/messages/es';
import { PrivacyPolicy } from '@/features/content/components/legal/privacy-policy.tsx';
import { LegalPage } from '@/features/content/components/legal/legal-page.tsx';
import { useContactEmail } from '@/features/health/api/get-health.ts';
import { PublicPage, useHomePath } from '../public-page.tsx';

/** /privacidad */
export function PrivacyRoute() {
  const contactEmail = useContactEmail();
  const homePath = useHomePath();
  return (
    <PublicPage title={es.legal.privacyTitle}>
      <LegalPage title={es.legal.privacyTitle} backTo={homePath}>
        <PrivacyPolicy contactEmail={contactEmail} />
      </LegalPage>
    </PublicPage>
  );
}
