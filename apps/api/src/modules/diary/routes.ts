// HTTP for the daily time diary (spec section 7, Diary, plus the analysis).
// Roles: admin, manager, staff (MODULE_ROLES.diary); rules live in service.ts.
import {
  Analysis,
  AnalysisCharts,
  AnalysisChartsQuery,
  AnalysisQuery,
  Category,
  CategoryCreate,
  CategoryList,
  CategoryUpdate,
  Diary,
  DiaryCreate,
  DiaryList,
  DiaryPathParams,
  Entry,
  EntryCreate,
  EntryExportQuery,
  EntryList,
  EntryListQuery,
  EntryUpdate,
  IdPathParams,
  Jar,
  JarList,
  JarUpdate,
  OwnerQuery,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnswerCache } from '../../http/answer-cache';
import { currentAuth } from '../../http/auth';
import { NoContent as Empty, bearerSecurity as security } from '../../http/docs';
import { IfMatchHeaders } from '../../http/etag';
import { errorAnswers, FilePart, sentAs } from '../../http/operation';
import { requestAuditContext } from '../audit/index';
import { registerRunningEntryRoutes } from './running/routes';
import type { RunningEntryService } from './running/service';
import type { DiaryService } from './service';

const tags = ['diary'];
/** The export: the document shows a file; the handler sends its bytes (CSV, or xlsx by `format`). */
const ExportFile = sentAs(
  'text/csv',
  FilePart.describe('The entries as CSV, or as an .xlsx workbook with format=xlsx'),
) as unknown as z.ZodType<Buffer>;

export function registerDiaryRoutes(
  app: FastifyInstance,
  deps: {
    diary: DiaryService;
    /** The roles of MODULE_ROLES.diary: the issue opens every call, the analysis included, to admin, manager and staff. */
    diaryUser: onRequestAsyncHookHandler;
    /** Answers kept ready, keyed by the data's versions (decision 0021). */
    answers: AnswerCache;
    /** The running entry (running/service.ts), built in app.ts on the diary service. */
    running: RunningEntryService;
  },
): void {
  const { diary, diaryUser, answers } = deps;
  // A diary's answers are its owner's personal data: kept ready per owner (the 'diary:<id>'
  // version moves with every write to that user's diary), never by a browser (no-store, no ETag).
  const ownedBy = (ownerId: number, clockMs?: number) => ({
    owner: ownerId,
    scopes: [`diary:${ownerId}`],
    shared: false,
    ...(clockMs ? { clockMs } : {}),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;

  // --- the running entry (running/routes.ts)
  registerRunningEntryRoutes(app, { running: deps.running, diaryUser });

  // --- jars
  r.get('/api/diaries/jars/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The signed-in user's eight jars (created on first use), in display order",
      response: { 200: JarList, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request) => diary.listJars(viewer(request)),
  });

  r.patch('/api/diaries/jars/:id/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "Set a jar's target ratio (0-100, whole numbers); not for sleep or unclassified",
      params: IdPathParams,
      body: JarUpdate,
      response: { 200: Jar, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => diary.setJarRatio(viewer(request), request.params.id, request.body.ratio),
  });

  // --- categories
  r.get('/api/diaries/categories/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The user's categories; admins may pass ?user= to read another user's",
      querystring: OwnerQuery,
      response: { 200: CategoryList, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) =>
      diary.listCategories(viewer(request), request.query.user, requestAuditContext(request)),
  });

  r.post('/api/diaries/categories/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Create a category: title and jar_id (null or omitted: unclassified)',
      body: CategoryCreate,
      response: { 201: Category, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await diary.createCategory(viewer(request), request.body)),
  });

  r.patch('/api/diaries/categories/:id/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Change title and/or jar_id; jar_id null puts the category back to unclassified',
      params: IdPathParams,
      body: CategoryUpdate,
      response: { 200: Category, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => diary.updateCategory(viewer(request), request.params.id, request.body),
  });

  r.delete('/api/diaries/categories/:id/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Delete a category; it is removed from its entries',
      params: IdPathParams,
      response: { 204: Empty, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await diary.deleteCategory(viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // --- diaries
  r.get('/api/diaries/diaries/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The user's diary as a one-item list, created with the e-mail as title when missing",
      description: "Admins may pass ?user= to read another user's diary.",
      querystring: OwnerQuery,
      response: { 200: DiaryList, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) =>
      diary.listDiaries(viewer(request), request.query.user, requestAuditContext(request)),
  });

  r.post('/api/diaries/diaries/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "Create the signed-in user's diary (one per user)",
      body: DiaryCreate,
      response: { 201: Diary, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await diary.createDiary(viewer(request), request.body)),
  });

  // --- entries
  r.get('/api/diaries/entries/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The signed-in user's entries, newest first (same optional filters as a diary's list)",
      querystring: EntryListQuery,
      response: { 200: EntryList, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const me = viewer(request);
      return answers.send(request, reply, ownedBy(me.id), () => diary.listOwnEntries(me, request.query));
    },
  });

  // A static segment: the router prefers it to /entries/:id/ whatever the order of registration.
  r.get('/api/diaries/entries/export/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The user's entries starting in a range of dates, as a CSV or Excel (.xlsx) download",
      description:
        "start_date and end_date (YYYY-MM-DD, both included, at most 366 days) are compared with each entry's " +
        'start date in its own time zone. format=csv: UTF-8 with a BOM (text/csv); format=xlsx: a workbook ' +
        '(application/vnd.openxmlformats-officedocument.spreadsheetml.sheet). Admins may pass ?user= to ' +
        "export another user's entries; the read is recorded in the audit log.",
      querystring: EntryExportQuery,
      response: { 200: ExportFile, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const file = await diary.exportEntries(viewer(request), request.query, requestAuditContext(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });

  r.get('/api/diaries/entries/:id/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'One entry (admins may read any)',
      description:
        'Carries an `ETag` of the stored entry; send it back as `If-Match` when saving an edit, so an edit ' +
        'made meanwhile (in another tab or on another device) is not overwritten (412).',
      params: IdPathParams,
      response: { 200: Entry, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { entry, etag } = await diary.getEntry(
        viewer(request),
        request.params.id,
        requestAuditContext(request),
      );
      reply.header('etag', etag);
      return entry;
    },
  });

  r.patch('/api/diaries/entries/:id/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Change an entry; the rules apply to the merged entry; category replaces the list',
      description:
        'With `If-Match` (the `ETag` of the GET the edit started from), an edit of an entry changed since ' +
        'answers 412 {"detail"} and changes nothing. The answer carries the new `ETag`.',
      params: IdPathParams,
      headers: IfMatchHeaders,
      body: EntryUpdate,
      response: { 200: Entry, ...errorAnswers(400, 401, 403, 404, 412, 413, 415) },
    },
    handler: async (request, reply) => {
      const { entry, etag } = await diary.updateEntry(viewer(request), request.params.id, request.body, {
        ifMatch: request.headers['if-match'],
      });
      reply.header('etag', etag);
      return entry;
    },
  });

  r.delete('/api/diaries/entries/:id/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Delete an entry',
      params: IdPathParams,
      response: { 204: Empty, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await diary.deleteEntry(viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.get('/api/diaries/analysis/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Time per jar over the last 7, 30 or 365 days, against the targets',
      querystring: AnalysisQuery,
      response: { 200: Analysis, ...errorAnswers(400, 401, 403) },
    },
    // Its window ends now, at the millisecond: kept for the second of the app's clock it was made in.
    handler: async (request, reply) => {
      const me = viewer(request);
      return answers.send(request, reply, ownedBy(me.id, 1000), () => diary.analysis(me, request.query.days));
    },
  });

  r.get('/api/diaries/analysis/charts/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "The analysis dashboard's charts over the last 7, 30 or 365 days",
      description:
        "The jars' shares against their targets (the analysis's own figures), time per jar per local day " +
        '(7 days) or Monday-to-Sunday week (30 and 365 days) in time_zone (default Asia/Ho_Chi_Minh), how ' +
        "many entries carried each feeling, and each jar's time per feeling. Same window as the analysis.",
      querystring: AnalysisChartsQuery,
      response: { 200: AnalysisCharts, ...errorAnswers(400, 401, 403) },
    },
    // Kept like the analysis: per owner, for the second of the clock its window ends in.
    handler: async (request, reply) => {
      const me = viewer(request);
      return answers.send(request, reply, ownedBy(me.id, 1000), () => diary.charts(me, request.query));
    },
  });

  r.get('/api/diaries/:diaryId/entries/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: "A diary's entries, newest first, filtered by local dates, feeling and category",
      description:
        'start_date and end_date are inclusive local dates in time_zone (default Asia/Ho_Chi_Minh); ' +
        'an entry is listed when it overlaps that range. category: one id or ids joined by commas.',
      params: DiaryPathParams,
      querystring: EntryListQuery,
      response: { 200: EntryList, ...errorAnswers(400, 401, 403, 404) },
    },
    // Who may read it, and the record of an administrator's read, are decided on every request;
    // only the listing is kept.
    handler: async (request, reply) => {
      const opened = await diary.openDiary(
        viewer(request),
        request.params.diaryId,
        requestAuditContext(request),
      );
      return answers.send(request, reply, ownedBy(opened.userId), () =>
        diary.diaryEntries(opened, request.query),
      );
    },
  });

  r.post('/api/diaries/:diaryId/entries/', {
    onRequest: diaryUser,
    schema: {
      tags,
      security,
      summary: 'Create an entry in your diary; category is a list of your category ids',
      params: DiaryPathParams,
      body: EntryCreate,
      response: { 201: Entry, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await diary.createEntry(viewer(request), request.params.diaryId, request.body)),
  });
}
