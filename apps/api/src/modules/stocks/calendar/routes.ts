// HTTP for the holiday table: any stocks role reads it, an administrator edits it.
import {
  HolidayPathParams,
  HolidayQuery,
  MarketHoliday,
  MarketHolidayCreate,
  MarketHolidayList,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Empty, errorAnswers, security, tags } from '../route-schemas';
import type { CalendarService } from './service';

export function registerCalendarRoutes(
  app: FastifyInstance,
  deps: { calendar: CalendarService; staff: onRequestAsyncHookHandler; admins: onRequestAsyncHookHandler },
): void {
  const { calendar, staff, admins } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stocks/holidays/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Announced non-trading weekdays (besides 01-01, 04-30, 05-01, 09-02), optionally of one year',
      querystring: HolidayQuery,
      response: { 200: MarketHolidayList, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request) => calendar.listHolidays(request.query.year),
  });

  r.post('/api/stocks/holidays/', {
    onRequest: admins,
    schema: {
      tags,
      security,
      summary: 'Add a non-trading day as the exchanges announce it (admin)',
      body: MarketHolidayCreate,
      response: { 201: MarketHoliday, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) => reply.code(201).send(await calendar.addHoliday(request.body)),
  });

  r.delete('/api/stocks/holidays/:date/', {
    onRequest: admins,
    schema: {
      tags,
      security,
      summary: 'Remove a day from the holiday table (admin)',
      params: HolidayPathParams,
      response: { 204: Empty, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await calendar.deleteHoliday(request.params.date);
      return reply.code(204).send(null);
    },
  });
}
