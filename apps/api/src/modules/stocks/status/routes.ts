// HTTP for the stock prices' status: any stocks role reads whether they are generated (demo mode).
import { StocksStatus } from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorAnswers, security, tags } from '../route-schemas';
import type { StatusService } from './service';

export function registerStatusRoutes(
  app: FastifyInstance,
  deps: { status: StatusService; staff: onRequestAsyncHookHandler },
): void {
  const { status, staff } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stocks/status/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Where the stock prices come from: demo (generated) or live (the providers)',
      response: { 200: StocksStatus, ...errorAnswers(400, 401, 403) },
    },
    // The mode is the process's configuration: the same answer until the server restarts.
    handler: async () => status.status(),
  });
}
