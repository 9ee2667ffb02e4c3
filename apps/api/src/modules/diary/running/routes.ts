// HTTP for the running entry (issue 24): GET, POST (start) and DELETE (discard) on
// /api/diaries/running/, POST /api/diaries/running/stop/ (into an entry). The signed-in user's own
// only: no path or query names a user. Rules in service.ts.
import {
  CurrentRunningEntry,
  Entry,
  RunningEntry,
  RunningEntryStart,
  RunningEntryStop,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAuth } from '../../../http/auth';
import { NoContent as Empty, bearerSecurity as security } from '../../../http/docs';
import { errorAnswers } from '../../../http/operation';
import type { RunningEntryService } from './service';

const tags = ['diary'];

export function registerRunningEntryRoutes(
  app: FastifyInstance,
  deps: { running: RunningEntryService; diaryUser: onRequestAsyncHookHandler },
): void {
  const { running, diaryUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;

  r.get('/api/diaries/running/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The signed-in user's running entry, or null when none runs",
      description:
        'elapsed_seconds is by the server\'s clock at the answer; overdue is true past 24 hours ("asks to be ended").',
      response: { 200: CurrentRunningEntry, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request) => running.get(viewer(request)),
  });

  r.post('/api/diaries/running/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Start a running entry now: a title and optional categories (your own)',
      description: 'One per user: while one runs, another start answers 409 and changes nothing.',
      body: RunningEntryStart,
      response: { 201: RunningEntry, ...errorAnswers(400, 401, 403, 409, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await running.start(viewer(request), request.body)),
  });

  r.delete('/api/diaries/running/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Discard the running entry without making an entry of it',
      response: { 204: Empty, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await running.discard(viewer(request));
      return reply.code(204).send(null);
    },
  });

  r.post('/api/diaries/running/stop/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Stop the running entry: it becomes an entry of your diary',
      description:
        'The body gives what an entry needs that the running one lacks (end_date, end_time, feeling, place, ' +
        'note, feedback; category when none was chosen) and any field to change. Merged over the running one, ' +
        'it must be a valid new entry (400 with the same messages as creating one, and the running entry ' +
        'stays). The entry is created and the running one removed in one transaction; 404 when none runs ' +
        '(a second stop creates nothing).',
      body: RunningEntryStop,
      response: { 201: Entry, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await running.stop(viewer(request), request.body)),
  });
}
