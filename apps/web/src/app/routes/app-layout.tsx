import { useDocumentTitle } from '@mantine/hooks';
import { es } from '@ludoterm/contract/messages/es';
import { Suspense } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { AppShell } from '@/components/layout/app-shell.tsx';
import { LoadingScreen } from '@/components/ui/loading-screen.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import { useContactEmail } from '@/features/health/api/get-health.ts';
import { titleOf } from '../route-handle.ts';

/**
 * Layout of every protected route: 'Cargando...' while the session loads, /login without one,
 * otherwise the shell with the title the route declares in its `handle`.
 */
export function AppLayoutRoute() {
  const session = useSession();
  const contactEmail = useContactEmail();
  const title =
    useMatches()
      .map((match) => titleOf(match.handle))
      .filter((t): t is string => Boolean(t))
      .at(-1) ?? es.app.name;
  useDocumentTitle(`${title} ${es.app.beta} · ${es.app.name}`);

  if (session.status === 'loading') return <LoadingScreen />;
  if (!session.user) return <Navigate to={paths.login} replace />;
  return (
    <AppShell
      title={title}
      user={session.user}
      contactEmail={contactEmail}
      onLogout={session.logout}
    >
      <Suspense fallback={<LoadingScreen fullHeight={false} />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
