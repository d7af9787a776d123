import { es } from '@ludoterm/contract/messages/es';
import { CookiePolicy } from '@/features/content/components/legal/cookie-policy.tsx';
import { LegalPage } from '@/features/content/components/legal/legal-page.tsx';
import { PublicPage, useHomePath } from '../public-page.tsx';

/** /cookies */
export function CookiesRoute() {
  const homePath = useHomePath();
  return (
    <PublicPage title={es.legal.cookiesTitle}>
      <LegalPage title={es.legal.cookiesTitle} backTo={homePath}>
        <CookiePolicy />
      </LegalPage>
    </PublicPage>
  );
}
