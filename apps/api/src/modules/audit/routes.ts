// HTTP for reading the audit log (administrators). There is deliberately no route that writes:
// events are written by the modules whose actions they record (record.ts), and never changed.
import { AuditEventPage, AuditListQuery } from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerSecurity } from '../../http/docs';
import { dropEmptyQueryValues } from '../../http/empty-query-values';
import { errorAnswers } from '../../http/operation';
import { pageAnswer } from '../../http/pages';
import { presentAuditEvent } from './presenter';
import type { AuditService } from './service';

export function registerAuditRoutes(
  app: FastifyInstance,
  deps: { audit: AuditService; admins: onRequestAsyncHookHandler },
): void {
  const { audit, admins } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/audit-events/', {
    // Authentication before validation, so a stranger learns nothing from a 400.
    onRequest: admins,
    preValidation: dropEmptyQueryValues,
    schema: {
      tags: ['audit'],
      summary: 'Security-relevant events, newest first, filtered and paged',
      description:
        '`action`, `actor` (a user id), `target_type` and `target_id` match exactly; `from` and `to` are ' +
        'inclusive calendar dates (YYYY-MM-DD) in Asia/Ho_Chi_Minh. Ordered by `at` then `id`, both ' +
        'descending. A page past the last answers 404 {"detail": "Invalid page."}.',
      security: bearerSecurity,
      querystring: AuditListQuery,
      response: { 200: AuditEventPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const query = request.query;
      const { count, rows } = await audit.list(query);
      const names = await audit.namesFor(rows);
      // Who did what is personal data: no shared cache keeps it.
      reply.header('cache-control', 'no-store');
      return pageAnswer(
        request,
        query,
        count,
        rows.map((row) => presentAuditEvent(row, names)),
      );
    },
  });
}
