// The metrics address (METRICS_HOST:METRICS_PORT): GET /metrics in Prometheus' text format, on a
// listener of its own, never on the app's port (so a proxy in front of the app never exposes it).
// - One process (WEB_CONCURRENCY=1, or main.js): main.ts serves its own registry here.
// - A cluster (decision 0020): the primary serves it (serve.ts) with prom-client's AggregatorRegistry,
//   which asks every worker over the cluster's IPC channel for its registry and sums them into one
//   answer; each worker hands its registry to prom-client's cluster module (answerClusterPrimary).
import http from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

export interface MetricsAddress {
  host: string;
  port: number;
}

type Render = () => Promise<{ contentType: string; body: string }>;

/** Listens on `address` and answers GET /metrics with `render`; resolves once it listens (rejects if it cannot). */
export async function serveMetrics(address: MetricsAddress, render: Render): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: see /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        // A worker that did not answer in time (starting, or stuck): this scrape fails, the next may not.
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`metrics unavailable: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  // A scraper keeps its connection; a stop (process.exit) need not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return server;
}

/** One process: its own registry at the metrics address. */
export function serveProcessMetrics(registry: Registry, address: MetricsAddress): Promise<http.Server> {
  return serveMetrics(address, async () => ({
    contentType: registry.contentType,
    body: await registry.metrics(),
  }));
}

/** The cluster's primary: every worker's registry, summed, at the metrics address. */
export function serveClusterMetrics(address: MetricsAddress): Promise<http.Server> {
  const aggregator = new AggregatorRegistry();
  return serveMetrics(address, async () => ({
    contentType: aggregator.contentType,
    body: await aggregator.clusterMetrics(),
  }));
}

/** A cluster's worker: answers the primary's requests for metrics with this registry. */
export function answerClusterPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client listen for the primary's requests in a worker.
  new AggregatorRegistry();
}
