// CashFlow live tables (issue 25, decision 0033): TABLES tables × DEVICES devices, each device an
// open event stream (GET /api/cashflow/tables/{id}/stream/) on a connection of its own, against the
// production build as `npm start` runs it (apps/api/dist/serve.js, one worker per core: a table's
// devices sit on different workers, so every event crosses processes through the relay, PostgreSQL's
// notifications or the cluster primary's on SQLite). Each table's host posts actions at a game's
// pace (one every 2–6 s), and every BURST_EVERY_S one table posts BURST actions back to back. Every
// few seconds a device leaves and comes back, resuming from the last event it saw (Last-Event-ID).
//
// Measured, per database: from the moment an action is posted to the moment each device of its
// table reads its event (p50, p99, max over every device and event), whether any device missed an
// event, got one twice or out of order, and the server's memory (primary and workers) over the run.
// Budgets (issue 25): p50 under 50 ms, p99 under 250 ms, nothing lost, doubled or out of order, the
// memory flat (the last third's mean within 10 % or 20 MB of the middle third's).
//
//   npm run bench -- table                                        # SQLite, 600 s
//   node scripts/throwaway-postgres.mjs npm run bench -- table    # SQLite, then PostgreSQL
//   TABLE_SECONDS=60 npm run bench -- table                       # a quick look (too short for memory)
//
// Options (env): TABLE_SECONDS (600), TABLES (50), DEVICES (6), BENCH_DB (sqlite,postgres;
// postgres needs TEST_PG_URL or DATABASE_URL, in which a database of its own is made and dropped).
// The bench and the server share the machine's cores: the latencies include waiting for one.
// Writes bench/results/table-<database>.json and table-latest.md; exits 0 either way (it measures).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import * as bench from './lib.mjs';

const SECONDS = Number(process.env.TABLE_SECONDS ?? 600);
const TABLES = Number(process.env.TABLES ?? 50);
const DEVICES = Number(process.env.DEVICES ?? 6);
const PACE_MS = [2_000, 6_000];
const BURST_EVERY_S = 15;
const BURST = 10;
/** A device leaves and comes back this often (one device somewhere, each time). */
const REJOIN_EVERY_MS = 2_000;
const SAMPLE_EVERY_MS = 5_000;
const BUDGET = { p50: 50, p99: 250 };
const MEMORY_TOLERANCE = { ratio: 0.1, mb: 20 };

const PG_URL = process.env.TEST_PG_URL || process.env.DATABASE_URL || '';
const DBS = (process.env.BENCH_DB ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',').map((s) => s.trim());
const ADMIN = { email: 'host0@table-bench.example.com', password: 'Table-Bench-Passw0rd!' };

/** A fresh database in the PostgreSQL cluster of PG_URL, and the way to drop it. */
async function freshPostgres() {
  const name = `table_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The players: the administrator the server created, and DEVICES - 1 more who may play CashFlow. */
async function players(base) {
  const host = await bench.signIn(base, ADMIN.email, ADMIN.password);
  const all = [{ id: host.user.id, token: host.access }];
  for (let i = 1; i < DEVICES; i++) {
    const email = `player${i}@table-bench.example.com`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      email,
      password: ADMIN.password,
      role: 'ndf',
      first_name: `P${i}`,
    }))
      form.append(k, v);
    const res = await fetch(`${base}/api/users/users/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.access}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
    const signedIn = await bench.signIn(base, email, ADMIN.password);
    all.push({ id: signedIn.user.id, token: signedIn.access });
  }
  return all;
}

/** One device's stream: every event's seq and arrival time, and what went wrong. */
function openDevice(base, table, player, { after, onEvent }) {
  // `absent`: the spans it was away (from leaving to being back), when what it read was catching up.
  const device = { lastSeq: after, request: null, problems: [], open: false, absent: [] };
  const connect = () =>
    new Promise((resolve, reject) => {
      const request = http.get(
        `${base}/api/cashflow/tables/${table.id}/stream/?after=${device.lastSeq}`,
        { agent: false, headers: { authorization: `Bearer ${player.token}` } },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`stream answered ${response.statusCode}`));
            return;
          }
          device.open = true;
          resolve();
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            const at = performance.now();
            text += chunk;
            for (let match = /id: (\d+)\nevent: table\n/.exec(text); match; ) {
              const end = text.indexOf('\n\n', match.index);
              if (end < 0) break;
              text = text.slice(end + 2);
              const seq = Number(match[1]);
              if (seq === device.lastSeq + 1) device.lastSeq = seq;
              else
                device.problems.push(
                  seq <= device.lastSeq ? `seq ${seq} again` : `seq ${seq} after ${device.lastSeq}`,
                );
              onEvent(device, seq, at);
              match = /id: (\d+)\nevent: table\n/.exec(text);
            }
          });
          response.on('error', () => {});
        },
      );
      request.on('error', (err) => {
        if (!device.open) reject(err);
      });
      device.request = request;
    });
  device.leave = () => {
    device.open = false;
    device.request?.destroy();
    device.absent.push({ from: performance.now(), to: Number.POSITIVE_INFINITY });
  };
  device.rejoin = async () => {
    await connect();
    const away = device.absent.at(-1);
    if (away) away.to = performance.now();
  };
  return connect().then(() => device);
}

const quantile = (sorted, p) => (sorted.length === 0 ? null : bench.quantile(sorted, p));

async function runOn(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'table-bench-'));
  const postgres = kind === 'postgres' ? await freshPostgres() : null;
  const server = await bench.startServer({
    dataDir,
    databaseUrl: postgres?.url,
    workers: bench.PRODUCTION_WORKERS,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  try {
    const people = await players(server.base);
    const host = people[0];
    // Tables: every seat for one of the players, each of whom takes it.
    const tables = [];
    for (let t = 0; t < TABLES; t++) {
      const created = await bench.call(server.base, 'POST', '/api/cashflow/tables/', {
        token: host.token,
        body: {
          players: people.map((p, i) => ({ name: `P${i}`, dice_sum: 2 + ((t + i) % 11), user_id: p.id })),
        },
      });
      if (created.status !== 201) throw new Error(`table: ${created.status} ${created.text}`);
      const table = created.json;
      for (const [i, p] of people.entries()) {
        const seat = table.seats.findIndex((s) => s.user_id === p.id);
        const joined = await bench.call(server.base, 'POST', '/api/cashflow/tables/join/', {
          token: p.token,
          body: { code: table.code, seat },
        });
        if (joined.status !== 200) throw new Error(`join ${i}: ${joined.status} ${joined.text}`);
      }
      tables.push({ ...table, posted: new Map(), arrivals: new Map(), devices: [] });
    }
    // Devices: one stream per player and table, each on a connection of its own.
    for (const table of tables) {
      for (const player of people) {
        table.devices.push(
          await openDevice(server.base, table, player, {
            after: table.seq,
            onEvent: (device, seq, at) => {
              const list = table.arrivals.get(seq) ?? [];
              list.push({ device, at });
              table.arrivals.set(seq, list);
            },
          }),
        );
      }
    }
    console.log(
      `${kind}: ${TABLES} tables × ${DEVICES} devices open on ${bench.PRODUCTION_WORKERS} workers; ${SECONDS} s of play`,
    );

    let posts = 0;
    let refused = 0;
    const post = async (table) => {
      const victim = table.seats[posts % table.seats.length];
      const clientId = `bench-${table.id}-${++posts}`;
      const t0 = performance.now();
      const res = await bench.call(server.base, 'POST', `/api/cashflow/tables/${table.id}/actions/`, {
        token: host.token,
        body: {
          client_id: clientId,
          action: { type: 'receiveCash', playerId: victim.player_id, name: 'Quà', amount: 100 },
        },
      });
      if (res.status === 201) table.posted.set(res.json.seq, t0);
      else refused++;
    };

    const started = performance.now();
    const until = started + SECONDS * 1000;
    const memory = [];
    const timers = [];
    const sample = () =>
      memory.push({ s: Math.round((performance.now() - started) / 1000), mb: server.rssMb() });
    sample();
    timers.push(setInterval(sample, SAMPLE_EVERY_MS));
    // A device somewhere leaves, and comes back a moment later from the last event it saw.
    let rejoins = 0;
    timers.push(
      setInterval(() => {
        const table = tables[rejoins % tables.length];
        const device = table.devices[rejoins % table.devices.length];
        rejoins++;
        device.leave();
        setTimeout(
          () => void device.rejoin().catch((err) => device.problems.push(`rejoin: ${err.message}`)),
          500,
        );
      }, REJOIN_EVERY_MS),
    );
    // Bursts: one table at a time posts BURST actions back to back.
    let bursts = 0;
    timers.push(
      setInterval(async () => {
        const table = tables[bursts++ % tables.length];
        for (let i = 0; i < BURST; i++) await post(table);
      }, BURST_EVERY_S * 1000),
    );
    // The game's pace on every table.
    const random = bench.rng(25);
    await Promise.all(
      tables.map(async (table) => {
        await new Promise((r) => setTimeout(r, random() * PACE_MS[1]));
        while (performance.now() < until) {
          await post(table);
          await new Promise((r) => setTimeout(r, PACE_MS[0] + random() * (PACE_MS[1] - PACE_MS[0])));
        }
      }),
    );
    for (const timer of timers) clearInterval(timer);
    // Let the last events arrive, and the devices that were away come back.
    await new Promise((r) => setTimeout(r, 3_000));
    sample();

    // Every device of a table must have read every event, once and in order.
    const latencies = [];
    let missing = 0;
    const problems = [];
    for (const table of tables) {
      const last = Math.max(table.seq, ...table.posted.keys());
      for (const device of table.devices) {
        problems.push(...device.problems.map((p) => `table ${table.id}: ${p}`));
        if (device.lastSeq !== last) missing += last - device.lastSeq;
      }
      for (const [seq, t0] of table.posted) {
        // A device that was away when the action was posted read it on its return: that is its
        // resume (counted above, for completeness), not the push this measures.
        for (const { device, at } of table.arrivals.get(seq) ?? []) {
          if (device.absent.some((span) => t0 >= span.from && t0 <= span.to)) continue;
          latencies.push(at - t0);
        }
      }
    }
    latencies.sort((a, b) => a - b);
    const third = Math.floor(memory.length / 3);
    const mean = (xs) => xs.reduce((s, x) => s + x.mb, 0) / Math.max(1, xs.length);
    const middle = mean(memory.slice(third, 2 * third));
    const lastThird = mean(memory.slice(2 * third));
    const flat = lastThird <= middle + Math.max(MEMORY_TOLERANCE.mb, middle * MEMORY_TOLERANCE.ratio);
    const events = [...tables].reduce((s, t) => s + t.posted.size, 0);
    const result = {
      database: kind,
      seconds: SECONDS,
      tables: TABLES,
      devices: DEVICES,
      workers: bench.PRODUCTION_WORKERS,
      events,
      refused,
      /** Events read by a device that was there when they were posted (the latencies' count). */
      deliveries: latencies.length,
      rejoins,
      latency_ms: {
        p50: Number(quantile(latencies, 0.5)?.toFixed(1)),
        p99: Number(quantile(latencies, 0.99)?.toFixed(1)),
        max: Number(latencies.at(-1)?.toFixed(1)),
      },
      missing,
      problems: problems.slice(0, 20),
      memory_mb: {
        first: memory[0]?.mb,
        middle_third: Math.round(middle),
        last_third: Math.round(lastThird),
        last: memory.at(-1)?.mb,
      },
      pass: {
        p50: (quantile(latencies, 0.5) ?? Infinity) < BUDGET.p50,
        p99: (quantile(latencies, 0.99) ?? Infinity) < BUDGET.p99,
        nothing_lost_doubled_or_out_of_order: missing === 0 && problems.length === 0,
        memory_flat: flat,
      },
    };
    for (const table of tables) for (const device of table.devices) device.leave();
    return result;
  } finally {
    await server.stop();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

bench.ensureBuilt();
const results = [];
for (const kind of DBS) {
  const result = await runOn(kind);
  results.push(result);
  bench.writeResult(`table-${kind}`, { ...bench.reportHeader(kind), machine: bench.machine(), ...result });
}
const mark = (ok) => (ok ? 'PASS' : 'FAIL');
const lines = [
  `# CashFlow live tables (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  `${TABLES} tables × ${DEVICES} devices (one stream each, on a connection of its own), the production build on ${bench.PRODUCTION_WORKERS} workers; each host posts an action every ${PACE_MS[0] / 1000}–${PACE_MS[1] / 1000} s, one table posts ${BURST} back to back every ${BURST_EVERY_S} s, a device leaves and returns every ${REJOIN_EVERY_MS / 1000} s. Latency: from posting an action to each device reading its event.`,
  '',
  '| Database | Seconds | Events | Deliveries | p50 ms (< 50) | p99 ms (< 250) | max ms | Lost, doubled or out of order | Memory MB (first → middle → last third) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.database} | ${r.seconds} | ${r.events} | ${r.deliveries} | ${r.latency_ms.p50} ${mark(r.pass.p50)} | ${r.latency_ms.p99} ${mark(r.pass.p99)} | ${r.latency_ms.max} | ${r.missing} missing, ${r.problems.length} out of turn ${mark(r.pass.nothing_lost_doubled_or_out_of_order)} | ${r.memory_mb.first} → ${r.memory_mb.middle_third} → ${r.memory_mb.last_third} ${mark(r.pass.memory_flat)} |`,
  ),
];
fs.writeFileSync(path.join(bench.resultsDir, 'table-latest.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
