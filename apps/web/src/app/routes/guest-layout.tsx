import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/features/auth/hooks/use-session.ts';

/** /login and /register: a signed-in user goes straight to /glosarios. */
export function GuestLayoutRoute() {
  const { status } = useSession();
  if (status === 'authenticated') return <Navigate to={paths.glossaries} replace />;
  return <Outlet />;
}
