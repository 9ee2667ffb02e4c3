import { QueryClient } from '@tanstack/react-query';
import { isTransientFailure } from '../lib/api-client';

/** A failed load is tried once more after this long, then shown (with its 'Try again' button). */
export const LOAD_RETRY_DELAY_MS = 400;

/**
 * Loads: one quick retry when no answer came or the server failed (a dropped connection, a server
 * restarting), then the error and its retry button. Never for a 4xx or an unreadable answer,
 * which would fail the same way. TanStack Query's default (three retries, 1-2-4 s apart) left the
 * user looking at a spinner for seconds before learning anything; one retry 0.4 s later catches a
 * blip and the user decides the rest.
 */
export function shouldRetryLoad(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isTransientFailure(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryLoad,
        retryDelay: LOAD_RETRY_DELAY_MS,
        refetchOnWindowFocus: true,
      },
    },
  });
}
