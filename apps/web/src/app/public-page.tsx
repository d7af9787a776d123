import { useDocumentTitle } from '@mantine/hooks';
import { es } from '@ludoterm/contract/messages/es';
import type { ReactNode } from 'react';
import { PublicLayout } from '@/components/layout/public-layout.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import { useContactEmail } from '@/features/health/api/get-health.ts';

/** Where the back link of a public page goes (spec section 2): / when signed in, else /login. */
export function useHomePath(): string {
  return useSession().status === 'authenticated' ? paths.home : paths.login;
}

export interface PublicPageProps {
  title: string;
  size?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** A page outside the shell, with its document title, brand header and footer. */
export function PublicPage({ title, size, children }: PublicPageProps) {
  const contactEmail = useContactEmail();
  const homePath = useHomePath();
  useDocumentTitle(`${title} · ${es.app.name} ${es.app.beta}`);
  return (
    <PublicLayout contactEmail={contactEmail} homePath={homePath} size={size}>
      {children}
    </PublicLayout>
  );
}
