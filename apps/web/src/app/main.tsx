import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { paths } from '@/config/paths.ts';
import { apiClient } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

// The session could not be renewed: the client already removed both tokens; forget the
// user's data and go to /login (spec section 4).
apiClient.setOnUnauthorized(() => {
  queryClient.clear();
  void router.navigate(paths.login, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
