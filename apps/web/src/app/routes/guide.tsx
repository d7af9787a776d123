import { GuideContent } from '@/features/content/components/guide/guide-content.tsx';

/** /guia — Guía rápida sobre LudoTerm. */
export function GuideRoute() {
  return <GuideContent />;
}
