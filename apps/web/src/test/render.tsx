import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider.tsx';
import { routes } from '@/app/router.tsx';
import { api } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { fakeAdapter, type FixtureHandler } from './fake-http.ts';

/** Answers every call with the handler's fixtures; returns the log of calls. */
export function serveApi(handler: FixtureHandler) {
  const fake = fakeAdapter(handler);
  api.defaults.adapter = fake.adapter;
  return fake.calls;
}

/** Renders the whole app (every route of router.tsx) at `path`, with an empty cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element inside the app's providers, under a router so its links work. */
export function renderWithProviders(element: ReactElement) {
  return render(
    <AppProvider queryClient={createQueryClient()} mantineEnv="test">
      <MemoryRouter>{element}</MemoryRouter>
    </AppProvider>,
  );
}
