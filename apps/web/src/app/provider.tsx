import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so every test starts with an empty cache. */
  queryClient?: QueryClient;
  /**
   * Tests pass 'test': no transitions (whose timers could fire after a test's page is gone)
   * and no portals.
   */
  mantineEnv?: 'default' | 'test';
}

/** Everything every page relies on: Mantine, TanStack Query, notifications and modals. */
export function AppProvider({
  children,
  queryClient = appQueryClient,
  mantineEnv = 'default',
}: AppProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={mantineEnv}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
          {/* Bottom right: at the top, toasts would cover the header's title, Perfil and Salir. */}
          <Notifications position="bottom-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
