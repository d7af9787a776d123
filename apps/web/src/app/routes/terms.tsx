import { es } from '@ludoterm/contract/messages/es';
import { TermsOfUse } from '@/features/content/components/legal/terms-of-use.tsx';
import { LegalPage } from '@/features/content/components/legal/legal-page.tsx';
import { useContactEmail } from '@/features/health/api/get-health.ts';
import { PublicPage, useHomePath } from '../public-page.tsx';

/** /terminos */
export function TermsRoute() {
  const contactEmail = useContactEmail();
  const homePath = useHomePath();
  return (
    <PublicPage title={es.legal.termsTitle}>
      <LegalPage title={es.legal.termsTitle} backTo={homePath}>
        <TermsOfUse contactEmail={contactEmail} />
      </LegalPage>
    </PublicPage>
  );
}
