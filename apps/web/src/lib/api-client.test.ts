import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  failureText,
  filenameFromDisposition,
  LOGOUT_PATH,
  REFRESH_PATH,
  retryAfterSeconds,
  toFieldErrors,
} from './api-client';
import {
  ACCESS_KEY,
  getAccessToken,
  getRefreshToken,
  isSignedIn,
  REFRESH_KEY,
  subscribeToSession,
  USER_KEY,
} from './auth-storage';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function bearerOf(init: RequestInit): string | null {
  return new Headers(init.headers).get('Authorization');
}

/** A fake fetch that records calls and answers through `handler`. */
function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** The API: protected calls accept only `validAccess`; refresh rotates to `rotated`. */
function tokenServer(
  validAccess: () => string,
  onRefresh: (refresh: string) => Promise<Response> | Response,
) {
  return fakeFetch((url, init) => {
    if (url === REFRESH_PATH) return onRefresh(JSON.parse(String(init.body)).refresh);
    if (bearerOf(init) !== `Bearer ${validAccess()}`) {
      return json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    }
    return json(200, { ok: true, url });
  });
}

/** A Web Locks stand-in: callbacks for one name run one at a time, in order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function signIn(access: string, refresh: string) {
  localStorage.setItem(ACCESS_KEY, access);
  localStorage.setItem(REFRESH_KEY, refresh);
  localStorage.setItem(USER_KEY, '{"id":1}');
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('api client', () => {
  it('attaches the bearer token and parses JSON', async () => {
    signIn('A1', 'R1');
    const server = tokenServer(
      () => 'A1',
      () => json(500, {}),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });

    await expect(api.get('/api/users/profile/')).resolves.toEqual({ ok: true, url: '/api/users/profile/' });
    expect(bearerOf(server.calls[0]?.init ?? {})).toBe('Bearer A1');
  });

  it('sends no Authorization header when signed out, and JSON content type for plain bodies', async () => {
    const server = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetch: server.fetch, locks: null });

    await api.post('/api/users/token/', { email: 'a@b.co', password: 'x' }, { auth: false });
    const headers = new Headers(server.calls[0]?.init.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(server.calls[0]?.init.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('leaves the content type of FormData bodies to the browser', async () => {
    signIn('A1', 'R1');
    const server = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetch: server.fetch, locks: null });
    const form = new FormData();
    form.append('first_name', 'An');

    await api.put('/api/users/profile/', form);
    expect(new Headers(server.calls[0]?.init.headers).get('Content-Type')).toBeNull();
    expect(server.calls[0]?.init.body).toBe(form);
  });

  it('on a 401 refreshes once, stores the rotated pair and retries once', async () => {
    signIn('A1', 'R1');
    let valid = 'A1';
    const server = tokenServer(
      () => valid,
      (refresh) => {
        expect(refresh).toBe('R1');
        return json(200, { access: 'A2', refresh: 'R2' });
      },
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });
    valid = 'A2'; // A1 has expired

    await expect(api.get('/api/x/')).resolves.toMatchObject({ ok: true });
    expect(server.calls.map((c) => [c.url, bearerOf(c.init)])).toEqual([
      ['/api/x/', 'Bearer A1'],
      [REFRESH_PATH, null],
      ['/api/x/', 'Bearer A2'],
    ]);
    expect(getAccessToken()).toBe('A2');
    expect(getRefreshToken()).toBe('R2');
  });

  it('retries only once: a second 401 is thrown, not refreshed again', async () => {
    signIn('A1', 'R1');
    const server = tokenServer(
      () => 'never-valid',
      () => json(200, { access: 'A2', refresh: 'R2' }),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });

    const error = await api.get('/api/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(1);
    expect(server.calls).toHaveLength(3);
  });

  it.each([
    ['the in-memory fallback', () => null],
    ['Web Locks', fakeLocks],
  ])('shares one refresh between concurrent 401s (%s)', async (_name, makeLocks) => {
    signIn('A1', 'R1');
    const valid = 'A2';
    let rejected = 0;
    const refreshAnswer = deferred<Response>();
    const server = fakeFetch((url, init) => {
      if (url === REFRESH_PATH) return refreshAnswer.promise;
      if (bearerOf(init) !== `Bearer ${valid}`) {
        rejected += 1;
        return json(401, { detail: 'expired', code: 'token_not_valid' });
      }
      return json(200, { url });
    });
    const api = createApiClient({ fetch: server.fetch, locks: makeLocks() });

    const results = Promise.all([api.get('/api/a/'), api.get('/api/b/'), api.get('/api/c/')]);
    // Hold the refresh until all three requests have failed, so they really overlap.
    await vi.waitFor(() => expect(rejected).toBe(3));
    refreshAnswer.resolve(json(200, { access: 'A2', refresh: 'R2' }));

    await expect(results).resolves.toEqual([{ url: '/api/a/' }, { url: '/api/b/' }, { url: '/api/c/' }]);
    expect(server.calls.filter((c) => c.url === REFRESH_PATH)).toHaveLength(1);
    expect(getRefreshToken()).toBe('R2');
  });

  it('adopts tokens another tab already rotated instead of refreshing', async () => {
    signIn('A1', 'R1');
    const server = fakeFetch((url, init) => {
      if (url === REFRESH_PATH) return json(200, { access: 'A3', refresh: 'R3' });
      if (bearerOf(init) === 'Bearer A1') {
        // Meanwhile another tab refreshed: R1 is spent and A2/R2 are in storage.
        localStorage.setItem(ACCESS_KEY, 'A2');
        localStorage.setItem(REFRESH_KEY, 'R2');
        return json(401, { detail: 'expired', code: 'token_not_valid' });
      }
      return json(200, { token: bearerOf(init) });
    });
    const api = createApiClient({ fetch: server.fetch, locks: fakeLocks() });

    await expect(api.get('/api/x/')).resolves.toEqual({ token: 'Bearer A2' });
    expect(server.calls.some((c) => c.url === REFRESH_PATH)).toBe(false);
    expect(getRefreshToken()).toBe('R2');
  });

  it('clears the session and goes to /login when the refresh is rejected', async () => {
    signIn('A1', 'R1');
    localStorage.setItem('sidebar-collapsed', 'true');
    const server = tokenServer(
      () => 'A2',
      () => json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
    );
    const onSessionExpired = vi.fn();
    const api = createApiClient({ fetch: server.fetch, locks: null, onSessionExpired });

    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true');
  });

  it('keeps the session when the refresh is throttled or the server fails', async () => {
    signIn('A1', 'R1');
    const server = tokenServer(
      () => 'A2',
      () => json(429, { detail: 'Request was throttled. Expected available in 30 seconds.' }),
    );
    const onSessionExpired = vi.fn();
    const api = createApiClient({ fetch: server.fetch, locks: null, onSessionExpired });

    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 429 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('A1');
    expect(getRefreshToken()).toBe('R1');
  });

  it('does not try to refresh without a refresh token', async () => {
    localStorage.setItem(ACCESS_KEY, 'A1');
    const server = tokenServer(
      () => 'A2',
      () => json(200, { access: 'A3', refresh: 'R3' }),
    );
    const onSessionExpired = vi.fn();
    const api = createApiClient({ fetch: server.fetch, locks: null, onSessionExpired });

    await expect(api.get('/api/x/')).rejects.toMatchObject({ status: 401 });
    expect(server.calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not refresh for calls made without auth (a failed sign-in is just a 401)', async () => {
    signIn('A1', 'R1');
    const server = fakeFetch(() =>
      json(401, { detail: 'No active account found with the given credentials' }),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });

    const error = await api.post('/api/users/token/', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('No active account found with the given credentials');
    expect(server.calls).toHaveLength(1);
  });

  it('throws ApiError with the parsed DRF body', async () => {
    signIn('A1', 'R1');
    const server = fakeFetch(() =>
      json(400, { phone: ['Enter a valid phone number.'], avatar: ['Too big.', 'Bad.'] }),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });

    const error = (await api.put('/api/users/profile/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ phone: ['Enter a valid phone number.'], avatar: ['Too big.', 'Bad.'] });
  });
});

describe('api.logout', () => {
  it('signs out locally at once, then sends the stored refresh token (and no bearer) to the blacklist', async () => {
    signIn('A1', 'R1');
    localStorage.setItem('sidebar-collapsed', 'true');
    const answer = deferred<Response>();
    const server = fakeFetch(() => answer.promise);
    const api = createApiClient({ fetch: server.fetch, locks: null });
    const notified = vi.fn();
    const unsubscribe = subscribeToSession(notified);

    const done = api.logout();
    // Before the server has answered: nothing of the session is left, and listeners heard it.
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true');
    expect(notified).toHaveBeenCalled();
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call?.url).toBe(LOGOUT_PATH);
    expect(call?.init.method).toBe('POST');
    expect(JSON.parse(String(call?.init.body))).toEqual({ refresh: 'R1' });
    expect(bearerOf(call?.init ?? {})).toBeNull();

    answer.resolve(json(200, {}));
    await expect(done).resolves.toBeUndefined();
    unsubscribe();
  });

  it.each([
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the token is refused', () => json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' })],
    ['the server fails', () => json(503, { detail: 'Service unavailable.' })],
  ])('stays signed out and never throws when %s', async (_name, answer) => {
    signIn('A1', 'R1');
    const server = fakeFetch(answer);
    const api = createApiClient({ fetch: server.fetch, locks: null });
    await expect(api.logout()).resolves.toBeUndefined();
    expect(server.calls.map((c) => c.url)).toEqual([LOGOUT_PATH]);
    expect(isSignedIn()).toBe(false);
  });

  it('calls nothing when there is no refresh token to end', async () => {
    localStorage.setItem(ACCESS_KEY, 'A1');
    const server = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetch: server.fetch, locks: null });
    await api.logout();
    expect(server.calls).toEqual([]);
    expect(isSignedIn()).toBe(false);
  });

  it('a refresh that answers after Logout does not sign the user back in', async () => {
    signIn('A1', 'R1');
    const refreshed = deferred<Response>();
    const server = tokenServer(
      () => 'A2',
      (refresh) => (refresh === 'R1' ? refreshed.promise : json(401, {})),
    );
    const onSessionExpired = vi.fn();
    const api = createApiClient({ fetch: server.fetch, locks: null, onSessionExpired });

    const pending = api.get('/api/x/');
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === REFRESH_PATH)).toBe(true));
    await api.logout();
    refreshed.resolve(json(200, { access: 'A2', refresh: 'R2' }));

    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(isSignedIn()).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(server.calls.some((c) => c.url === '/api/x/' && bearerOf(c.init) === 'Bearer A2')).toBe(false);
  });
});

describe('api.download', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('returns the body as a Blob with the server-given file name, sending the bearer token', async () => {
    signIn('A1', 'R1');
    const server = fakeFetch(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': XLSX,
            'Content-Disposition': 'attachment; filename="user_import_template.xlsx"',
          },
        }),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });

    const file = await api.download('/api/users/users/template/');
    expect(file.filename).toBe('user_import_template.xlsx');
    expect(file.blob.type).toBe(XLSX);
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    const headers = new Headers(server.calls[0]?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer A1');
    expect(headers.get('Accept')).toBe('*/*');
  });

  it('refreshes on a 401 like every other call', async () => {
    signIn('A1', 'R1');
    let valid = 'A1';
    const server = fakeFetch((url, init) => {
      if (url === REFRESH_PATH) return json(200, { access: 'A2', refresh: 'R2' });
      if (bearerOf(init) !== `Bearer ${valid}`)
        return json(401, { detail: 'expired', code: 'token_not_valid' });
      return new Response('xlsx', { status: 200 });
    });
    const api = createApiClient({ fetch: server.fetch, locks: null });
    valid = 'A2';

    const file = await api.download('/api/file/');
    expect(await file.blob.text()).toBe('xlsx');
    expect(file.filename).toBeNull();
    expect(server.calls).toHaveLength(3);
  });

  it('tells onProgress the bytes received chunk by chunk, out of the Content-Length', async () => {
    signIn('A1', 'R1');
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const server = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(chunk);
              controller.close();
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Length': '5' } },
        ),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });
    const seen: [number, number | null][] = [];

    const file = await api.download('/api/file/', {
      onProgress: (received, total) => seen.push([received, total]),
    });
    expect(seen).toEqual([
      [0, 5],
      [3, 5],
      [5, 5],
    ]);
    expect(file.blob.type).toBe('text/csv');
    // jsdom's Blob has no arrayBuffer(): read it as the browser's FileReader would.
    const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(file.blob);
    });
    expect(new Uint8Array(bytes)).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
  });

  it('throws ApiError with the JSON error body when refused', async () => {
    signIn('A1', 'R1');
    const server = fakeFetch(() =>
      json(403, { detail: 'You do not have permission to perform this action.' }),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });

    const error = (await api.download('/api/users/users/template/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.detail).toBe('You do not have permission to perform this action.');
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="user_import_template.xlsx"', 'user_import_template.xlsx'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment; filename="x.xlsx"; filename*=UTF-8\'\'m%E1%BA%ABu.xlsx', 'mẫu.xlsx'],
    ['inline', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});

describe('toFieldErrors', () => {
  it('turns DRF field lists into one message per field and skips detail/code', () => {
    expect(
      toFieldErrors({
        old_password: ['Wrong password.'],
        new_password: ['Too short.', 'Too common.'],
        detail: 'x',
        code: 'y',
      }),
    ).toEqual({ old_password: 'Wrong password.', new_password: 'Too short. Too common.' });
    expect(toFieldErrors(null)).toEqual({});
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe('failureText: what went wrong, in words, never the raw body', () => {
  it("gives a refusal's detail", () => {
    expect(
      failureText(new ApiError(403, { detail: 'You do not have permission to perform this action.' })),
    ).toBe('You do not have permission to perform this action.');
    expect(failureText(new ApiError(404, null))).toBe('The server refused the request (error 404).');
  });

  it('says the server failed for a 5xx, whatever its body', () => {
    const stack = { detail: 'TypeError: Cannot read properties of undefined (reading id)\n    at handler' };
    expect(failureText(new ApiError(500, stack))).toBe(
      'The server failed (error 500). Please try again in a moment.',
    );
    expect(failureText(new ApiError(502, null), 'vi')).toBe(
      'Máy chủ gặp lỗi (mã 502). Vui lòng thử lại sau giây lát.',
    );
  });

  it('says a throttled request in the screen’s language: DRF’s detail is English', () => {
    const throttled = new ApiError(
      429,
      { detail: 'Request was throttled. Expected available in 42 seconds.', code: 'throttled' },
      undefined,
      42,
    );
    expect(failureText(throttled)).toBe('Request was throttled. Expected available in 42 seconds.');
    expect(failureText(throttled, 'vi')).toBe('Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 42 giây.');
    expect(failureText(new ApiError(429, null), 'vi')).toBe(
      'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau.',
    );
  });

  it('says the server could not be reached, or its answer read', () => {
    expect(failureText(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(failureText(new Error('schema'))).toBe('The server sent an answer this page cannot read.');
  });

  it("never makes a non-JSON error body (a proxy's page) the detail", async () => {
    signIn('A1', 'R1');
    const page = '<html><body><h1>500 Internal Server Error</h1></body></html>';
    const server = fakeFetch(
      () => new Response(page, { status: 500, headers: { 'Content-Type': 'text/html' } }),
    );
    const api = createApiClient({ fetch: server.fetch, locks: null });
    const error = (await api.post('/api/diaries/1/entries/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.body).toBeNull();
    expect(failureText(error)).not.toContain('<html>');
  });
});
