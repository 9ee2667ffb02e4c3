// Two machines behind the shipped nginx site (deploy/nginx/staff-app.conf), with real parts: Debian's
// nginx with a self-signed certificate, in front of two app processes that stand for two machines
// (each its own data folder, one PostgreSQL database, one JWT_SECRET), as docs/operations.md sets
// them up, machine B with its metrics address. PostgreSQL is the test run's (TEST_PG_URL); run alone
// without it, a throwaway cluster is started here, so the test never skips.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { AVATAR_MAX_BYTES } from '@staff/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/index';
import { writeQuote } from './modules/stocks/test-kit';
import { type RunningNginx, startNginx } from './test/nginx';
import { freePort, freshPostgresDatabase, type ServerProcess, startServer } from './test/server-process';
import { migratedWithoutDemoHistory } from './test/without-demo-history';

const ADMIN = { email: 'admin@nginx.test', password: 'Admin-pass-2024' };
const JWT_SECRET = 'one-secret-shared-by-every-machine-of-the-test-0123456789';
/** The client's own address: any 127/8 address reaches nginx on 127.0.0.1, and nginx sees this one. */
const CLIENT_ADDRESS = '127.0.0.23';
const ASSET = 'assets/index-Bq3x9Zk1.js';
const ASSET_SOURCE = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json(): Record<string, unknown>;
}

let nginx: RunningNginx;
let machineA: ServerProcess;
let machineB: ServerProcess;
let database: { url: string; drop: () => Promise<void> };
let quotes: Db;
/** Machine B's metrics address (METRICS_PORT); A runs without one. */
let metricsPortB: number;
let stopThrowawayPostgres: (() => Promise<void>) | undefined;
const dirs: string[] = [];

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `staff-${name}-`));
  dirs.push(dir);
  return dir;
}

/** A built web app as the build leaves it: index.html and a hashed asset with its .br and .gz copies. */
function fakeWebBuild(): string {
  const dir = tempDir('web');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><script type="module" src="/${ASSET}"></script>`,
  );
  fs.writeFileSync(path.join(dir, ASSET), ASSET_SOURCE);
  fs.writeFileSync(path.join(dir, `${ASSET}.br`), zlib.brotliCompressSync(ASSET_SOURCE));
  fs.writeFileSync(path.join(dir, `${ASSET}.gz`), zlib.gzipSync(ASSET_SOURCE));
  return dir;
}

/** One request through nginx (HTTPS unless `plain`), from CLIENT_ADDRESS, on a connection of its own. */
function send(
  method: string,
  url: string,
  options: {
    token?: string;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
    plain?: boolean;
  } = {},
): Promise<Answer> {
  const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
  const headers: Record<string, string> = {
    host: 'localhost',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const common = { method, path: url, headers, localAddress: CLIENT_ADDRESS, agent: false as const };
    const request = options.plain
      ? http.request({ ...common, host: '127.0.0.1', port: nginx.httpPort })
      : https.request({
          ...common,
          host: '127.0.0.1',
          port: nginx.httpsPort,
          ca: nginx.ca,
          servername: 'localhost',
        });
    request.setTimeout(30_000, () => request.destroy(new Error(`no answer to ${method} ${url} in 30 s`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: all,
          json: () => JSON.parse(all.toString('utf8')) as Record<string, unknown>,
        });
      });
    });
    request.end(body);
  });
}

async function signIn(): Promise<string> {
  const res = await send('POST', '/api/users/token/', { json: ADMIN });
  expect(res.status).toBe(200);
  return String(res.json().access);
}

/** A multipart body with one file part named `field` of `size` bytes. */
function fileForm(field: string, size: number): { body: Buffer; headers: Record<string, string> } {
  const boundary = 'deploytestboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="a.png"\r\n` +
        'content-type: image/png\r\n\r\n',
    ),
    Buffer.alloc(size, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  if (!process.env.TEST_PG_URL) {
    const script = pathToFileURL(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/throwaway-postgres.mjs'),
    ).href;
    const { startThrowawayPostgres } = (await import(script)) as {
      startThrowawayPostgres: () => Promise<{ url: string; stop: () => Promise<void> }>;
    };
    const cluster = await startThrowawayPostgres();
    process.env.TEST_PG_URL = cluster.url;
    stopThrowawayPostgres = async () => {
      delete process.env.TEST_PG_URL;
      await cluster.stop();
    };
  }
  database = await freshPostgresDatabase();
  // Its connection stays: it writes the stream's quote, as a third machine's market-data job would.
  quotes = await migratedWithoutDemoHistory({ DATA_DIR: tempDir('seed'), DATABASE_URL: database.url });
  const web = fakeWebBuild();
  metricsPortB = await freePort();
  const machine = (name: string, extra: Record<string, string> = {}) =>
    startServer({
      DATA_DIR: tempDir(name),
      DATABASE_URL: database.url,
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The one proxy in front, by its address (docs/operations.md): nginx connects from 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'https://localhost',
      WEB_DIST_DIR: web,
      ...extra,
    });
  // Both at once, as two machines may start.
  [machineA, machineB] = await Promise.all([
    machine('machine-a'),
    machine('machine-b', { METRICS_PORT: String(metricsPortB) }),
  ]);
  nginx = await startNginx([machineA.url, machineB.url].map((url) => new URL(url).host));
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  for (const server of [machineA, machineB]) {
    if (server && server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGTERM');
    await server?.exited;
  }
  await quotes?.destroy();
  await database?.drop();
  await stopThrowawayPostgres?.();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two machines behind the shipped nginx site', () => {
  it('redirects HTTP to HTTPS, keeping the path and query', async () => {
    const res = await send('GET', '/diary/entries?page=2', { plain: true });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`https://localhost:${nginx.httpsPort}/diary/entries?page=2`);
  });

  it('signs in over HTTPS, with HSTS beside the app’s own headers; a token from one machine works on the other', async () => {
    const res = await send('POST', '/api/users/token/', { json: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const me = await send('GET', '/api/users/profile/', { token: String(res.json().access) });
    expect(me.status).toBe(200);
    expect(me.json().email).toBe(ADMIN.email);

    // One JWT_SECRET: signed in on machine A directly, the token is good on machine B.
    const onA = await fetch(`${machineA.url}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access } = (await onA.json()) as { access: string };
    const onB = await fetch(`${machineB.url}/api/users/profile/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(onB.status).toBe(200);
  });

  it('records the address the client connected from, not one the client forged in X-Forwarded-For', async () => {
    const token = await signIn();
    const created = await send('POST', '/api/users/users/', {
      token,
      json: {
        email: 'forwarded@nginx.test',
        password: 'Kiem-tra-dia-chi-2024',
        role: 'staff',
        is_active: true,
      },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(created.status).toBe(201);
    const id = String(created.json().id);
    const events = await send('GET', '/api/audit-events/', { token });
    expect(events.status).toBe(200);
    const results = events.json().results as { target_id: unknown; ip: string | null }[];
    const event = results.find((e) => String(e.target_id) === id);
    expect(event?.ip).toBe(CLIENT_ADDRESS);
  });

  it('passes the live-quote stream through as it is written: an event arrives while the stream is open', async () => {
    const token = await signIn();
    const exchanges = (await send('GET', '/api/stocks/exchanges/', { token })).json() as unknown as {
      id: number;
    }[];
    const stock = await send('POST', '/api/stocks/stocks/', {
      token,
      json: { ticker: 'NGX', name: 'Nginx test', exchange_id: exchanges[0]?.id },
    });
    expect(stock.status).toBe(201);
    const ticket = String((await send('POST', '/api/stocks/stream-ticket/', { token })).json().ticket);

    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      https
        .request({
          host: '127.0.0.1',
          port: nginx.httpsPort,
          path: `/api/stocks/stream/?tickers=ngx&ticket=${encodeURIComponent(ticket)}`,
          headers: { host: 'localhost', accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
          ca: nginx.ca,
          servername: 'localhost',
          agent: false,
        })
        .on('response', resolve)
        .on('error', reject)
        .end();
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    let text = '';
    let ended = false;
    stream.on('end', () => {
      ended = true;
    });
    const arrives = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const look = () => {
          const match = pattern.exec(text);
          if (!match) return;
          stream.off('data', onData);
          resolve(match);
        };
        const onData = (chunk: Buffer) => {
          text += chunk.toString('utf8');
          look();
        };
        stream.on('data', onData);
        stream.once('end', () => reject(new Error(`the stream ended first; it sent:\n${text}`)));
        look();
      });
    try {
      // The stream's first bytes, then a quote written by another connection (a third machine's job).
      await arrives(/: connected\n\n/);
      await writeQuote(quotes, {
        stockId: Number(stock.json().id),
        at: new Date(),
        price: 12_345,
        volume: 10,
      });
      const quote = await arrives(/event: quote\ndata: (.*)\n\n/);
      expect(JSON.parse(quote[1] as string)).toMatchObject({ ticker: 'NGX' });
      expect(ended).toBe(false);
    } finally {
      stream.destroy();
    }
  });

  it('lets through every body the app accepts, and answers a bigger one in the app’s own words', async () => {
    const token = await signIn();
    // JSON: up to the app's 1 MiB, the app answers (here: the fields are wrong); past it, 413.
    const padding = (size: number) => {
      const json = JSON.stringify({ email: ADMIN.email, password: '', pad: '' });
      return Buffer.from(json.replace('"pad":""', `"pad":"${'x'.repeat(size - json.length)}"`));
    };
    const atLimit = await send('POST', '/api/users/token/', {
      body: padding(1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(atLimit.status).toBe(400);
    const over = await send('POST', '/api/users/token/', {
      body: padding(1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(over.status).toBe(413);
    expect(over.json()).toEqual({ detail: 'Request body is too large.' });

    // An avatar of the app's largest size reaches the app (which finds it is no image);
    // a far bigger body is refused by nginx with the app's field error.
    const largest = fileForm('avatar', AVATAR_MAX_BYTES);
    const accepted = await send('PUT', '/api/users/profile/', { token, ...largest });
    expect(accepted.status).toBe(400);
    expect(JSON.stringify(accepted.json())).not.toContain('too large');
    const tooBig = fileForm('avatar', AVATAR_MAX_BYTES + 1024 * 1024);
    const refused = await send('PUT', '/api/users/profile/', { token, ...tooBig });
    expect(refused.status).toBe(413);
    expect(refused.json()).toEqual({ avatar: ['The file is too large. The maximum size is 5 MB.'] });
  });

  it('serves the hashed assets for a year, immutable, in the precompressed copy the browser accepts', async () => {
    const br = await send('GET', `/${ASSET}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(ASSET_SOURCE);
    expect(br.headers['strict-transport-security']).toBe('max-age=63072000');
    const gzip = await send('GET', `/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(ASSET_SOURCE);
  });

  it('serves an avatar uploaded through the proxy from either machine, cached by its content hash', async () => {
    const token = await signIn();
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const boundary = 'deployavatarboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="me.png"\r\n` +
          'content-type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await send('PUT', '/api/users/profile/', {
      token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.status).toBe(200);
    const avatar = String(uploaded.json().avatar);
    expect(avatar).toMatch(/^\/media\/avatars\/.+-[0-9a-f]{64}\.png$/);
    // Whichever machine took the upload, both serve it (media live in the one database) ...
    for (const machine of [machineA, machineB]) {
      const direct = await fetch(`${machine.url}${avatar}`);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/png');
      expect((await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).width).toBe(64);
    }
    // ... and through the proxy it keeps the app's year-long cache and strong ETag.
    const proxied = await send('GET', avatar);
    expect(proxied.status).toBe(200);
    expect(proxied.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(proxied.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await send('GET', avatar, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('counts the requests machine B answered through the proxy on its metrics address', async () => {
    const token = await signIn();
    const mark = machineB.logLength();
    const sent = 12;
    for (let n = 0; n < sent; n += 1) {
      expect((await send('GET', `/api/users/profile/?metrics=${n}`, { token })).status).toBe(200);
    }
    // nginx spreads the requests over both machines; B's scrape counts exactly the ones B answered.
    const answeredByB = machineB.countLogged('"url":"/api/users/profile/?metrics=', mark);
    expect(answeredByB).toBeGreaterThan(0);
    expect(answeredByB).toBeLessThan(sent);
    const scrape = await fetch(`http://127.0.0.1:${metricsPortB}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const profile = /^http_request_duration_seconds_count\{(.*)\} (\d+)$/gm;
    let counted = 0;
    for (const match of text.matchAll(profile)) {
      const labels = match[1] as string;
      if (labels.includes('route="/api/users/profile/"') && labels.includes('method="GET"')) {
        counted += Number(match[2]);
      }
    }
    // Every GET of the profile B answered in this file so far: the ones above and the sign-in test's.
    expect(counted).toBe(machineB.countLogged('"method":"GET","url":"/api/users/profile/'));
    expect(text).not.toContain('?metrics=');
  });

  // Last: it stops machine A.
  it('loses no request while one machine stops on SIGTERM', { timeout: 60_000 }, async () => {
    const token = await signIn();
    const statuses: number[] = [];
    const markA = machineA.logLength();
    let stopping = false;
    let afterStop = 0;
    const flow = async () => {
      while (!stopping || afterStop < 40) {
        const res = await send('GET', '/api/users/profile/?flow=1', { token });
        statuses.push(res.status);
        if (stopping) afterStop++;
      }
    };
    const flows = [flow(), flow(), flow(), flow()];
    // Both machines answer before the stop.
    await machineA.nextLog('/api/users/profile/?flow=1');
    await machineB.nextLog('/api/users/profile/?flow=1');
    machineA.child.kill('SIGTERM');
    expect(await machineA.exited).toBe(0);
    const markB = machineB.logLength();
    stopping = true;
    await Promise.all(flows);
    expect(machineA.loggedBy('/api/users/profile/?flow=1', markA).size).toBe(1);
    expect(machineB.loggedBy('/api/users/profile/?flow=1', markB).size).toBe(1);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
