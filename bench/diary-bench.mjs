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
import { addEntries, entryWriter } from './generators/diary.mjs';
import * as bench from './lib.mjs';

const { addDays } = await import(bench.apiSource('modules/diary/time.ts'));
const { rebuildAllWeekTotals } = await import(bench.apiSource('modules/diary/index.ts'));

const ENTRIES = Number(process.env.ENTRIES ?? 50_000);
const DAYS = Number(process.env.DAYS ?? 1095);
const RUNS = Number(process.env.RUNS ?? 40);

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

// ENTRIES entries over DAYS local days ending today: back-to-back blocks through each day,
// deterministic: the same entries on every run and both databases.
const today = new Date().toISOString().slice(0, 10);
const started = performance.now();
const entries = entryWriter(db);
const made = await addEntries(entries, {
  random: bench.rng(20240601),
  diaryId,
  userId: user.id,
  count: ENTRIES,
  firstDay: addDays(today, -DAYS + 1),
  days: DAYS,
  categoryIds,
  nowIso: new Date().toISOString(),
  loneAtMidnight: true,
});
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
    'analysis charts 365 days',
    '/api/diaries/analysis/charts/?days=365',
    (c) => `${c.buckets.length} weeks, ${c.feelings.reduce((n, f) => n + f.count, 0)} entries`,
  ),
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

// Entry creation (issue 22, decision 0027): a fresh 30-minute entry a call, on days spread over
// the last 1,000, in the heavy diary, as the load bench writes them.
let written = 0;
const entryBody = () => {
  const n = written++;
  const date = addDays(today, -(n % 1000));
  const minute = (n * 7) % 1380;
  const hhmm = (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    title: `Bench entry ${n}`,
    start_date: date,
    start_time: hhmm(minute),
    end_date: date,
    end_time: hhmm(minute + 30),
    category: [categoryIds[n % categoryIds.length]],
    place: 'Office',
    note: 'Written by the diary bench',
    time_zone: 'Asia/Ho_Chi_Minh',
  };
};
{
  // timeCalls expects 200; a creation answers 201, anything else stops the bench here.
  const create = async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/diaries/${diaryId}/entries/`,
      headers,
      payload: entryBody(),
    });
    if (res.statusCode !== 201) throw new Error(`entry create: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { statusCode: 200, body: res.body, json: () => res.json() };
  };
  const { stats } = await bench.timeCalls('entry create', create, { runs: RUNS, warmup: 4 });
  results.push({ name: 'entry create', ...stats, detail: '1 category, 30 minutes' });
}

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
