import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { isSignedIn, subscribeToSession } from '../lib/auth-storage';
import { cssVariablesResolver, theme } from './theme';

/** Drops every cached query when the session ends (here or in another tab): no data leaks to the next user. */
function useClearCacheOnSignOut(queryClient: QueryClient): void {
  useEffect(
    () =>
      subscribeToSession(() => {
        if (!isSignedIn()) queryClient.clear();
      }),
    [queryClient],
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useClearCacheOnSignOut(queryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
