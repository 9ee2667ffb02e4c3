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
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { insertCrowd, LAST_NAMES, MIDDLE_NAMES } from './generators/users.mjs';
import * as bench from './lib.mjs';

const { hashPassword } = await import(bench.apiSource('modules/accounts/index.ts'));

const USERS = Number(process.env.USERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 200);
const ANALYZE = process.env.ANALYZE === 'on';

// This bench's own mix, which its recorded figures rest on: the load's family names plus two rare
// ones (Smith, Tạ) in the order it has always drawn them from (a weighted draw depends on the
// order), one more middle name, and genders 45/45/2/8 % M/F/O/unset.
const LAST = [
  ...LAST_NAMES.filter(([name]) => name !== 'Lý' && name !== 'Đinh' && name !== 'Trương'),
  ['Lý', 0.5],
  ['Smith', 0.3],
  ['Tạ', 0.3],
  ['Đinh', 0.8],
  ['Trương', 0.8],
];
const MIDDLE = [...MIDDLE_NAMES.slice(0, -1), 'Hoàng', ''];
const GENDERS = [
  ['M', 45],
  ['F', 45],
  ['O', 2],
  [null, 8],
];

const { dataDir, config, kind, db } = await bench.openDb('users', { dataDir: process.env.KEEP_DIR });
const { app, get } = await bench.startApp({ config, db, role: 'admin', emailPrefix: 'bench-admin' });

// Seed directly (one shared hash: hashing a password per user would take hours), with the
// same search text every write in the app stores; deterministic: the same users on every run and
// both databases.
const seedStarted = performance.now();
await insertCrowd(db, {
  random: bench.rng(20240601),
  count: USERS,
  passwordHash: await hashPassword('bench-password-1'),
  nowIso: new Date().toISOString(),
  lastNames: LAST,
  middleNames: MIDDLE,
  genders: GENDERS,
  spacedPhone: true,
});
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
  {
    // The count is kept per search and users version (decision 0023): here every request follows
    // a write to users (one row rewritten as it was, timed with the request), so each counts again.
    name: 'search "nguyen" + role=staff + ordering=last_name, after a write each (counted afresh)',
    query: 'search=nguyen&role=staff&ordering=last_name',
    afterWrite: true,
  },
];

const loadBefore = os.loadavg()[0];
const results = [];
for (const scenario of SCENARIOS) {
  const queries = scenario.queries ?? [scenario.query];
  const url = (i) => `/api/users/users/?${queries[i % queries.length]}`;
  // 10 warm-up calls first: they pay for page-cache misses and JIT.
  const call = async (i) => {
    if (scenario.afterWrite) await sql`update users set role = role where id = 1`.execute(db);
    return get(url(i));
  };
  const { stats, first } = await bench.timeCalls(scenario.name, call, {
    runs: RUNS,
    warmup: 10,
    max: true,
  });
  results.push({ scenario: scenario.name, matches: first.json().count, ...stats });
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
bench.writeResult(`users-${kind}`, report);
console.log(
  `\n${USERS.toLocaleString('en-US')} users on ${kind} (seeded in ${report.seed_seconds} s); ${RUNS} requests each; load ${report.load_average.before} → ${report.load_average.after}`,
);
console.table(results);

await bench.close({ app, db, dataDir, keep: Boolean(process.env.KEEP_DIR) });
