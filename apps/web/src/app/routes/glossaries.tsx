import { GlossaryAdmin } from '@/features/glossaries/components/glossary-admin.tsx';

/** /glosarios — Glosarios: the user's glossaries, their descriptions and sharing. */
export function GlossariesRoute() {
  return <GlossaryAdmin />;
}
