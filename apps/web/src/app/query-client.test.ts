// The loads' retry policy: one quick retry for a dropped connection or a server failure, then the
// error; none for a refusal (4xx) or an unreadable answer.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { createQueryClient, LOAD_RETRY_DELAY_MS, shouldRetryLoad } from './query-client';

/** Fetches once through a fresh client with a function that always fails; how many calls it made. */
async function callsBeforeTheError(failure: () => unknown): Promise<number> {
  const client = createQueryClient();
  let calls = 0;
  await expect(
    client.fetchQuery({
      queryKey: ['failing'],
      queryFn: () => {
        calls += 1;
        throw failure();
      },
    }),
  ).rejects.toBeDefined();
  return calls;
}

describe('the retry policy for loads', () => {
  it('tries a dropped connection or a server failure once more, then gives up', async () => {
    expect(await callsBeforeTheError(() => new TypeError('Failed to fetch'))).toBe(2);
    expect(await callsBeforeTheError(() => new ApiError(503, null))).toBe(2);
  });

  it('never retries a refusal or an unreadable answer', async () => {
    expect(await callsBeforeTheError(() => new ApiError(404, { detail: 'Not found.' }))).toBe(1);
    expect(await callsBeforeTheError(() => new ApiError(403, null))).toBe(1);
    expect(await callsBeforeTheError(() => z.number().parse('x'))).toBe(1);
  });

  it('retries quickly, and only once', () => {
    expect(LOAD_RETRY_DELAY_MS).toBeLessThanOrEqual(500);
    expect(shouldRetryLoad(0, new ApiError(500, null))).toBe(true);
    expect(shouldRetryLoad(1, new ApiError(500, null))).toBe(false);
    const { retryDelay } = createQueryClient().getDefaultOptions().queries ?? {};
    expect(retryDelay).toBe(LOAD_RETRY_DELAY_MS);
  });
});
