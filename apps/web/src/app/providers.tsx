import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { isSignedIn, subscribeToSession } from '../lib/auth-storage';
import { cssVariablesResolver, theme } from './theme';

// Toasts are shown only after something happens, so their code (and its scroll and transition helpers)
// loads after the first screen; notifications.show() calls made before it arrives are queued in its store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

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
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
