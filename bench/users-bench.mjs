// User list benchmark: 100,000 users with Vietnamese names, then list requests
// with a search term, a filter and a sort, timed through the real app
// (app.inject: routing, auth, validation, SQL, serialisation; no sockets).
//
//   node --import tsx bench/users-bench.mjs             # SQLite in a temp dir
//   DATABASE_URL=postgres://... node --import tsx bench/users-bench.mjs
//   node scripts/throwaway-postgres.mjs sh -c 'DATABASE_URL=$TEST_PG_URL node --import tsx bench/users-bench.mjs'
//
// Options (env): USERS (100000), RUNS (200 per scenario), ANALYZE (off; "on" runs
// ANALYZE, or VACUUM ANALYZE on PostgreSQL, after seeding, which the app itself
// never does), KEEP_DIR (seed into this directory and keep it). Writes
// bench/results/users-<sqlite|postgres>.json and prints a table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (p) => path.join(here, '..', 'apps', 'api', 'src', p);
const { buildApp } = await import(api('app.ts'));
const { loadConfig } = await import(api('config.ts'));
const { createDb, migrateToLatest } = await import(api('db/index.ts'));
const { userSearchText } = await import(api('modules/accounts/repo.ts'));
const { hashPassword } = await import(api('modules/accounts/passwords.ts'));

const USERS = Number(process.env.USERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 200);
const ANALYZE = process.env.ANALYZE === 'on';

// Deterministic data: the same users on every run and both databases.
let seed = 20240601;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
/** Picks from [value, weight] pairs. */
const weighted = (pairs) => {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of pairs) {
    r -= w;
    if (r < 0) return value;
  }
  return pairs[pairs.length - 1][0];
};
const pick = (list) => list[Math.floor(random() * list.length)];

// Roughly the real frequencies of Vietnamese family names.
const LAST = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 5],
  ['Huỳnh', 5],
  ['Phan', 4.5],
  ['Vũ', 3.9],
  ['Võ', 3.9],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
  ['Smith', 0.3],
  ['Tạ', 0.3],
  ['Đinh', 0.8],
  ['Trương', 0.8],
];
const MIDDLE = [
  'Văn',
  'Thị',
  'Minh',
  'Ngọc',
  'Đức',
  'Thanh',
  'Hữu',
  'Quang',
  'Thu',
  'Xuân',
  'Anh',
  'Hoàng',
  '',
];
const FIRST = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Đạt',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hoa',
  'Hùng',
  'Hương',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'Nam',
  'Nga',
  'Ngọc',
  'Phong',
  'Phúc',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thắng',
  'Trang',
  'Trung',
  'Tuấn',
  'Tú',
  'Việt',
  'Vy',
  'Yến',
  'Đức',
  'Dương',
  'Khánh',
  'Lộc',
];
const ROLES = [
  ['staff', 70],
  ['manager', 15],
  ['ndf', 10],
  ['admin', 5],
];
const GENDERS = [
  ['M', 45],
  ['F', 45],
  ['O', 2],
  [null, 8],
];
const ascii = (s) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

const dataDir = process.env.KEEP_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'users-bench-'));
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

const adminEmail = `bench-admin-${Date.now()}@example.com`;
await app.accounts.createUser({ email: adminEmail, password: 'bench-password-1', role: 'admin' });
const login = await app.inject({
  method: 'POST',
  url: '/api/users/token/',
  payload: { email: adminEmail, password: 'bench-password-1' },
});
const headers = { authorization: `Bearer ${login.json().access}` };

// Seed directly (one shared hash: scrypt per user would take hours), with the
// same search text every write in the app stores.
const seedStarted = performance.now();
const passwordHash = await hashPassword('bench-password-1');
const now = new Date().toISOString();
const BATCH = 500;
for (let start = 0; start < USERS; start += BATCH) {
  const rows = [];
  for (let i = start; i < Math.min(USERS, start + BATCH); i++) {
    const last = weighted(LAST);
    const middle = pick(MIDDLE);
    const first = pick(FIRST);
    const phone =
      random() < 0.8
        ? `09${Math.floor(random() * 10)} ${String(Math.floor(random() * 1e7))
            .padStart(7, '0')
            .replace(/(\d{3})(\d{4})/, '$1 $2')}`
        : '';
    const email = `${ascii(first)}.${ascii(last)}${i}@corp.vn`;
    const searched = { email, first_name: first, middle_name: middle, last_name: last, phone };
    rows.push({
      ...searched,
      username: email,
      password_hash: passwordHash,
      gender: weighted(GENDERS),
      role: weighted(ROLES),
      is_active: random() < 0.9 ? 1 : 0,
      avatar: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
      search: userSearchText(searched),
    });
  }
  await db.insertInto('users').values(rows).execute();
}
// PostgreSQL's autovacuum would get there on its own; VACUUM also fills the visibility map index-only scans need.
if (ANALYZE) await (kind === 'postgres' ? sql`vacuum analyze users` : sql`analyze`).execute(db);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const SCENARIOS = [
  {
    name: 'search "nguyen" + role=staff + ordering=last_name',
    query: 'search=nguyen&role=staff&ordering=last_name',
  },
  {
    name: 'search rotating 8 terms + role=staff + ordering=last_name',
    queries: ['nguyen', 'tran thi', 'duc', 'hoa', 'le van', '0912', 'minh', 'dang'].map(
      (term) => `search=${encodeURIComponent(term)}&role=staff&ordering=last_name`,
    ),
  },
  {
    name: 'search "tuan" + is_active=true + ordering=-email, page 3 of 20',
    query: 'search=tuan&is_active=true&ordering=-email&page=3&page_size=20',
  },
  {
    name: 'search "hung" + role=manager + is_active=true + ordering=first_name',
    query: 'search=hung&role=manager&is_active=true&ordering=first_name',
  },
  { name: 'no search, no filter, default order (page 1)', query: '' },
];

const loadBefore = os.loadavg()[0];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const results = [];
for (const scenario of SCENARIOS) {
  const queries = scenario.queries ?? [scenario.query];
  const url = (i) => `/api/users/users/?${queries[i % queries.length]}`;
  // Warm-up: the first requests pay for page-cache misses and JIT.
  for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: url(i), headers });
  const times = [];
  const cpu = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const res = await app.inject({ method: 'GET', url: url(i), headers });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    if (res.statusCode !== 200) throw new Error(`${url(i)} answered ${res.statusCode}: ${res.body}`);
    if (i === 0) count = res.json().count;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  results.push({
    scenario: scenario.name,
    matches: count,
    median_ms: Number(percentile(times, 50).toFixed(2)),
    p95_ms: Number(percentile(times, 95).toFixed(2)),
    max_ms: Number(times[times.length - 1].toFixed(2)),
    // This process's CPU per request (SQLite runs in it): the wall time it would take with a core to itself.
    cpu_median_ms: Number(percentile(cpu, 50).toFixed(2)),
  });
}

const report = {
  database: kind,
  users: USERS,
  runs_per_scenario: RUNS,
  analyze: ANALYZE,
  seed_seconds: Number(seedSeconds.toFixed(1)),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  at: new Date().toISOString(),
  // Other work on the machine slows every figure; the 1-minute load average, before and after timing.
  load_average: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0].toFixed(2)) },
  results,
};
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', `users-${kind}.json`), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\n${USERS.toLocaleString('en-US')} users on ${kind} (seeded in ${report.seed_seconds} s); ${RUNS} requests each; load ${report.load_average.before} → ${report.load_average.after}`,
);
console.table(results);

await app.close();
await db.destroy();
if (!process.env.KEEP_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
