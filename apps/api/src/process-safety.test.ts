// What only real processes show (issue: faults and load), with the server run as `npm start` runs it:
// a cluster primary and two worker processes sharing one database (one SQLite file, or PostgreSQL),
// every write on a connection of its own so that writes land on both workers in turn.
// - A SIGKILL of the whole server in the middle of a stream of writes loses no answered write and
//   leaves no half-written row.
// - A SIGKILL of one worker: the primary replaces it, the other goes on serving, and nothing answered
//   is lost.
// - SIGTERM lets in-flight requests on every worker finish, then the server exits 0 with the database
//   closed cleanly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './db/index';
import { testDatabases } from './test/harness';
import {
  call,
  freshPostgresDatabase,
  killServer,
  type ServerProcess,
  startServer,
} from './test/server-process';

const ADMIN = { email: 'admin@safety.test', password: 'Admin-pass-2024' };
const WORKERS = 2;
const FINALIZE = '/api/cashflow/sessions/finalize/';

/** Signs in and prepares a diary with one category; returns what an entry needs. */
async function prepareDiary(server: ServerProcess) {
  const signIn = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
  expect(signIn.status).toBe(200);
  const token = String(signIn.body.access);
  const diaries = await call(server, 'GET', '/api/diaries/diaries/', { token });
  const diaryId = (diaries.body as unknown as { id: number }[])[0]?.id;
  const category = await call(server, 'POST', '/api/diaries/categories/', {
    token,
    body: { title: 'Làm việc' },
  });
  expect(category.status).toBe(201);
  return { token, diaryId: Number(diaryId), categoryId: Number(category.body.id) };
}

function entry(n: number, categoryId: number) {
  const day = String(1 + (n % 28)).padStart(2, '0');
  const hour = String(n % 20).padStart(2, '0');
  return {
    title: `Việc ${n}`,
    start_date: `2026-03-${day}`,
    start_time: `${hour}:00`,
    end_date: `2026-03-${day}`,
    end_time: `${hour}:30`,
    category: [categoryId],
    place: 'Văn phòng',
    note: `Ghi chú ${n}`,
  };
}

/** A three-player game with guests; n makes each one distinct. */
function game(n: number) {
  const start = Date.UTC(2026, 2, 1) + n * 3_600_000;
  return {
    num_players: 3,
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 45 * 60_000).toISOString(),
    win_type: 'PASSIVE_INCOME_FAST',
    winner_index: n % 3,
    _pending_ts: start,
    results: [0, 1, 2].map((seat) => ({
      guest_name: `Khách ${n}-${seat}`,
      career: 'Kỹ sư',
      salary: 4900,
      expenses: 3000,
      passive_income: seat * 1000,
      cash_on_hand_end: 500 + seat,
      escaped_ratrace: seat === n % 3,
      is_winner: seat === n % 3,
    })),
  };
}

/**
 * Four writers at once, two diary entries then two finished games and so on, each write on a new
 * connection (so on the next worker), until `stop()` says so. A write that fails without an answer
 * is left unknown when `excused(sentAt)` says so at the moment it fails, and fails the test otherwise.
 */
async function writeUntil(
  server: ServerProcess,
  diary: Awaited<ReturnType<typeof prepareDiary>>,
  {
    stop,
    excused,
    answered,
    before,
  }: {
    stop: () => boolean;
    excused: (sentAt: number) => boolean;
    answered: () => void;
    /** Awaited before each write: lets a test hold the writers. */
    before?: () => Promise<unknown>;
  },
) {
  const entries = new Map<number, number>(); // entry id → n
  const games = new Map<number, number>(); // session id → n
  let next = 0;
  const inFlight = new Set<{ sentAt: number; controller: AbortController }>();
  const writer = async () => {
    while (!stop()) {
      await before?.();
      if (stop()) break;
      const n = next++;
      // Not every other one: with connections handed to the workers in turn, each kind would go to one.
      const isGame = Math.floor(n / 2) % 2 === 1;
      const request = { sentAt: performance.now(), controller: new AbortController() };
      inFlight.add(request);
      const options = { token: diary.token, newConnection: true, signal: request.controller.signal };
      try {
        const response = isGame
          ? await call(server, 'POST', FINALIZE, { ...options, body: game(n) })
          : await call(server, 'POST', `/api/diaries/${diary.diaryId}/entries/`, {
              ...options,
              body: entry(n, diary.categoryId),
            });
        if (response.status !== 201) throw new Error(`unexpected ${response.status}`);
        (isGame ? games : entries).set(Number(response.body.id), n);
        answered();
      } catch (error) {
        if (!excused(request.sentAt)) throw error;
      } finally {
        inFlight.delete(request);
      }
      // Done: a request still unanswered that was excused is given up on. (node:cluster's primary never
      // closes a connection it handed to a worker that died before taking it: it would hang.)
      if (stop()) {
        for (const other of inFlight) if (excused(other.sentAt)) other.controller.abort();
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  return { entries, games };
}

describe.each(testDatabases())('%s: a server of two worker processes', (kind) => {
  const running: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    await Promise.all(running.splice(0).map(killServer));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A fresh database of this kind: a data dir, and on PostgreSQL a database of its own. */
  async function freshTarget() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-safety-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (kind === 'postgres') {
      const fresh = await freshPostgresDatabase();
      databaseUrl = fresh.url;
      cleanups.push(fresh.drop);
    }
    return { dataDir, databaseUrl };
  }

  async function start(target: { dataDir: string; databaseUrl: string }): Promise<ServerProcess> {
    const server = await startServer(
      {
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      { workers: WORKERS },
    );
    running.push(server);
    return server;
  }

  /** Every stored entry has its category link; every stored game all its players, counted once. */
  async function expectWhole(
    target: { dataDir: string; databaseUrl: string },
    written: { entries: Map<number, number>; games: Map<number, number> },
  ) {
    const db = createDb(target);
    try {
      const entries = await sql<{ id: number; links: number }>`
        SELECT e.id, COUNT(ec.category_id) AS links
          FROM diary_entries e LEFT JOIN diary_entry_categories ec ON ec.entry_id = e.id
         GROUP BY e.id`.execute(db);
      for (const row of entries.rows) expect(Number(row.links)).toBe(1);
      const storedEntries = new Set(entries.rows.map((r) => Number(r.id)));
      for (const id of written.entries.keys()) expect(storedEntries.has(id)).toBe(true);

      const sessions = await sql<{ id: number; num_players: number; players: number }>`
        SELECT s.id, s.num_players, COUNT(r.id) AS players
          FROM cashflow_sessions s LEFT JOIN cashflow_results r ON r.session_id = s.id
         GROUP BY s.id, s.num_players`.execute(db);
      for (const session of sessions.rows) expect(Number(session.players)).toBe(session.num_players);
      const storedGames = new Set(sessions.rows.map((s) => Number(s.id)));
      for (const id of written.games.keys()) expect(storedGames.has(id)).toBe(true);
      const rolledUp = await sql<{ games: number }>`
        SELECT COALESCE(SUM(games), 0) AS games FROM cashflow_monthly_totals`.execute(db);
      expect(Number(rolledUp.rows[0]?.games)).toBe(sessions.rows.length);
    } finally {
      await db.destroy();
    }
  }

  it('keeps every answered write, whole, when the whole server is killed mid-stream', {
    timeout: 180_000,
  }, async () => {
    const target = await freshTarget();
    let server = await start(target);
    const diary = await prepareDiary(server);

    // The primary and both workers are killed at once as soon as 80 writes have been answered.
    let count = 0;
    let killed = false;
    const written = await writeUntil(server, diary, {
      stop: () => killed,
      excused: () => killed,
      answered: () => {
        if (++count >= 80 && !killed) {
          killed = true;
          process.kill(-(server.child.pid as number), 'SIGKILL');
        }
      },
    });
    expect(await server.exited).toBe('SIGKILL');
    expect(written.entries.size).toBeGreaterThan(0);
    expect(written.games.size).toBeGreaterThan(0);
    // Both workers took writes of both kinds.
    expect(server.loggedBy(FINALIZE).size).toBe(WORKERS);
    expect(server.loggedBy('/entries/').size).toBe(WORKERS);

    if (kind === 'sqlite') {
      // The database file after the crash, before anything else opens it.
      const file = new SQLite(path.join(target.dataDir, 'app.db'));
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      file.close();
    }
    await expectWhole(target, written);

    // The restarted server serves them.
    server = await start(target);
    const again = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
    const [firstId, n] = [...written.entries.entries()][0] as [number, number];
    const read = await call(server, 'GET', `/api/diaries/entries/${firstId}/`, {
      token: String(again.body.access),
    });
    expect(read.status).toBe(200);
    expect(read.body.title).toBe(`Việc ${n}`);
    // A game answered before the crash, resent to each worker, is recognised rather than stored twice.
    const [gameId, g] = [...written.games.entries()][0] as [number, number];
    for (let i = 0; i < WORKERS; i++) {
      const resent = await call(server, 'POST', FINALIZE, {
        token: String(again.body.access),
        body: game(g),
        newConnection: true,
      });
      expect(resent.status).toBe(200);
      expect(resent.body.id).toBe(gameId);
    }
  });

  it('replaces a worker killed mid-stream; the other goes on serving and no answered write is lost', {
    timeout: 180_000,
  }, async () => {
    const target = await freshTarget();
    const server = await start(target);
    const diary = await prepareDiary(server);
    const [victim, survivor] = server.workers() as [number, number];

    // 40 writes answered, then one worker is killed; the other answers 40 more (then the writers wait,
    // sparing the cores for the replacement's start), and once the replacement listens, 40 more.
    let count = 0;
    let phase: 'before' | 'killed' | 'noticed' | 'replaced' = 'before';
    let noticedAt = Number.POSITIVE_INFINITY;
    let afterNotice = 0;
    let afterReplacement = 0;
    let replacementMark = 0;
    let replacement: number | undefined;
    let listening: Promise<string> | undefined;
    const written = await writeUntil(server, diary, {
      stop: () => phase === 'replaced' && afterReplacement >= 40,
      before: async () => {
        if (phase === 'noticed' && afterNotice >= 40) await listening;
      },
      // A request sent before the primary saw the worker end may have been handed to it, and get no
      // answer; one sent after, never.
      excused: (sentAt) => phase !== 'before' && sentAt < noticedAt,
      answered: () => {
        if (phase === 'noticed') afterNotice++;
        if (phase === 'replaced') afterReplacement++;
        if (++count === 40) {
          const noticed = server.nextLog('a worker ended');
          listening = server.nextLog('Server listening at');
          phase = 'killed';
          process.kill(victim, 'SIGKILL');
          void noticed.then(() => {
            noticedAt = performance.now();
            phase = 'noticed';
          });
          void listening.then((line) => {
            replacement = Number((JSON.parse(line) as { pid: number }).pid);
            replacementMark = server.logLength();
            phase = 'replaced';
          });
        }
      },
    });

    expect(replacement).toBeDefined();
    expect(afterNotice).toBeGreaterThanOrEqual(40); // the survivor served alone meanwhile
    expect([victim, survivor]).not.toContain(replacement);
    expect(server.workers().sort()).toEqual([survivor, replacement].sort());
    // The replacement took its share of the writes after it started.
    expect(server.loggedBy('/api/', replacementMark)).toContain(replacement);
    expect(server.child.exitCode).toBe(null);
    await expectWhole(target, written);
    if (kind === 'sqlite') {
      const db = createDb(target);
      const [check] = (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows;
      await db.destroy();
      expect(check?.integrity_check).toBe('ok');
    }
  });

  it('lets in-flight requests on every worker finish on SIGTERM, then exits 0 with the database closed', {
    timeout: 120_000,
  }, async () => {
    const target = await freshTarget();
    const server = await start(target);
    const diary = await prepareDiary(server);
    // Each request on a connection of its own, so both workers have some in flight; all four have
    // reached the server (it logs each one as it comes in) when the signal arrives. Sign-in then
    // spends tens of milliseconds hashing the password.
    const mark = server.logLength();
    const arrived = Promise.all([server.nextLogs('/api/users/token/', 2), server.nextLogs('/entries/', 2)]);
    const inFlight = Promise.all([
      call(server, 'POST', '/api/users/token/', { body: ADMIN, newConnection: true }),
      call(server, 'POST', '/api/users/token/', { body: ADMIN, newConnection: true }),
      call(server, 'POST', `/api/diaries/${diary.diaryId}/entries/`, {
        token: diary.token,
        body: entry(1, diary.categoryId),
        newConnection: true,
      }),
      call(server, 'POST', `/api/diaries/${diary.diaryId}/entries/`, {
        token: diary.token,
        body: entry(2, diary.categoryId),
        newConnection: true,
      }),
    ]);
    await arrived;
    expect(server.loggedBy('incoming request', mark).size).toBe(WORKERS);
    server.child.kill('SIGTERM');
    const answers = await inFlight;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 201, 201]);
    expect(await server.exited).toBe(0);
    // Both workers drained and nothing is left of the server.
    expect(server.loggedBy('shutting down', mark).size).toBe(WORKERS + 1);
    for (const pid of [server.child.pid as number, ...server.workers()]) {
      expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    }
    if (kind === 'sqlite') {
      // A clean close checkpoints the write-ahead log into the database file: the log is gone, or
      // empty where the two workers closed at the same moment (each saw the other still open, so
      // neither removed it), and app.db alone holds every write.
      const wal = path.join(target.dataDir, 'app.db-wal');
      expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    }
    const db = createDb(target);
    const stored = await db
      .selectFrom('diary_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(Number(stored.n)).toBe(2);
  });
});
