// Serialiser benchmark (issue 17, decision 0025): the biggest answers written the old way (zod
// parses, then JSON.stringify: fastify-type-provider-zod's serializerCompiler) and the new way
// (fast-json-stringify from the contract's JSON Schema: http/serializer.ts, production mode),
// with the same schemas the routes declare and payloads of the routes' real sizes. Serialisation
// only: no routing, no SQL. Both writers' output is checked equal before timing.
//
//   node --import tsx bench/serializer-bench.mjs        (or: npm run bench -- serializer)
//
// Options (env): RUNS (2000 calls per writer and answer, after 200 to warm up).
import { performance } from 'node:perf_hooks';
import { EntryList, FinishedSessionPage, ForexSeries, SnapshotList } from '@staff/contracts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as bench from './lib.mjs';

const { createResponseSerializerCompiler } = await import(bench.apiSource('http/serializer.ts'));

const RUNS = Number(process.env.RUNS ?? 2000);
const WARM_UP = 200;
const random = bench.rng(17);
const pick = (list) => list[Math.floor(random() * list.length)];
const pad = (n) => String(n).padStart(2, '0');

/** The heavy diary user's 7-day window: ~320 entries (about 100 KB of JSON). */
function diaryWindow() {
  const titles = ['Ngủ', 'Làm việc dự án', 'Đọc sách', 'Tập thể dục', 'Họp nhóm', 'Ăn trưa', 'Học tiếng Anh'];
  const categories = [
    { id: 11, title: 'Ngủ' },
    { id: 12, title: 'Công việc' },
    { id: 13, title: 'Đọc sách' },
    { id: 14, title: 'Sức khoẻ' },
  ];
  return Array.from({ length: 320 }, (_, i) => {
    const day = 20 - Math.floor(i / 46);
    const hour = Math.floor((i % 46) / 2);
    return {
      id: 100_000 + i,
      diary: 7,
      title: pick(titles),
      feeling: pick(['happy', 'neutral', 'sad']),
      start_date: `2026-11-${pad(day)}`,
      start_time: `${pad(hour)}:00`,
      end_date: `2026-11-${pad(day)}`,
      end_time: `${pad(hour)}:30`,
      time_zone: 'Asia/Ho_Chi_Minh',
      start_at: `2026-11-${pad(day)}T${pad(hour)}:00:00.000Z`,
      end_at: `2026-11-${pad(day)}T${pad(hour)}:30:00.000Z`,
      duration_minutes: 30,
      place: pick(['Văn phòng', 'Nhà', 'Quán cà phê']),
      category: i % 3 === 0 ? categories.slice(0, 2) : [pick(categories)],
      note: i % 4 === 0 ? 'Ghi chú ngắn về việc đã làm trong khoảng thời gian này.' : '',
      feedback: i % 5 === 0 ? 'Tốt' : '',
      overlaps: i % 40 === 0,
    };
  });
}

/** A sessions page of 20 finished games, four players each. */
function sessionsPage() {
  return {
    count: 100_000,
    next: 'http://localhost/api/cashflow/sessions/?page=2&page_size=20',
    previous: null,
    results: Array.from({ length: 20 }, (_, g) => ({
      id: 100_000 - g,
      start_time: `2026-11-${pad(1 + (g % 25))}T08:00:00.000Z`,
      num_players: 4,
      win_type: pick(['PASSIVE_INCOME_FAST', 'DREAM']),
      duration_seconds: 3600 + g * 17,
      results: Array.from({ length: 4 }, (_, p) => ({
        id: (100_000 - g) * 4 + p,
        display_name: `Nguyễn Văn ${String.fromCharCode(65 + p)}`,
        career: pick(['Teacher', 'Doctor', 'Engineer', 'Janitor']),
        is_winner: p === 0,
        passive_income: Math.round(random() * 5000),
        expenses: Math.round(random() * 4000),
        cash_on_hand_end: Math.round(random() * 20000),
        escaped_ratrace: p === 0,
      })),
    })),
  };
}

/** A year of one forex symbol, a point a day. */
function forexYear() {
  const start = Date.parse('2025-11-26T00:00:00Z');
  return {
    symbol: 'USDVND',
    range: 'yearly',
    bucket_seconds: 86_400,
    data: Array.from({ length: 365 }, (_, d) => ({
      time: new Date(start + d * 86_400_000).toISOString(),
      last: Math.round((25_000 + random() * 1000) * 100) / 100,
    })),
  };
}

/** Snapshots of 50 tickers. */
function snapshots() {
  return Array.from({ length: 50 }, (_, i) => {
    const prev = 10_000 + Math.round(random() * 90_000);
    const price = prev + Math.round((random() - 0.5) * 2000);
    return {
      ticker: `T${String(i).padStart(2, '0')}X`,
      name: `Công ty cổ phần số ${i}`,
      exchange: pick(['HOSE', 'HNX', 'UPCOM']),
      trading_date: '2026-11-25',
      open_price: prev,
      high_price: price + 300,
      low_price: price - 300,
      current_price: price,
      volume: Math.round(random() * 1e6),
      prev_close: prev,
      week_open: prev - 100,
      month_open: i % 7 === 0 ? null : prev - 500,
      live_as_of: i % 2 === 0 ? '2026-11-25T07:30:00.000Z' : null,
      ceiling: Math.round(prev * 1.07),
      floor: Math.round(prev * 0.93),
      change: price - prev,
      change_percent: Math.round(((price - prev) / prev) * 10_000) / 100,
      is_holiday: false,
    };
  });
}

const answers = [
  {
    name: 'diary 7-day window (320 entries)',
    url: '/api/diaries/entries/',
    schema: EntryList,
    payload: diaryWindow(),
  },
  {
    name: 'sessions page (20 games)',
    url: '/api/cashflow/sessions/',
    schema: FinishedSessionPage,
    payload: sessionsPage(),
  },
  {
    name: 'forex yearly series (365 points)',
    url: '/api/forex/:symbol/:range/',
    schema: ForexSeries,
    payload: forexYear(),
  },
  {
    name: 'stock snapshots (50 tickers)',
    url: '/api/stocks/snapshots/',
    schema: SnapshotList,
    payload: snapshots(),
  },
];

function microsecondsPerCall(write, payload) {
  for (let i = 0; i < WARM_UP; i++) write(payload);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    write(payload);
    times.push((performance.now() - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

const fastCompiler = createResponseSerializerCompiler({ validate: false });
const rows = [];
for (const answer of answers) {
  const route = { schema: answer.schema, method: 'GET', url: answer.url, httpStatus: '200' };
  const viaZod = zodSerializerCompiler(route);
  const fast = fastCompiler(route);
  const expected = viaZod(answer.payload);
  if (fast(answer.payload) !== expected) throw new Error(`${answer.name}: the two writers disagree`);
  if (fastCompiler.compiled.at(-1).mode !== 'fast') throw new Error(`${answer.name}: fell back to zod`);
  const zod = microsecondsPerCall(viaZod, answer.payload);
  const fjs = microsecondsPerCall(fast, answer.payload);
  rows.push({ ...answer, bytes: Buffer.byteLength(expected), zod, fjs });
}

console.log(`Serialisation, µs per call (median / p95 of ${RUNS}), node ${process.version}`);
console.log('| answer | bytes | zod + JSON.stringify | fast-json-stringify | speed-up |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) {
  const f = (t) => `${t.median.toFixed(0)} / ${t.p95.toFixed(0)}`;
  console.log(
    `| ${r.name} | ${r.bytes} | ${f(r.zod)} | ${f(r.fjs)} | ×${(r.zod.median / r.fjs.median).toFixed(1)} |`,
  );
}
