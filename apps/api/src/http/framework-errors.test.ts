// URLs Fastify refuses before routing (found by the fuzz test) still answer in DRF's error shape,
// without naming Fastify's internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';

describe.each(testDatabases())('errors met before routing (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    [
      'a malformed escape in a path parameter',
      '/api/diaries/entries/%E0%A4%A/',
      400,
      'The URL is malformed.',
    ],
    ['a lone percent sign', '/api/stocks/snapshots/%/', 400, 'The URL is malformed.'],
    [
      'an over-long path parameter',
      `/api/users/users/${'9'.repeat(200)}/`,
      414,
      'A part of the URL is too long.',
    ],
  ])('%s', async (_name, url, status, detail) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ detail, code: 'invalid_request' });
    expect(res.body).not.toMatch(/FST_|not a valid url component/);
  });
});
