// What only a real process shows (issue: faults and load): a SIGKILL in the middle of a stream of writes
// loses no answered write and leaves no half-written row; SIGTERM lets in-flight requests finish and
// closes the database cleanly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { call, type ServerProcess, startServer } from './test/server-process';

const ADMIN = { email: 'admin@safety.test', password: 'Admin-pass-2024' };
const running: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-safety-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string): Promise<ServerProcess> {
  const server = await startServer({
    DATA_DIR: dir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  running.push(server);
  return server;
}

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

describe('a SIGKILL during a stream of writes', () => {
  it('keeps every answered write, whole, and the database passes its integrity check', {
    timeout: 90_000,
  }, async () => {
    const dir = dataDir();
    let server = await start(dir);
    const { token, diaryId, categoryId } = await prepareDiary(server);

    // Four writers at once, diary entries and finished games in turn; the process is killed as soon
    // as 80 writes have been answered.
    const entries = new Map<number, number>(); // entry id → n
    const games = new Map<number, number>(); // session id → n
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const n = next++;
        const isGame = n % 2 === 1;
        try {
          const response = isGame
            ? await call(server, 'POST', '/api/cashflow/sessions/finalize/', { token, body: game(n) })
            : await call(server, 'POST', `/api/diaries/${diaryId}/entries/`, {
                token,
                body: entry(n, categoryId),
              });
          if (response.status === 201) (isGame ? games : entries).set(Number(response.body.id), n);
          else if (!killed) throw new Error(`unexpected ${response.status}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (entries.size + games.size >= 80 && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(await server.exited).toBe('SIGKILL');
    expect(entries.size).toBeGreaterThan(0);
    expect(games.size).toBeGreaterThan(0);

    // The database file after the crash, before anything else opens it.
    const db = new SQLite(path.join(dir, 'app.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Every stored entry is whole: a title, a note and its category link.
    const rows = db
      .prepare(
        `SELECT e.id, e.title, e.note, COUNT(ec.category_id) AS links
           FROM diary_entries e LEFT JOIN diary_entry_categories ec ON ec.entry_id = e.id
          GROUP BY e.id, e.title, e.note`,
      )
      .all() as { id: number; title: string; note: string; links: number }[];
    for (const row of rows) expect(row.links).toBe(1);
    const storedEntries = new Set(rows.map((r) => r.id));
    for (const id of entries.keys()) expect(storedEntries.has(id)).toBe(true);
    // Every stored game has all its players, and the monthly roll-ups count exactly the stored games.
    const sessions = db
      .prepare(
        `SELECT s.id, s.num_players, COUNT(r.id) AS players
           FROM cashflow_sessions s LEFT JOIN cashflow_results r ON r.session_id = s.id
          GROUP BY s.id, s.num_players`,
      )
      .all() as { id: number; num_players: number; players: number }[];
    for (const session of sessions) expect(session.players).toBe(session.num_players);
    const storedGames = new Set(sessions.map((s) => s.id));
    for (const id of games.keys()) expect(storedGames.has(id)).toBe(true);
    const rolledUp = db.prepare('SELECT COALESCE(SUM(games), 0) AS games FROM cashflow_monthly_totals').get();
    expect(rolledUp).toEqual({ games: sessions.length });
    db.close();

    // The restarted server serves them.
    server = await start(dir);
    const again = await call(server, 'POST', '/api/users/token/', { body: ADMIN });
    const [firstId, n] = [...entries.entries()][0] as [number, number];
    const read = await call(server, 'GET', `/api/diaries/entries/${firstId}/`, {
      token: String(again.body.access),
    });
    expect(read.status).toBe(200);
    expect(read.body.title).toBe(`Việc ${n}`);
    // A game answered before the crash, resent, is recognised rather than stored twice.
    const [gameId, g] = [...games.entries()][0] as [number, number];
    const resent = await call(server, 'POST', '/api/cashflow/sessions/finalize/', {
      token: String(again.body.access),
      body: game(g),
    });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(gameId);
  });
});

describe('SIGTERM', () => {
  it('lets in-flight requests finish, then exits 0 with the database closed cleanly', {
    timeout: 90_000,
  }, async () => {
    const dir = dataDir();
    const server = await start(dir);
    const { token, diaryId, categoryId } = await prepareDiary(server);
    // Both requests have reached the server (it logs each one as it comes in) when the signal arrives;
    // sign-in then spends tens of milliseconds hashing the password.
    const arrived = Promise.all([server.nextLog('/api/users/token/'), server.nextLog('/entries/')]);
    const inFlight = Promise.all([
      call(server, 'POST', '/api/users/token/', { body: ADMIN }),
      call(server, 'POST', `/api/diaries/${diaryId}/entries/`, { token, body: entry(1, categoryId) }),
    ]);
    await arrived;
    server.child.kill('SIGTERM');
    const [signIn, created] = await inFlight;
    expect(signIn.status).toBe(200);
    expect(created.status).toBe(201);
    expect(await server.exited).toBe(0);
    // A clean close checkpoints the write-ahead log into the database file and removes it.
    expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
    const db = new SQLite(path.join(dir, 'app.db'), { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM diary_entries').get()).toEqual({ n: 1 });
    db.close();
  });
});
