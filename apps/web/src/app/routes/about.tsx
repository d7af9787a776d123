import { AboutContent } from '@/features/content/components/about-content.tsx';

/** / — Inicio: what LudoTerm is. */
export function AboutRoute() {
  return <AboutContent />;
}
