// The HTTP metrics' two hooks, registered only when metrics are on (app.ts): no hook, no work per
// request otherwise. Per request: a count and a listener at onRequest, one histogram observation at
// onResponse. The time is Fastify's own (reply.elapsedTime: it times every request for its log).
// Types only from app-metrics.ts: app.ts imports this file, and prom-client loads only with metrics on.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from './app-metrics';

/** The `route` label of a request no route matched (404s and the web app's pages): one fixed value. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The `route` label: the matched route's pattern (`/api/users/:id/`), never the URL, so a client
 * cannot make new series by varying it; every request no route matched shares one value.
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const { inFlight, httpRequestDuration } = metrics;
  // 'close' comes once per response, answered or abandoned (a client gone before its answer never
  // reaches onResponse), so the count cannot drift. One function for every response: no closure.
  function ended(this: ServerResponse) {
    inFlight.count -= 1;
  }
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight.count += 1;
    reply.raw.on('close', ended);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: routeLabel(request), status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
