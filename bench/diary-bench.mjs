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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (p) => path.join(here, '..', 'apps', 'api', 'src', p);
const { buildApp } = await import(api('app.ts'));
const { loadConfig } = await import(api('config.ts'));
const { createDb, migrateToLatest } = await import(api('db/index.ts'));
const { localToEpochMs, addDays } = await import(api('modules/diary/time.ts'));

const ENTRIES = Number(process.env.ENTRIES ?? 50_000);
const DAYS = Number(process.env.DAYS ?? 1095);
const RUNS = Number(process.env.RUNS ?? 40);
const ZONE = 'Asia/Ho_Chi_Minh';

// Deterministic data: the same entries on every run and both databases.
let seed = 20240601;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'diary-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, 'web'),
  RATE_LIMIT: 'off',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const kind = config.databaseUrl ? 'postgres' : 'sqlite';
const db = createDb(config);
await migrateToLatest(db);
const app = await buildApp({ config, db, logger: false });
await app.ready();

const email = `bench-${Date.now()}@example.com`;
const user = await app.accounts.createUser({ email, password: 'bench-password-1', role: 'staff' });
const login = await app.inject({
  method: 'POST',
  url: '/api/users/token/',
  payload: { email, password: 'bench-password-1' },
});
const headers = { authorization: `Bearer ${login.json().access}` };
const get = (url) => app.inject({ method: 'GET', url, headers });

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
const BATCH = 500;
let entryRows = [];
let linkRows = [];
const flush = async () => {
  if (entryRows.length === 0) return;
  await db.transaction().execute(async (tx) => {
    const ids = await tx.insertInto('diary_entries').values(entryRows).returning('id').execute();
    const links = [];
    ids.forEach((row, i) => {
      for (const c of linkRows[i]) links.push({ entry_id: row.id, category_id: c });
    });
    await tx.insertInto('diary_entry_categories').values(links).execute();
  });
  entryRows = [];
  linkRows = [];
};
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
    entryRows.push({
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
    });
    linkRows.push([...cats]);
    made++;
    if (entryRows.length >= BATCH) await flush();
  }
}
await flush();
// Fresh statistics, as a running server would have them.
await sql`analyze`.execute(db);
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

async function time(name, url, check) {
  const first = await get(url);
  if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
  const detail = check(first.json());
  for (let i = 0; i < 3; i++) await get(url);
  const samples = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await get(url);
    samples.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    // CPU time of this process: what the call costs when it has a core to itself
    // (the wall time also counts waiting for a core on a busy machine).
    cpu.push((c.user + c.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
  }
  const q = (list, p) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];
  return {
    name,
    median_ms: +q(samples, 0.5).toFixed(2),
    p95_ms: +q(samples, 0.95).toFixed(2),
    cpu_median_ms: +q(cpu, 0.5).toFixed(2),
    detail,
  };
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
  database: kind,
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  load_average: os.loadavg().map((l) => +l.toFixed(2)),
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
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, `diary-${kind}.json`), `${JSON.stringify(report, null, 2)}\n`);

await app.close();
await db.destroy();
if (process.env.KEEP) console.log('kept', dataDir);
else fs.rmSync(dataDir, { recursive: true, force: true });
