// HTTP for user administration (admins) and the user search (game setup).
// Rules live in service.ts; spreadsheets in workbook.ts, import.ts, template.ts.
import {
  USER_IMPORT_MAX_BYTES,
  User,
  UserCreate,
  UserImportRefusal,
  UserImportResult,
  UserListQuery,
  UserPage,
  UserSearchQuery,
  UserSearchResult,
  UserUpdate,
} from '@staff/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnswerCache } from '../../http/answer-cache';
import { currentAuth } from '../../http/auth';
import { bearerSecurity, NoContent } from '../../http/docs';
import { dropEmptyQueryValues } from '../../http/empty-query-values';
import { fieldError, notFound, readingMultipart } from '../../http/errors';
import { IfMatchHeaders } from '../../http/etag';
import { refuseNullCharacters } from '../../http/null-characters';
import { BadRequestBody, errorAnswers, FilePart, sentAs } from '../../http/operation';
import { pageAnswer } from '../../http/pages';
import { publicOrigin } from '../../http/public-url';
import { requestAuditContext } from '../audit/index';
import { presentImportResult, presentUser } from './presenter';
import type { UsersService } from './service';
import { buildImportTemplate, TEMPLATE_FILENAME, XLSX_CONTENT_TYPE } from './template';

export const IMPORT_TOO_LARGE = `The file is too large. The maximum size is ${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
export const NO_FILE = 'No file was submitted.';
export const EMPTY_FILE = 'The submitted file is empty.';

const IdParams = z.object({ id: z.string() });
/** The template: the document shows a binary file; the handler sends the workbook's bytes. */
const ImportTemplate = sentAs(
  XLSX_CONTENT_TYPE,
  FilePart.describe('The .xlsx import template'),
) as unknown as z.ZodType<Buffer>;
/** The import's form, as the document shows it (the handler reads the multipart body itself). */
const ImportForm = z.object({ file: FilePart.describe('The .xlsx workbook') });
/** A file that cannot be read (field errors), or one with problems (every problem, nobody created). */
const ImportRefused = z
  .union([UserImportRefusal, BadRequestBody])
  .describe(
    'A file that cannot be read: {"file": ["message"]}; a file with problems: {"detail", "problems": ' +
      '[{"row", "column", "message"}]}, and nobody is created.',
  );

/** Path ids are positive integers; anything else names no user. */
function userId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > 2_147_483_647) throw notFound();
  return id;
}

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: {
    users: UsersService;
    /** Administrators only. */
    admins: onRequestAsyncHookHandler;
    /** Those who set up games: the user search. */
    gameHosts: onRequestAsyncHookHandler;
    /** Answers kept ready, keyed by the data's versions (decision 0021). */
    answers: AnswerCache;
  },
): void {
  const { users, admins, gameHosts, answers } = deps;
  // Lists of people: kept ready (every user write moves the 'users' version) but never cached by a
  // browser, so they keep the API's no-store and carry no ETag.
  const people = { scopes: ['users'], shared: false };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/api/users/users/', {
    // Authentication before validation, so a stranger learns nothing from a 400.
    onRequest: admins,
    preValidation: dropEmptyQueryValues,
    schema: {
      tags,
      summary: 'Users, searched, filtered, sorted and paged',
      description:
        '`search` matches e-mail, any name and phone, ignoring Vietnamese accents ("nguyen" finds "Nguyễn"); ' +
        'every word must match. `ordering` is a field name, `-` in front for descending (default last_name, ' +
        'ties by id). A page past the last answers 404 {"detail": "Invalid page."}.',
      security: bearerSecurity,
      querystring: UserListQuery,
      response: { 200: UserPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, people, async () => {
        const query = request.query;
        const { count, rows } = await users.list(query);
        const origin = publicOrigin(request);
        return pageAnswer(
          request,
          query,
          count,
          rows.map((row) => presentUser(row, origin)),
        );
      }),
  });

  r.post('/api/users/users/', {
    onRequest: admins,
    schema: {
      tags,
      summary: 'Create a user',
      description:
        'multipart/form-data or JSON: email (required), password (required), first_name, middle_name, ' +
        'last_name, phone, role (default staff), gender (M, F, O or empty), is_active (default true). ' +
        'username is ignored: it is always the e-mail. A duplicate e-mail, in any case, answers 400 {"email": [...]}.',
      security: bearerSecurity,
      readsBody: { 'multipart/form-data': UserCreate, 'application/json': UserCreate },
      response: { 201: User, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) => {
      const input = UserCreate.parse(await readUserForm(request));
      const created = await users.create(input, requestAuditContext(request));
      return reply.code(201).send(presentUser(created, publicOrigin(request)));
    },
  });

  r.get('/api/users/users/template/', {
    onRequest: admins,
    schema: {
      tags,
      summary: 'The .xlsx import template',
      description:
        'A "Users" sheet with the import columns and an example row to replace, and an "Allowed values" sheet.',
      security: bearerSecurity,
      response: { 200: ImportTemplate, ...errorAnswers(400, 401, 403) },
    },
    handler: async (_request, reply) =>
      reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(await buildImportTemplate()),
  });

  r.post('/api/users/users/import/', {
    onRequest: admins,
    schema: {
      tags,
      summary: 'Create users from an .xlsx file, all or none',
      description:
        'multipart/form-data with `file`: an .xlsx workbook (checked by its content), at most 5 MB, ' +
        '5,000 rows and 50 MB uncompressed; the columns of the template, in any order. ' +
        'A file that cannot be read answers 400 {"file": [...]}; a file with problems answers 400 ' +
        '{"detail", "problems": [{"row", "column", "message"}]} and creates nobody.',
      security: bearerSecurity,
      readsBody: { 'multipart/form-data': ImportForm },
      response: {
        201: UserImportResult,
        ...errorAnswers(400, 401, 403, 413, 415),
        400: ImportRefused,
      },
    },
    handler: async (request, reply) => {
      const file = await readImportFile(request);
      const { created } = await users.importWorkbook(file, requestAuditContext(request));
      return reply.code(201).send(presentImportResult(created));
    },
  });

  r.get('/api/users/users/:id/', {
    onRequest: admins,
    schema: {
      tags,
      summary: 'One user',
      description:
        'Carries an `ETag` of the stored user; send it back as `If-Match` when saving the edit form, so an edit ' +
        'made meanwhile by someone else is not overwritten (412).',
      security: bearerSecurity,
      params: IdParams,
      response: { 200: User, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { user, etag } = await users.get(userId(request.params.id));
      reply.header('etag', etag);
      return presentUser(user, publicOrigin(request));
    },
  });

  r.put('/api/users/users/:id/', {
    onRequest: admins,
    schema: {
      tags,
      summary: 'Edit a user',
      description:
        "The create form's fields, each optional; an empty or missing password keeps the current one. " +
        'A new password or deactivation signs the user out. An admin cannot deactivate themselves, and the ' +
        'last active admin cannot be deactivated or demoted (400 {"detail"}). With `If-Match` (the `ETag` of ' +
        'the GET the form was filled from), an edit of a user changed since answers 412 {"detail"} and changes ' +
        'nothing. The answer carries the new `ETag`.',
      security: bearerSecurity,
      params: IdParams,
      headers: IfMatchHeaders,
      readsBody: { 'multipart/form-data': UserUpdate, 'application/json': UserUpdate },
      response: { 200: User, ...errorAnswers(400, 401, 403, 404, 412, 413, 415) },
    },
    handler: async (request, reply) => {
      const id = userId(request.params.id);
      const input = UserUpdate.parse(await readUserForm(request));
      const { user, etag } = await users.update(currentAuth(request), id, input, {
        ifMatch: request.headers['if-match'],
        context: requestAuditContext(request),
      });
      reply.header('etag', etag);
      return presentUser(user, publicOrigin(request));
    },
  });

  r.delete('/api/users/users/:id/', {
    onRequest: admins,
    schema: {
      tags,
      summary: 'Delete a user and sign them out',
      description: 'An admin cannot delete themselves, nor the last active admin (400 {"detail"}).',
      security: bearerSecurity,
      params: IdParams,
      response: { 204: NoContent, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await users.remove(currentAuth(request), userId(request.params.id), requestAuditContext(request));
      return reply.code(204).send(null);
    },
  });

  r.get('/api/users/search/', {
    onRequest: gameHosts,
    schema: {
      tags,
      summary: 'Active users matching q, for picking players',
      description:
        'Matches like the user list search. display_name is the full name, or the e-mail when there is none. ' +
        '`limit` defaults to 10 and is capped at 50.',
      security: bearerSecurity,
      querystring: UserSearchQuery,
      response: { 200: UserSearchResult, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, people, () => users.search(request.query.q, request.query.limit)),
  });
}

/** The user form from multipart or JSON; it has no files. */
async function readUserForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw fieldError('non_field_errors', 'Invalid data.');
    return body as Record<string, unknown>;
  }
  const fields: Record<string, unknown> = {};
  await readingMultipart(async () => {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        throw fieldError(part.fieldname, 'Unexpected file field.');
      }
      fields[part.fieldname] = part.value;
    }
  });
  refuseNullCharacters(fields);
  return fields;
}

/** The uploaded workbook's bytes, refused over the size limit while it streams in. */
async function readImportFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError('file', NO_FILE);
  let file: Buffer | undefined;
  await readingMultipart(async () => {
    for await (const part of request.parts({ limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw fieldError(part.fieldname, 'Unexpected file field.');
      }
      try {
        file = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldError('file', IMPORT_TOO_LARGE);
        throw err;
      }
    }
  });
  if (!file) throw fieldError('file', NO_FILE);
  if (file.length === 0) throw fieldError('file', EMPTY_FILE);
  return file;
}
