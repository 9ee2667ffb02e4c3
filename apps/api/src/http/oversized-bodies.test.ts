// A body over a limit is answered before it has all arrived. Closing the socket at once makes the
// client's TCP stack drop that answer (Node's fetch and browsers report a network error), so the
// server reads and discards a bounded amount more first. Only a listening server shows this:
// app.inject hands the whole body over at once.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { execFile } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp, testDatabases } from '../test/harness';
import { drainUnreadBody, UNREAD_BODY_DRAIN_BYTES } from './unread-bodies';

const MB = 1024 * 1024;

interface Sent {
  method: string;
  headers: Record<string, string>;
  /** The body: `head`, then `size` bytes of `fill`, then `tail`. */
  head?: string;
  size: number;
  fill?: number;
  tail?: string;
  /** Sent as a stream, chunked, without Content-Length. */
  chunked?: boolean;
}
type Received = { status: number; headers: Record<string, string>; body: string } | { error: string };

/**
 * The client runs in its own process, as a real one does: with the server in the same event loop,
 * the server always reads the whole body before the client can be cut off, and the bug never shows.
 */
const CLIENT = `
const [url, sent] = [process.argv[1], JSON.parse(process.argv[2])];
const bytes = Buffer.concat([Buffer.from(sent.head ?? ''), Buffer.alloc(sent.size, sent.fill ?? 0x20), Buffer.from(sent.tail ?? '')]);
const body = sent.chunked
  ? new ReadableStream({ start(c) { for (let at = 0; at < bytes.length; at += 65536) c.enqueue(bytes.subarray(at, at + 65536)); c.close(); } })
  : bytes;
try {
  const res = await fetch(url, { method: sent.method, headers: sent.headers, body, duplex: 'half' });
  const text = await res.text();
  console.log(JSON.stringify({ status: res.status, headers: Object.fromEntries(res.headers), body: text }));
} catch (err) {
  console.log(JSON.stringify({ error: String(err.cause?.code ?? err.cause?.message ?? err.message) }));
}
`;

async function sendFromAnotherProcess(url: string, sent: Sent): Promise<Received> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', CLIENT, url, JSON.stringify(sent)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as Received;
}

function answered(received: Received) {
  if ('error' in received) throw new Error(`the client saw a network error: ${received.error}`);
  return received;
}

/** A multipart body with one file part of `size` bytes. */
function fileUpload(field: string, filename: string, size: number, headers: Record<string, string>): Sent {
  const boundary = 'oversizedboundary';
  return {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    head:
      `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
    size,
    fill: 1,
    tail: `\r\n--${boundary}--\r\n`,
  };
}

describe.each(testDatabases())('oversized bodies over a real socket (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = bearer((await signIn(t.app, ADMIN.email, ADMIN.password)).access);
  });
  afterAll(() => t.close());

  const expectServerStillAnswers = async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
  };

  it('answers a JSON body over the 1 MB limit with a readable 413, its detail and the security headers', async () => {
    const res = answered(
      await sendFromAnotherProcess(`${base}/api/users/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        size: 10 * MB,
      }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request body is too large.', code: 'invalid_request' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await expectServerStillAnswers();
  });

  it('answers a JSON body sent in chunks, with no Content-Length, the same way', async () => {
    const res = answered(
      await sendFromAnotherProcess(`${base}/api/users/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        size: 10 * MB,
        chunked: true,
      }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).detail).toBe('Request body is too large.');
  });

  it('answers an avatar over 5 MB with its field error', async () => {
    const upload = fileUpload('avatar', 'big.png', 12 * MB, admin);
    const res = answered(
      await sendFromAnotherProcess(`${base}/api/users/profile/`, { ...upload, method: 'PUT' }),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ avatar: ['The file is too large. The maximum size is 5 MB.'] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a spreadsheet over 5 MB with its field error', async () => {
    const res = answered(
      await sendFromAnotherProcess(
        `${base}/api/users/users/import/`,
        fileUpload('file', 'big.xlsx', 12 * MB, admin),
      ),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ file: ['The file is too large. The maximum size is 5 MB.'] });
  });

  it('answers an upload without a token with a readable 401', async () => {
    const res = answered(
      await sendFromAnotherProcess(
        `${base}/api/users/users/import/`,
        fileUpload('file', 'a.xlsx', 10 * MB, {}),
      ),
    );
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).code).toBe('not_authenticated');
  });

  it('stops reading a body far beyond the bound and keeps serving', async () => {
    const received = await sendFromAnotherProcess(`${base}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      size: UNREAD_BODY_DRAIN_BYTES * 4,
    });
    // Refused or cut off past the bound: either way the request settles instead of hanging.
    expect(['closed', 413]).toContain('error' in received ? 'closed' : received.status);
    await expectServerStillAnswers();
  });
});

describe('reading what is left of a refused body', () => {
  /** A server that drains every request with the given bounds and answers whether it read it all. */
  async function drainingServer(maxBytes: number, maxMs: number) {
    const server = http.createServer((req, res) => {
      void drainUnreadBody(req, maxBytes, maxMs).then((whole) => res.end(String(whole)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    /** Sends the head and `sent` bytes of a body declared `declared` long; resolves with the answer. */
    const send = (declared: number, sent: number) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`POST / HTTP/1.1\r\nhost: x\r\ncontent-length: ${declared}\r\n\r\n`);
          socket.write(Buffer.alloc(sent, 0x20));
        });
        let answer = '';
        socket.on('data', (chunk) => {
          answer += String(chunk);
          if (/\r\n\r\n.*(true|false)/s.test(answer)) {
            socket.destroy();
            resolve(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^\w+\r\n|\r\n0\r\n\r\n$/g, ''));
          }
        });
        socket.on('error', reject);
      });
    const close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A connection whose rest was left unread is not waited for.
        server.closeAllConnections();
      });
    return { send, close };
  }

  it('reads a body to its end within the bounds', async () => {
    const server = await drainingServer(1024 * 1024, 60_000);
    try {
      expect(await server.send(200_000, 200_000)).toContain('true');
    } finally {
      await server.close();
    }
  });

  it('gives up past the byte bound', async () => {
    const server = await drainingServer(64 * 1024, 60_000);
    try {
      expect(await server.send(4 * MB, 4 * MB)).toContain('false');
    } finally {
      await server.close();
    }
  });

  it('gives up on a client that stops sending, after the time bound', async () => {
    const server = await drainingServer(MB, 200);
    try {
      // Ten bytes of a thousand, then silence: the answer still comes once the bound has passed.
      expect(await server.send(1000, 10)).toContain('false');
    } finally {
      await server.close();
    }
  });
});
