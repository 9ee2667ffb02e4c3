// The one HTTP client for every API call: bearer token, one shared token refresh (also across tabs),
// and DRF-shaped errors turned into a typed ApiError. It is on /login's first download, so it imports
// no schema: callers pass theirs, and the refresh loads the contracts (and zod) when it first runs.
import type { z } from 'zod';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from './auth-storage';

export const REFRESH_PATH = '/api/users/token/refresh/';
/** SimpleJWT's blacklist: ends the sign-in a refresh token belongs to, on the server. */
export const LOGOUT_PATH = '/api/users/token/blacklist/';
const REFRESH_LOCK = 'auth-refresh';

/** A DRF error body: `{"detail": "..."}` or `{"field": ["message", ...]}`. */
export type ApiErrorBody = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorBody | null, message?: string, retryAfterSeconds?: number) {
    super(message ?? errorDetail(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /**
   * The `detail` message when the server sent one (a JSON body; any other body is dropped). For
   * what to show a user, `failureText` gives a 5xx in words rather than its detail.
   */
  get detail(): string | undefined {
    return errorDetail(this.body);
  }
}

export type MessageLanguage = 'en' | 'vi';

const FAILURE_WORDS = {
  en: {
    serverFailed: (status: number) => `The server failed (error ${status}). Please try again in a moment.`,
    refused: (status: number) => `The server refused the request (error ${status}).`,
    unreachable: 'Could not reach the server. Check your connection and try again.',
    unreadable: 'The server sent an answer this page cannot read.',
  },
  vi: {
    serverFailed: (status: number) => `Máy chủ gặp lỗi (mã ${status}). Vui lòng thử lại sau giây lát.`,
    refused: (status: number) => `Máy chủ từ chối yêu cầu (mã ${status}).`,
    unreachable: 'Không kết nối được máy chủ. Kiểm tra kết nối mạng rồi thử lại.',
    unreadable: 'Máy chủ trả lời theo cách trang này không đọc được.',
    // DRF's own throttle detail is English: a Vietnamese screen says it in its words.
    throttled: (seconds: number | undefined) =>
      seconds === undefined
        ? 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau.'
        : `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  },
} as const;

/**
 * What went wrong with a call, in words for the user, never the raw body: the server's `detail` for
 * a refused request; that the server failed (with its status) for a 5xx; that it could not be
 * reached for a network error; that the answer was unreadable for one that did not match its
 * schema. Field errors are not summarised here: they belong under their fields.
 */
export function failureText(error: unknown, lang: MessageLanguage = 'en'): string {
  const words = FAILURE_WORDS[lang];
  if (error instanceof ApiError) {
    // A server failure's body is never a message for the user (a stack, words meant for the logs).
    if (error.status >= 500) return words.serverFailed(error.status);
    if (error.status === 429 && 'throttled' in words) return words.throttled(error.retryAfterSeconds);
    return error.detail ?? words.refused(error.status);
  }
  // fetch rejects with a TypeError when there is no answer at all (offline, DNS, CORS, reset).
  if (error instanceof TypeError) return words.unreachable;
  return words.unreadable;
}

/** True when trying the same call again may well succeed: no answer at all, or a server failure. */
export function isTransientFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status >= 500);
}

/** Retry-After as seconds: either delay-seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function errorDetail(body: ApiErrorBody | null): string | undefined {
  return typeof body?.detail === 'string' ? body.detail : undefined;
}

/**
 * Turns a DRF validation body into form errors (first message of each field, joined when several),
 * e.g. `{"phone": ["Enter a valid phone number."]}` → `{phone: "Enter a valid phone number."}`.
 */
export function toFieldErrors(body: ApiErrorBody | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!body) return errors;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail' || field === 'code') continue;
    if (Array.isArray(value)) {
      const messages = value.filter((m): m is string => typeof m === 'string');
      if (messages.length > 0) errors[field] = messages.join(' ');
    } else if (typeof value === 'string') {
      errors[field] = value;
    }
  }
  return errors;
}

/** Field errors of an unknown thrown value, or none when it is not a 400 from the API. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.status === 400 ? toFieldErrors(error.body) : {};
}

export interface RequestOptions<T> {
  method?: string;
  /** Sent as JSON, or as-is for FormData (the browser sets the multipart boundary). */
  body?: unknown;
  /** Validates and types the response. */
  schema?: z.ZodType<T>;
  /** false: no bearer token and no refresh (sign-in itself). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A resource with the ETag it was read with, for an edit to send back as If-Match. */
export interface Versioned<T> {
  data: T;
  /** null when the server sent none. */
  etag: string | null;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  filename: string | null;
}

/** A download's bytes received so far, and how many are coming (null when the server did not say). */
export type DownloadProgress = (received: number, total: number | null) => void;

/** The body read chunk by chunk, telling `onProgress` after each. */
async function blobWithProgress(response: Response, onProgress: DownloadProgress): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  // A compressed body's length is not the length of what the reader gives.
  const total = length > 0 && !response.headers.get('Content-Encoding') ? length : null;
  const type = response.headers.get('Content-Type') ?? '';
  onProgress(0, total);
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(parts, { type });
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, else `filename="…"`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  /** Web Locks, to serialise refreshes across tabs; null to use the in-memory fallback. */
  locks?: LockManagerLike | null;
  /** Called after a failed refresh has cleared the session. */
  onSessionExpired?: () => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

function defaultLocks(): LockManagerLike | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  return {
    // The DOM typing nests the callback's promise; at run time the lock resolves with its value.
    request: async (name, callback) => await locks.request(name, callback),
  };
}

function redirectToLogin(): void {
  if (window.location.pathname !== '/login') window.location.replace('/login');
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: a proxy's error page, a crash's text. Never a message to show; the status says enough.
    return null;
  }
}

function asErrorBody(value: unknown): ApiErrorBody | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ApiErrorBody)
    : null;
}

export function createApiClient(deps: ApiClientDeps = {}) {
  // Looked up per call so tests (and polyfills) can replace the global after import.
  const doFetch: typeof fetch = (...args) => (deps.fetch ?? globalThis.fetch)(...args);
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  const onSessionExpired = deps.onSessionExpired ?? redirectToLogin;
  let inFlightRefresh: Promise<string | null> | null = null;

  function send(path: string, options: RequestOptions<unknown>, token: string | null): Promise<Response> {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body; // no Content-Type: the browser adds multipart/form-data with its boundary
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return doFetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  }

  /** Runs after taking the lock: adopts a token another caller already rotated, else refreshes. */
  async function refreshUnlessRotated(failedToken: string | null): Promise<string | null> {
    const current = getAccessToken();
    if (current && current !== failedToken) return current;
    const refresh = getRefreshToken();
    if (!refresh) return null;
    // A network failure rejects here without clearing anything: being offline is not a rejected session.
    const response = await doFetch(REFRESH_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    // Throttled or a server fault: the session may well be fine, so keep it and report the error.
    if (!response.ok && response.status !== 400 && response.status !== 401) {
      throw new ApiError(response.status, asErrorBody(await parseBody(response)));
    }
    const { TokenPair } = await import('./token-contracts');
    const parsed = response.ok
      ? TokenPair.partial({ refresh: true }).safeParse(await parseBody(response))
      : null;
    if (!parsed?.success) {
      clearSession();
      onSessionExpired();
      return null;
    }
    // Signed out (or in again) while the refresh was in flight: never bring the old sign-in back.
    if (getRefreshToken() !== refresh) return null;
    // Refresh tokens rotate: always keep the new one.
    storeTokens(parsed.data);
    return parsed.data.access;
  }

  function refreshAccessToken(failedToken: string | null): Promise<string | null> {
    if (locks) return locks.request(REFRESH_LOCK, () => refreshUnlessRotated(failedToken));
    if (!inFlightRefresh) {
      inFlightRefresh = refreshUnlessRotated(failedToken).finally(() => {
        inFlightRefresh = null;
      });
    }
    return inFlightRefresh;
  }

  /** Sends with the bearer token; on a 401 refreshes once and retries once. */
  async function sendWithAuth(path: string, options: RequestOptions<unknown>): Promise<Response> {
    const useAuth = options.auth !== false;
    const token = useAuth ? getAccessToken() : null;
    const response = await send(path, options, token);
    if (response.status === 401 && useAuth && getRefreshToken()) {
      const newToken = await refreshAccessToken(token);
      if (newToken) return send(path, options, newToken);
    }
    return response;
  }

  /** The answer with its ETag header, for reads and edits that use optimistic concurrency. */
  async function requestVersioned<T = unknown>(
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<Versioned<T>> {
    const response = await sendWithAuth(path, options);
    const data = await parseBody(response);
    if (!response.ok) {
      const wait = retryAfterSeconds(response.headers.get('Retry-After'));
      throw new ApiError(response.status, asErrorBody(data), undefined, wait);
    }
    return {
      data: options.schema ? options.schema.parse(data) : (data as T),
      etag: response.headers.get('ETag'),
    };
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return (await requestVersioned(path, options)).data;
  }

  /**
   * A file the API sends (e.g. a spreadsheet), through the same token handling as every call.
   * Errors still arrive as JSON and become an ApiError.
   */
  async function download(
    path: string,
    options: Omit<RequestOptions<unknown>, 'body' | 'schema'> & { onProgress?: DownloadProgress } = {},
  ): Promise<DownloadedFile> {
    const { onProgress, ...request } = options;
    const headers = new Headers(request.headers);
    if (!headers.has('Accept')) headers.set('Accept', '*/*');
    const response = await sendWithAuth(path, { ...request, headers: Object.fromEntries(headers) });
    if (!response.ok) throw new ApiError(response.status, asErrorBody(await parseBody(response)));
    return {
      blob: onProgress ? await blobWithProgress(response, onProgress) : await response.blob(),
      filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
    };
  }

  /**
   * Logout: signs out locally at once (every tab follows through the storage event), then asks
   * the server to end the sign-in. Nobody waits for that request, and its failure (offline, 401,
   * 5xx) changes nothing here: the local sign-out has already happened, and a sign-in the server
   * never heard about ends when its refresh token expires. The promise settles with the request,
   * for tests.
   */
  async function logout(): Promise<void> {
    const refresh = getRefreshToken();
    clearSession();
    if (!refresh) return;
    try {
      await doFetch(LOGOUT_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
        // Outlives the page, should the user close the tab right after.
        keepalive: true,
      });
    } catch {
      // Offline or refused: already signed out locally, which is what the user asked for.
    }
  }

  return {
    request,
    requestVersioned,
    download,
    logout,
    get: <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(
      path: string,
      body?: unknown,
      options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
    ) => request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(
      path: string,
      body?: unknown,
      options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
    ) => request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(
      path: string,
      body?: unknown,
      options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
    ) => request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** The application's client. */
export const api = createApiClient();
