// The fuzz's world: the real app on a fresh database, a signed-in user of every role, a little
// of every kind of data to aim at, and a way to send a request with a deadline.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLES, type Role } from '@staff/contracts';
import { toBool } from '../../db/dialect';
import { finalizeBody } from '../../modules/cashflow/test-fixtures';
import { entryBody } from '../../modules/diary/test-fixtures';
import { storeForexPoints } from '../../modules/forex/repo';
import { createQuotesRepo } from '../../modules/stocks/snapshots/repo';
import { ADMIN, bearer, createTestApp, type DbKind, signIn, type TestApp } from '../harness';
import type { Pools } from './arbitraries';
import type { Answer } from './checks';
import { type Fingerprint, fingerprint, tablesOf } from './fingerprint';

export const ROLE_PASSWORD = 'fuzz-pass-123';
/** Far above any normal answer; a request still running by then counts as a hang. */
export const REQUEST_TIMEOUT_MS = 5_000;

export interface Identity {
  role: Role;
  id: number;
  email: string;
  access: string;
  refresh: string;
  streamTicket: string | null;
}

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzWorld {
  kind: DbKind;
  t: TestApp;
  identities: Record<Role, Identity>;
  pools: Pools;
  files: Record<string, Buffer>;
  snapshot(): Promise<Fingerprint>;
  send(request: OutgoingRequest, stream: boolean): Promise<Answer>;
  /** Puts the role accounts back as they were, whatever the fuzz did to them. */
  restoreIdentities(): Promise<void>;
  close(): Promise<void>;
}

export async function createFuzzWorld(kind: DbKind): Promise<FuzzWorld> {
  const t = await createTestApp(kind);
  const { app, db } = t;
  const identities = {} as Record<Role, Identity>;
  for (const role of ROLES) {
    const email = role === 'admin' ? ADMIN.email : `fuzz-${role}@example.com`;
    const password = role === 'admin' ? ADMIN.password : ROLE_PASSWORD;
    if (role !== 'admin') await app.accounts.createUser({ email, password, role });
    const signed = await signIn(app, email, password);
    identities[role] = {
      role,
      id: Number(signed.user.id),
      email,
      access: signed.access,
      refresh: signed.refresh,
      streamTicket: null,
    };
  }
  const as = (role: Role) => bearer(identities[role].access);
  const call = async (role: Role, method: string, url: string, payload?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: as(role),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`seeding ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  // Bystanders the admin routes can act on.
  const victims: number[] = [];
  for (const [i, role] of ['staff', 'manager', 'ndf'].entries()) {
    const user = await app.accounts.createUser({
      email: `victim-${i}@example.com`,
      password: ROLE_PASSWORD,
      role,
    });
    victims.push(user.id);
  }

  // Diary: every diary role gets categories and entries.
  const diaryIds: number[] = [];
  const rowIds: number[] = [];
  for (const role of ['admin', 'manager', 'staff'] as const) {
    const diaries = (await call(role, 'GET', '/api/diaries/diaries/')) as unknown as { id: number }[];
    const jars = (await call(role, 'GET', '/api/diaries/jars/')) as unknown as { id: number }[];
    const diaryId = (diaries[0] as { id: number }).id;
    diaryIds.push(diaryId);
    rowIds.push(...jars.map((j) => j.id));
    const category = await call(role, 'POST', '/api/diaries/categories/', {
      title: `Work ${role}`,
      jar_id: jars[0]?.id,
    });
    rowIds.push(Number(category.id));
    const entry = await call(
      role,
      'POST',
      `/api/diaries/${diaryId}/entries/`,
      entryBody({ category: [Number(category.id)] }),
    );
    rowIds.push(Number(entry.id));
  }

  // Stocks: a few tickers with bars and a live quote, a watchlist per stocks role, a holiday.
  const tickers = ['FZA', 'FZB', 'FZC'];
  for (const ticker of tickers) {
    await call('admin', 'POST', '/api/stocks/stocks/', { ticker, name: `Fuzz ${ticker}`, exchange_id: 1 });
    for (const [d, close] of [
      ['2026-05-04', 10_000],
      ['2026-05-05', 10_500],
    ] as const) {
      await call('manager', 'POST', '/api/stocks/prices/', {
        ticker,
        date: d,
        open: close,
        high: close + 100,
        low: close - 100,
        close,
        volume: 1000,
      });
    }
  }
  const stock = await db
    .selectFrom('stocks')
    .select('id')
    .where('ticker', '=', 'FZA')
    .executeTakeFirstOrThrow();
  const quoteAt = new Date('2026-05-06T02:45:00Z');
  // Through the quotes repository, which keeps the stock's snapshot row in the same transaction.
  await createQuotesRepo(db).insertQuotes([
    {
      stock_id: stock.id,
      trading_date: '2026-05-06',
      price: 10_600,
      volume: 1200,
      open: 10_500,
      high: 10_700,
      low: 10_400,
      as_of_ms: quoteAt.getTime(),
      source: 'demo',
    },
  ]);
  for (const role of ['admin', 'manager', 'staff'] as const) {
    const list = await call(role, 'POST', '/api/stocks/watchlists/', { name: `Watch ${role}` });
    rowIds.push(Number(list.id));
    const item = await call(role, 'POST', `/api/stocks/watchlists/${list.id}/add_item/`, {
      ticker: 'FZA',
      note: 'n',
    });
    rowIds.push(Number(item.id)); // the item call's item_id
    identities[role].streamTicket = String((await call(role, 'POST', '/api/stocks/stream-ticket/')).ticket);
  }
  await call('admin', 'POST', '/api/stocks/holidays/', { date: '2031-03-05', name: 'Fuzz day' });

  // Forex: a few points for two symbols.
  const now = t.clock.now().getTime();
  await storeForexPoints(
    db,
    [0, 1, 2].flatMap((i) => [
      { symbol: 'USD', time: new Date(now - i * 3_600_000), last: 26_000 + i, bid: 25_900, ask: 26_100 },
      { symbol: 'SJC', time: new Date(now - i * 3_600_000), last: 150_000_000 + i, bid: null, ask: null },
    ]),
    { source: 'vietcombank', arrivedAt: new Date(now), staleAfterMs: 3_600_000 },
  );

  // CashFlow: a finished game by each game host.
  for (const role of ['admin', 'ndf'] as const) {
    const game = await call(
      role,
      'POST',
      '/api/cashflow/sessions/finalize/',
      finalizeBody([{ user_id: identities[role].id }, { guest_name: 'Guest' }]),
    );
    rowIds.push(Number(game.id));
  }

  const template = await app.inject({
    method: 'GET',
    url: '/api/users/users/template/',
    headers: as('admin'),
  });
  const xlsx = template.rawPayload;
  const corrupt = Buffer.from(xlsx);
  for (let i = 200; i < corrupt.length; i += 97) corrupt[i] = (corrupt[i] as number) ^ 0x5a;

  const pools: Pools = {
    ids: [...new Set([...Object.values(identities).map((i) => i.id), ...victims, ...diaryIds, ...rowIds])],
    tickers: [...tickers, 'fza', 'ZZZZ'],
    dates: ['2026-05-05', '2031-03-05', '2026-01-01'],
    emails: [...Object.values(identities).map((i) => i.email), 'victim-0@example.com', 'nobody@example.com'],
  };

  const roleRows = await db
    .selectFrom('users')
    .selectAll()
    .where(
      'id',
      'in',
      Object.values(identities).map((i) => i.id),
    )
    .execute();
  // Their sign-ins too: a fuzzed password reset, deactivation or deletion ends them at once.
  const roleSessions = await db
    .selectFrom('sessions')
    .selectAll()
    .where(
      'user_id',
      'in',
      Object.values(identities).map((i) => i.id),
    )
    .execute();

  const tables = await tablesOf(db, kind);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  if (!address) throw new Error('the app did not listen');

  return {
    kind,
    t,
    identities,
    pools,
    files: { xlsx, corrupt },
    snapshot: () => fingerprint(db, kind, tables, t.config.mediaDir),
    send: (request, stream) => (stream ? sendOverHttp(port, request) : sendInProcess(t, request)),
    async restoreIdentities() {
      for (const row of roleRows) {
        const { id, is_active, must_change_password, created_at, updated_at, last_login_at, ...rest } = row;
        const fields = {
          ...rest,
          is_active: (toBool(is_active) ? 1 : 0) as 0 | 1,
          must_change_password: (toBool(must_change_password) ? 1 : 0) as 0 | 1,
          created_at: asText(created_at),
          updated_at: asText(updated_at),
          last_login_at: last_login_at === null ? null : asText(last_login_at),
        };
        const current = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
        if (current) await db.updateTable('users').set(fields).where('id', '=', id).execute();
        else
          await db
            .insertInto('users')
            .values({ id, ...fields })
            .execute();
      }
      for (const session of roleSessions) {
        const fields = {
          ...session,
          created_at: asText(session.created_at),
          expires_at: asText(session.expires_at),
          revoked_at: null,
          rotated_at: session.rotated_at === null ? null : asText(session.rotated_at),
        };
        await db.deleteFrom('sessions').where('id', '=', session.id).execute();
        await db.insertInto('sessions').values(fields).execute();
      }
    },
    close: () => t.close(),
  };
}

/** An instant as the databases take it back: SQLite's stored text as is, PostgreSQL's Date as ISO text. */
const asText = (v: string | Date) => (v instanceof Date ? v.toISOString() : v);

/** Races a request against the deadline; the timer is cleared as soon as it answers. */
function withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${what}`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function sendInProcess(t: TestApp, request: OutgoingRequest): Promise<Answer> {
  const started = performance.now();
  const res = await withDeadline(
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    }),
    `${request.method} ${request.url.slice(0, 200)}`,
  );
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
    ms: performance.now() - started,
  };
}

/**
 * Over a real socket, for streams: a 200 event stream is read up to its first chunk and then
 * aborted; anything else is read whole.
 */
function sendOverHttp(port: number, request: OutgoingRequest): Promise<Answer> {
  const started = performance.now();
  const { host: _host, ...headers } = request.headers;
  // Framed like any client frames a body, so the server answers the request rather than the framing.
  if (request.payload !== undefined) headers['content-length'] = String(Buffer.byteLength(request.payload));
  const work = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent: false },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        const answer = (body: string) =>
          resolve({ status: res.statusCode ?? 0, contentType, body, ms: performance.now() - started });
        if (contentType.startsWith('text/event-stream')) {
          if (request.method === 'HEAD') {
            req.destroy();
            answer('');
            return;
          }
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            answer(chunk.toString('utf8'));
          });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.payload);
  });
  return withDeadline(work, `${request.method} ${request.url.slice(0, 200)}`);
}
