// What never reaches a route still answers in DRF's error shape, without naming Fastify's internals
// and with the security headers every other response has: URLs Fastify refuses before routing (found
// by the fuzz test), and bytes Node's HTTP parser refuses on the socket itself.
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';

/**
 * The security headers of an ordinary answer (helmet's, and the Permissions-Policy it has no option
 * for): every raw answer must carry the same values.
 */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const pick = (headers: Record<string, unknown>) =>
  Object.fromEntries(HELMET_HEADERS.map((name) => [name, headers[name]]));

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes on a fresh connection and reads what comes back until the server closes it. */
function sendRaw(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while the rest of a long request is still being written.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

describe.each(testDatabases())('errors met before routing (%s)', (kind) => {
  let t: TestApp;
  let ordinaryHeaders: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ordinaryHeaders = pick((await t.app.inject({ method: 'GET', url: '/api/health' })).headers);
  });
  afterAll(() => t.close());

  it('compares against an ordinary answer that has every helmet header', () => {
    for (const name of HELMET_HEADERS) expect(ordinaryHeaders[name], name).toEqual(expect.any(String));
  });

  it.each([
    [
      'a malformed escape in a path parameter',
      '/api/diaries/entries/%E0%A4%A/',
      400,
      'The URL is malformed.',
    ],
    ['a malformed escape in the path', '/api/users/%E0%A4%A', 400, 'The URL is malformed.'],
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
    expect(pick(res.headers)).toEqual(ordinaryHeaders);
  });
});

describe('errors met by the HTTP parser on the socket', () => {
  let t: TestApp;
  let port: number;
  let ordinaryHeaders: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    ordinaryHeaders = pick(
      (await sendRaw(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'))
        .headers,
    );
  });
  afterAll(() => t.close());

  it('compares against an ordinary answer over the same socket reader', () => {
    for (const name of HELMET_HEADERS) expect(ordinaryHeaders[name], name).toEqual(expect.any(String));
  });

  const big = 'a'.repeat(20_000); // past Node's 16 KiB limit on the request head
  it.each([
    ['a request that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'The request is not valid HTTP.'],
    [
      'a header line without a colon',
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n',
      400,
      'The request is not valid HTTP.',
    ],
    [
      'a request line that is too long',
      `GET /api/${big} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      431,
      'The request line or headers are too large.',
    ],
    [
      'headers that are too large',
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${big}\r\n\r\n`,
      431,
      'The request line or headers are too large.',
    ],
    [
      'chunk extensions that are too large',
      `POST /api/users/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n1;${big}\r\n{\r\n0\r\n\r\n`,
      413,
      'The chunk extensions are too large.',
    ],
  ])('%s', async (_name, bytes, status, detail) => {
    const res = await sendRaw(port, bytes);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual({ detail, code: 'invalid_request' });
    expect(res.body).not.toMatch(/HPE_|Parse Error/);
    expect(pick(res.headers)).toEqual(ordinaryHeaders);
  });
});
