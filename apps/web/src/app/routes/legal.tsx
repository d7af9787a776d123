import { es } from '@ludoterm/contract/messages/es';
import { LegalNotice } from '@/features/content/components/legal/legal-notice.tsx';
import { LegalPage } from '@/features/content/components/legal/legal-page.tsx';
import { useContactEmail } from '@/features/health/api/get-health.ts';
import { PublicPage, useHomePath } from '../public-page.tsx';

/** /legal */
export function LegalRoute() {
  const contactEmail = useContactEmail();
  const homePath = useHomePath();
  return (
    <PublicPage title={es.legal.legalTitle}>
      <LegalPage title={es.legal.legalTitle} backTo={homePath}>
        <LegalNotice contactEmail={contactEmail} />
      </LegalPage>
    </PublicPage>
  );
}
