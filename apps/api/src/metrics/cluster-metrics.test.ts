// The metrics address with real processes, as `npm start` runs the server: two workers behind the
// cluster's primary, METRICS_PORT set. Requests land on both workers (the primary hands each new
// connection to the next one; their log lines say which answered); one scrape of the primary's
// metrics address counts every one of them, with prom-client's default metrics beside the app's.
// The address listens on METRICS_HOST only and is not the app's. A single process
// (WEB_CONCURRENCY=1) serves its own registry at the same address. The alert rules shipped in
// deploy/prometheus/alerts.yml name only metrics that the scrape shows (node_exporter's aside).
// vitest: shares the cores (it starts processes, but times and measures none of them).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_ROOT } from '../config';
import { call, freePort, killServer, type ServerProcess, startServer } from '../test/server-process';

/** GET on a fresh connection: the status and body, or the connection error's code (ECONNREFUSED). */
function get(
  host: string,
  port: number,
  urlPath: string,
): Promise<{ status: number; body: string } | string> {
  return new Promise((resolve) => {
    const request = http.get({ host, port, path: urlPath, agent: false, timeout: 15_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** The sum of the samples named `name` whose labels include every one of `labels`. */
function sampleSum(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = match[3] ?? '';
    if (Object.entries(labels).every(([label, value]) => own.includes(`${label}="${value}"`))) {
      sum += Number(match[4]);
    }
  }
  return sum;
}

const ALERT_RULES = path.join(API_ROOT, '..', '..', 'deploy', 'prometheus', 'alerts.yml');

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

function alertRules(): AlertRule[] {
  const file = parse(fs.readFileSync(ALERT_RULES, 'utf8')) as {
    groups: { name: string; rules: AlertRule[] }[];
  };
  return file.groups.flatMap((group) => group.rules);
}

const PROMQL_KEYWORDS = new Set(['and', 'or', 'unless', 'offset', 'bool']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = [...bare.matchAll(/([a-zA-Z_:][\w:]*)\s*(\()?/g)]
    .filter((m) => !m[2] && !PROMQL_KEYWORDS.has(m[1] as string))
    .map((m) => m[1] as string);
  return [...new Set(names)];
}

describe('the alert rules (deploy/prometheus/alerts.yml)', () => {
  it('are the documented few, each with an expression, a wait and a summary', () => {
    const rules = alertRules();
    expect(rules.map((rule) => rule.alert)).toEqual([
      'StaffServerErrors',
      'StaffSlowAnswers',
      'StaffEventLoopDelay',
      'StaffMarketDataJobFailing',
      'StaffDiskFull',
    ]);
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(metricNamesOf(rule.expr).length, rule.alert).toBeGreaterThan(0);
    }
    expect(
      metricNamesOf('sum by (job) (increase(a_total{outcome="x"}[1h])) > 0 unless on (job) rate(b[5m])'),
    ).toEqual(['a_total', 'b']);
  });
});

describe('the metrics address', () => {
  const running: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map(killServer));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-metrics-'));
    dirs.push(dir);
    return dir;
  };

  it('counts in one scrape the requests every worker answered, on METRICS_HOST only', {
    timeout: 90_000,
  }, async () => {
    const metricsPort = await freePort();
    const dir = dataDir();
    const server = await startServer(
      {
        DATA_DIR: dir,
        // No web build: the app's port answers 404 to a page it has no route for.
        WEB_DIST_DIR: path.join(dir, 'no-web'),
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.2',
      },
      { workers: 2 },
    );
    running.push(server);
    expect(server.workers()).toHaveLength(2);

    // Health checks on new connections until both workers have answered some (each logs the URL it
    // answered, with its pid); then wait until each has finished its last one.
    const answeredBy = new Set<number>();
    let sent = 0;
    while (answeredBy.size < 2 || sent < 4) {
      const url = `/api/health?n=${sent}`;
      const line = server.nextLog(`"url":"${url}"`);
      expect((await call(server, 'GET', url, { newConnection: true })).status).toBe(200);
      answeredBy.add((JSON.parse(await line) as { pid: number }).pid);
      sent += 1;
      expect(sent).toBeLessThan(40);
    }
    expect([...answeredBy].sort()).toEqual(server.workers().sort());

    const scrape = await get('127.0.0.2', metricsPort, '/metrics');
    if (typeof scrape === 'string') throw new Error(`scrape failed: ${scrape}`);
    expect(scrape.status).toBe(200);
    const text = scrape.body;
    // Every health check counted once, whichever worker answered it, under the route's pattern.
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleSum(text, 'http_request_duration_seconds_count', health)).toBe(sent);
    expect(sampleSum(text, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(sent);
    expect(text).not.toMatch(/route="\/api\/health\?/);
    // prom-client's default metrics, the event loop's delay among them, and the app's own.
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'http_requests_in_flight',
      'db_query_duration_seconds_count',
      'db_pool_connections',
      'sse_streams_open',
      'answer_cache_hits_total',
      'market_data_job_runs_total',
      'auth_sign_in_throttled_total',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}(\\{| )`, 'm'));
    }
    // Every metric the alert rules read is in the scrape (node_exporter's are another exporter's).
    for (const rule of alertRules()) {
      for (const name of metricNamesOf(rule.expr).filter((n) => !n.startsWith('node_'))) {
        expect(text, `${rule.alert}: ${name}`).toMatch(new RegExp(`^${name}(\\{| )`, 'm'));
      }
    }
    // The health checks' queries, timed in both workers.
    expect(sampleSum(text, 'db_query_duration_seconds_count', { operation: 'raw' })).toBeGreaterThanOrEqual(
      sent,
    );

    // Not on the app's port, nor on another address than METRICS_HOST.
    const onAppPort = await get('127.0.0.1', Number(new URL(server.url).port), '/metrics');
    expect(typeof onAppPort === 'string' ? onAppPort : onAppPort.status).toBe(404);
    expect(await get('127.0.0.1', metricsPort, '/metrics')).toBe('ECONNREFUSED');
    // Only /metrics is served there.
    expect(await get('127.0.0.2', metricsPort, '/')).toMatchObject({ status: 404 });
  });

  it('serves a single process’s own registry at the same address', { timeout: 60_000 }, async () => {
    const metricsPort = await freePort();
    const server = await startServer(
      { DATA_DIR: dataDir(), METRICS_PORT: String(metricsPort) },
      { workers: 1 },
    );
    running.push(server);
    expect(server.workers()).toEqual([server.child.pid]);
    for (let i = 0; i < 3; i++) expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    const scrape = await get('127.0.0.1', metricsPort, '/metrics');
    if (typeof scrape === 'string') throw new Error(`scrape failed: ${scrape}`);
    expect(scrape.status).toBe(200);
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleSum(scrape.body, 'http_request_duration_seconds_count', health)).toBe(3);
    expect(scrape.body).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });
});
