import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { isSignedIn, subscribeToSession } from '../lib/auth-storage';
import { afterFirstPaint } from '../lib/first-paint';
import { preloadedScreenSettled } from './preload-screen';
import { cssVariablesResolver, theme } from './theme';

// Toasts are shown only after something happens, so their code (and its scroll and transition helpers)
// loads once the first screen is up and the browser is idle, not while that screen's own code is still
// downloading (decision 0022); notifications.show() calls made before it arrives are queued in its store.
// "Up": the screen's preloaded code has arrived (main.tsx), so an idle moment between its chunks does not
// count, and the browser has painted it (an idle moment before that frame came too early).
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** The toasts, mounted once the browser is first idle (only this component re-renders then). */
function IdleNotifications() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    let stopped = false;
    void Promise.all([preloadedScreenSettled(), afterFirstPaint()]).then(() => {
      if (stopped) return;
      if (typeof window.requestIdleCallback !== 'function') {
        const timer = setTimeout(() => setIdle(true), 1000);
        cancel = () => clearTimeout(timer);
        return;
      }
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, []);
  return idle ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}

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
      <IdleNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
