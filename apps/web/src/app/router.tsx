import { es } from '@ludoterm/contract/messages/es';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error.tsx';
import { LoadingScreen } from '@/components/ui/loading-screen.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from './route-handle.ts';

/**
 * A protected page: its header title, and its module loaded only when first visited
 * (route-level code splitting keeps the initial JavaScript small).
 */
function protectedPage(
  path: string,
  title: string,
  load: () => Promise<{ Component: React.ComponentType }>,
): RouteObject {
  const handle: RouteHandle = { title };
  return path === paths.home ? { index: true, handle, lazy: load } : { path, handle, lazy: load };
}

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        lazy: () =>
          import('./routes/guest-layout.tsx').then((m) => ({ Component: m.GuestLayoutRoute })),
        children: [
          {
            path: paths.login,
            lazy: () => import('./routes/login.tsx').then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: paths.register,
            lazy: () =>
              import('./routes/register.tsx').then((m) => ({ Component: m.RegisterRoute })),
          },
        ],
      },
      {
        path: paths.forgotPassword,
        lazy: () =>
          import('./routes/forgot-password.tsx').then((m) => ({
            Component: m.ForgotPasswordRoute,
          })),
      },
      {
        path: paths.resetPassword,
        lazy: () =>
          import('./routes/reset-password.tsx').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: paths.confirmEmail,
        lazy: () =>
          import('./routes/confirm-email.tsx').then((m) => ({ Component: m.ConfirmEmailRoute })),
      },
      {
        path: paths.legal,
        lazy: () => import('./routes/legal.tsx').then((m) => ({ Component: m.LegalRoute })),
      },
      {
        path: paths.privacy,
        lazy: () => import('./routes/privacy.tsx').then((m) => ({ Component: m.PrivacyRoute })),
      },
      {
        path: paths.cookies,
        lazy: () => import('./routes/cookies.tsx').then((m) => ({ Component: m.CookiesRoute })),
      },
      {
        path: paths.terms,
        lazy: () => import('./routes/terms.tsx').then((m) => ({ Component: m.TermsRoute })),
      },
      {
        path: paths.home,
        lazy: () =>
          import('./routes/app-layout.tsx').then((m) => ({ Component: m.AppLayoutRoute })),
        children: [
          protectedPage(paths.home, es.titles.home, () =>
            import('./routes/about.tsx').then((m) => ({ Component: m.AboutRoute })),
          ),
          protectedPage(paths.guide, es.titles.guide, () =>
            import('./routes/guide.tsx').then((m) => ({ Component: m.GuideRoute })),
          ),
          protectedPage(paths.docuterm, es.titles.docuterm, () =>
            import('./routes/docuterm.tsx').then((m) => ({ Component: m.DocutermRoute })),
          ),
          protectedPage(paths.glossaries, es.titles.glossaries, () =>
            import('./routes/glossaries.tsx').then((m) => ({ Component: m.GlossariesRoute })),
          ),
          protectedPage(paths.create, es.titles.create, () =>
            import('./routes/create.tsx').then((m) => ({ Component: m.CreateRoute })),
          ),
          protectedPage(paths.entries, es.titles.entries, () =>
            import('./routes/entries.tsx').then((m) => ({ Component: m.EntriesRoute })),
          ),
          protectedPage(paths.search, es.titles.search, () =>
            import('./routes/search.tsx').then((m) => ({ Component: m.SearchRoute })),
          ),
          protectedPage(paths.copy, es.titles.copy, () =>
            import('./routes/copy.tsx').then((m) => ({ Component: m.CopyRoute })),
          ),
          protectedPage(paths.extractor, es.titles.extractor, () =>
            import('./routes/extractor.tsx').then((m) => ({ Component: m.ExtractorRoute })),
          ),
          protectedPage(paths.export, es.titles.export, () =>
            import('./routes/export.tsx').then((m) => ({ Component: m.ExportRoute })),
          ),
          protectedPage(paths.profile, es.titles.profile, () =>
            import('./routes/profile.tsx').then((m) => ({ Component: m.ProfileRoute })),
          ),
          protectedPage(paths.users, es.titles.users, () =>
            import('./routes/users.tsx').then((m) => ({ Component: m.UsersRoute })),
          ),
          protectedPage(paths.tickets, es.titles.tickets, () =>
            import('./routes/tickets.tsx').then((m) => ({ Component: m.TicketsRoute })),
          ),
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
