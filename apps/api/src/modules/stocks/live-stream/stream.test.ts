// The live quote stream over real HTTP, on SQLite and PostgreSQL: a ticket from an authenticated
// POST opens it, and a quote that another database connection (as another API process would)
// writes arrives as a server-sent event; quotes of other tickers do not.
import type { AddressInfo } from 'node:net';
import type { LiveQuoteEvent } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../db/index';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { writeQuote } from '../test-kit';

/** Reads server-sent events until one named `quote` arrives. */
async function nextQuote(reader: ReadableStreamDefaultReader<Uint8Array>, buffer: { text: string }) {
  const decoder = new TextDecoder();
  for (;;) {
    const match = /id: (\d+)\nevent: quote\ndata: (.*)\n\n/.exec(buffer.text);
    if (match) {
      buffer.text = buffer.text.slice((match.index ?? 0) + match[0].length);
      return { id: Number(match[1]), data: JSON.parse(match[2] as string) as LiveQuoteEvent };
    }
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer.text += decoder.decode(value, { stream: true });
  }
}

describe.each(testDatabases())('live quote stream (%s)', (kind) => {
  let t: TestApp;
  let other: Db;
  let base: string;
  let user: TestUser;
  const stockIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const call = caller(t);
    const manager = await makeUser(t, 'manager');
    user = await makeUser(t);
    const exchanges = (await call(user, 'GET', '/api/stocks/exchanges/')).json() as { id: number }[];
    for (const ticker of ['VNM', 'FPT']) {
      const res = await call(manager, 'POST', '/api/stocks/stocks/', {
        ticker,
        name: ticker,
        exchange_id: exchanges[0]?.id,
      });
      stockIds[ticker] = res.json().id;
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    other = createDb(t.config); // a second connection (pool), as a second API process would have
  });
  afterAll(async () => {
    await other.destroy();
    await t.close();
  });

  async function ticket(headers: Record<string, string>): Promise<string> {
    const res = await fetch(`${base}/api/stocks/stream-ticket/`, { method: 'POST', headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ticket: string; expires_in: number };
    expect(body.expires_in).toBe(60);
    return body.ticket;
  }

  const quote = (ticker: string, price: number) =>
    writeQuote(other, { stockId: stockIds[ticker] as number, at: new Date(), price, volume: 1000 });

  it('delivers a quote written by another connection, and only for the tickers asked', {
    timeout: 15_000,
  }, async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/stocks/stream/?tickers=vnm&ticket=${await ticket(user.headers)}`, {
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const buffer = { text: '' };
    // Wait until the stream is open (its first bytes) before writing.
    const first = await reader.read();
    buffer.text += new TextDecoder().decode(first.value);
    expect(buffer.text).toContain(': connected');
    await quote('FPT', 99_000); // not asked for
    await quote('VNM', 61_200);
    const event = await nextQuote(reader, buffer);
    expect(event.data).toMatchObject({
      ticker: 'VNM',
      price: 61_200,
      volume: 1000,
      source: 'vci',
      high: 61_200,
    });
    await quote('VNM', 61_300);
    const second = await nextQuote(reader, buffer);
    expect(second.data.price).toBe(61_300);
    expect(second.id).toBeGreaterThan(event.id);
    abort.abort();
  });

  it('resumes after a given quote id', { timeout: 15_000 }, async () => {
    const latest = await t.db
      .selectFrom('stock_quotes')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow();
    const abort = new AbortController();
    const after = Number(latest.m) - 1; // the last VNM quote (61 300) is after this id
    const res = await fetch(
      `${base}/api/stocks/stream/?tickers=VNM&ticket=${await ticket(user.headers)}&after=${after}`,
      {
        signal: abort.signal,
      },
    );
    const event = await nextQuote((res.body as ReadableStream<Uint8Array>).getReader(), { text: '' });
    expect(event.data.price).toBe(61_300);
    abort.abort();
  });

  it('answers HEAD with the stream headers and ends, instead of hanging', async () => {
    // Found by the fuzz test: a HEAD response has no body, so the stream never flushed its headers.
    const res = await fetch(`${base}/api/stocks/stream/?tickers=VNM&ticket=${await ticket(user.headers)}`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The stream writes its own head, and still carries the security headers every answer has.
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('');
  });

  it('refuses a missing, forged or foreign-role ticket before streaming', async () => {
    const forged = await fetch(`${base}/api/stocks/stream/?tickers=VNM&ticket=abc.def`);
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('token_not_valid');
    expect((await fetch(`${base}/api/stocks/stream/?tickers=VNM`)).status).toBe(400);
    expect((await fetch(`${base}/api/stocks/stream-ticket/`, { method: 'POST' })).status).toBe(401);
    const ndf = await makeUser(t, 'ndf');
    expect(
      (await fetch(`${base}/api/stocks/stream-ticket/`, { method: 'POST', headers: ndf.headers })).status,
    ).toBe(403);
    // A valid ticket with one character changed is refused (the second-to-last: all six of its
    // bits are the signature's, while the last one's low two are padding).
    const good = await ticket(user.headers);
    const tampered = `${good.slice(0, -2)}${good.at(-2) === 'A' ? 'B' : 'A'}${good.slice(-1)}`;
    expect((await fetch(`${base}/api/stocks/stream/?tickers=VNM&ticket=${tampered}`)).status).toBe(401);
  });

  it('refuses every other spelling of a genuine ticket: only its one canonical signature opens a stream', async () => {
    // One whose signature has a character base64url and base64 spell differently.
    let good = await ticket(user.headers);
    for (let i = 0; i < 50 && !/[-_]/.test(good.slice(good.indexOf('.') + 1)); i++) {
      good = await ticket(user.headers);
    }
    const signature = good.slice(good.indexOf('.') + 1);
    expect(signature).toMatch(/[-_]/);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // A 32-byte signature is 43 characters; the last one's two low bits are unused.
    const last = alphabet.indexOf(good.at(-1) as string);
    const otherPadding = `${good.slice(0, -1)}${alphabet[last ^ 1]}`;
    const variants = {
      'an extra =': `${good}=`,
      'padding ==': `${good}==`,
      'an extra character outside the alphabet': `${good}!`,
      'a trailing space': `${good} `,
      'a space inside the signature': `${good.slice(0, -5)} ${good.slice(-5)}`,
      'the base64 alphabet': good.replace(
        /\.(.*)$/,
        (_, sig: string) => `.${sig.replace(/-/g, '+').replace(/_/g, '/')}`,
      ),
      'other unused bits in the last character': otherPadding,
    };
    for (const [name, variant] of Object.entries(variants)) {
      expect(variant, name).not.toBe(good);
      const res = await fetch(
        `${base}/api/stocks/stream/?tickers=VNM&ticket=${encodeURIComponent(variant)}`,
        { signal: AbortSignal.timeout(5_000) },
      );
      expect(res.status, name).toBe(401);
      expect(((await res.json()) as { code: string }).code, name).toBe('token_not_valid');
    }
    // None of them opened a stream or used the ticket up: the genuine one still opens one.
    const genuine = await fetch(`${base}/api/stocks/stream/?tickers=VNM&ticket=${encodeURIComponent(good)}`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(5_000),
    });
    expect(genuine.status).toBe(200);
  });
});
