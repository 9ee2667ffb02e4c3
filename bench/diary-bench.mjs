// Diary benchmark: one user with 50,000 entries over three years, then the
// 365/30/7-day analysis and the 7-day entries list, timed through the real app
// (app.inject: routing, auth, validation, SQL, serialisation; no sockets).
//
//   node --import tsx bench/diary-bench.mjs             # SQLite in a temp dir
//   DATABASE_URL=postgres://... node --import tsx bench/diary-bench.mjs
//   node scripts/throwaway-postgres.mjs sh -c 'DATABASE_URL=$TEST_PG_URL node --import tsx bench/diary-bench.mjs'
//
// Options (env): ENTRIES (50000), DAYS (1095), RUNS (40), KEEP=1 keeps the SQLite file. Writes
// bench/results/diary-<sqlite|postgres>.json and prints a table.
import { sql } from 'kysely';
import * as bench from './lib.mjs';

const { localToEpochMs, addDays } = await import(bench.apiSource('modules/diary/time.ts'));
const { rebuildAllWeekTotals } = await import(bench.apiSource('modules/diary/index.ts'));

const ENTRIES = Number(process.env.ENTRIES ?? 50_000);
const DAYS = Number(process.env.DAYS ?? 1095);
const RUNS = Number(process.env.RUNS ?? 40);
const ZONE = 'Asia/Ho_Chi_Minh';

// Deterministic data: the same entries on every run and both databases.
const random = bench.rng(20240601);

const { dataDir, config, kind, db } = await bench.openDb('diary');
const { app, user, headers, get } = await bench.startApp({ config, db });

// Diary, jars and 20 categories spread over the jars (two without a jar).
const diaryId = (await get('/api/diaries/diaries/')).json()[0].id;
const jars = (await get('/api/diaries/jars/')).json();
const categoryIds = [];
for (let i = 0; i < 20; i++) {
  const jar = i < 18 ? jars[i % 7].id : null;
  const res = await app.inject({
    method: 'POST',
    url: '/api/diaries/categories/',
    headers,
    payload: { title: `Category ${i}`, jar_id: jar },
  });
  categoryIds.push(res.json().id);
}

// ENTRIES entries over DAYS local days ending today: back-to-back blocks through each day.
const today = new Date().toISOString().slice(0, 10);
const firstDay = addDays(today, -DAYS + 1);
const perDay = ENTRIES / DAYS;
const pad = (n) => String(n).padStart(2, '0');
const started = performance.now();
let made = 0;
const entries = bench.batchedWriter(db, {
  parentTable: 'diary_entries',
  childTable: 'diary_entry_categories',
  key: 'entry_id',
});
const now = new Date().toISOString();
for (let d = 0; d < DAYS && made < ENTRIES; d++) {
  const date = addDays(firstDay, d);
  const count = Math.min(ENTRIES - made, Math.round((d + 1) * perDay) - Math.round(d * perDay));
  const slot = Math.floor(1440 / Math.max(1, count));
  for (let k = 0; k < count; k++) {
    const startMin = k * slot;
    const endMin = Math.min(1439, startMin + Math.max(5, Math.floor(slot * (0.5 + random() * 0.5))));
    const start_time = `${pad(Math.floor(startMin / 60))}:${pad(startMin % 60)}`;
    const end_time = `${pad(Math.floor(endMin / 60))}:${pad(endMin % 60)}`;
    const start_ms = localToEpochMs(date, start_time, ZONE);
    const end_ms = localToEpochMs(date, end_time, ZONE);
    const n = 1 + Math.floor(random() * 3);
    const cats = new Set();
    while (cats.size < n) cats.add(categoryIds[Math.floor(random() * categoryIds.length)]);
    const entry = {
      diary_id: diaryId,
      user_id: user.id,
      title: `Entry ${made}`,
      feeling: ['excited', 'happy', 'neutral', 'sad', 'tired', 'angry', 'anxious'][made % 7],
      start_date: date,
      start_time,
      end_date: date,
      end_time,
      time_zone: ZONE,
      start_at: new Date(start_ms).toISOString(),
      end_at: new Date(end_ms).toISOString(),
      start_ms,
      end_ms,
      category_count: cats.size,
      place: 'Office',
      note: 'Benchmark entry',
      feedback: '',
      created_at: now,
      updated_at: now,
    };
    await entries.add(
      entry,
      [...cats].map((c) => ({ category_id: c })),
    );
    made++;
  }
}
await entries.flush();
// The entries went in straight, so their week totals (migration 0009) are summed once here.
await rebuildAllWeekTotals(db);
// Fresh statistics, as a running server would have them.
await sql`analyze`.execute(db);
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

/** The first call, 3 warm-ups, then RUNS timed calls; `check` describes the first answer. */
async function time(name, url, check) {
  const { stats, first } = await bench.timeCalls(name, () => get(url), { runs: RUNS, warmup: 4 });
  return { name, ...stats, detail: check(first.json()) };
}

const week = `start_date=${addDays(today, -6)}&end_date=${today}`;
const results = [
  await time(
    'analysis 365 days',
    '/api/diaries/analysis/?days=365',
    (a) => `${Math.round(a.total_minutes)} min`,
  ),
  await time(
    'analysis 30 days',
    '/api/diaries/analysis/?days=30',
    (a) => `${Math.round(a.total_minutes)} min`,
  ),
  await time('analysis 7 days', '/api/diaries/analysis/?days=7', (a) => `${Math.round(a.total_minutes)} min`),
  await time(
    'entries list, 7-day window',
    `/api/diaries/${diaryId}/entries/?${week}`,
    (l) => `${l.length} entries`,
  ),
  await time(
    'entries list, 7 days + category',
    `/api/diaries/${diaryId}/entries/?${week}&category=${categoryIds[3]}`,
    (l) => `${l.length} entries`,
  ),
];

const report = {
  ...bench.reportHeader(kind),
  entries: made,
  days: DAYS,
  runs: RUNS,
  load_seconds: Number(loadSeconds),
  results,
};
console.log(
  `diary bench on ${kind}: ${made} entries over ${DAYS} days, loaded in ${loadSeconds} s, ${RUNS} runs each`,
);
console.table(results);
bench.writeResult(`diary-${kind}`, report);

await bench.close({ app, db, dataDir, keep: Boolean(process.env.KEEP) });
