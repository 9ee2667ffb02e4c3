// Bodies and parameters the fuzz test found answered with a 500: text holding a NUL character
// (PostgreSQL cannot store one) and multipart bodies the parser cannot read. Both are 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../test/harness';

describe.each(testDatabases())('hostile bodies (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = bearer((await signIn(t.app, ADMIN.email, ADMIN.password)).access);
  });
  afterAll(() => t.close());

  it('refuses a NUL character in a query string, a JSON body or a form field', async () => {
    const nul = encodeURIComponent('\u0000');
    const cases = [
      { method: 'GET', url: `/api/stocks/realtime/?tickers=${nul}p`, field: 'tickers' },
      { method: 'GET', url: `/api/users/users/?search=a${nul}`, field: 'search' },
      { method: 'POST', url: '/api/stocks/watchlists/', payload: { name: 'a\u0000b' }, field: 'name' },
      {
        method: 'POST',
        url: '/api/diaries/categories/',
        payload: { title: ['x', 'y\u0000'] },
        field: 'title.1',
      },
      { method: 'PUT', url: '/api/users/profile/', payload: { first_name: '\u0000' }, field: 'first_name' },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: admin,
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual({ [c.field]: ['Null characters are not allowed.'] });
    }
    const boundary = 'fuzzboundary';
    const form = `--${boundary}\r\ncontent-disposition: form-data; name="last_name"\r\n\r\nA\u0000B\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ last_name: ['Null characters are not allowed.'] });
  });

  it('answers 400 to a multipart body without a usable boundary or cut short', async () => {
    const cut =
      '--b\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\ncontent-type: text/plain\r\n\r\nPK';
    const cases = [
      { url: '/api/users/users/', method: 'POST', type: 'multipart/form-data', payload: 'x' },
      { url: '/api/users/users/', method: 'POST', type: 'multipart/form-data; boundary=', payload: 'x' },
      { url: '/api/users/profile/', method: 'PUT', type: 'multipart/form-data', payload: 'x' },
      {
        url: '/api/users/users/import/',
        method: 'POST',
        type: 'multipart/form-data; boundary=b',
        payload: cut,
      },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...admin, 'content-type': c.type },
        payload: c.payload,
      });
      expect(res.statusCode, `${c.url} ${c.type}`).toBe(400);
      expect(res.headers['content-type'], c.url).toMatch(/^application\/json/);
    }
  });
});
