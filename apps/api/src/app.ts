// buildApp(deps) → a Fastify instance with every plugin and route; main.ts and
// the tests build it the same way.
import path from 'node:path';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, HealthResponse, MODULE_ROLES } from '@staff/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import { CompiledQuery } from 'kysely';
import { inClusterWorker } from './cluster-broadcast';
import type { Config } from './config';
import type { Db } from './db/index';
import { createAnswerCache } from './http/answer-cache';
import { createAuthGuards } from './http/auth';
import { noSecurity, registerDocs } from './http/docs';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
  securityHeadersOf,
} from './http/errors';
import { registerGracefulClose } from './http/graceful-close';
import { registerNullCharacterGuard } from './http/null-characters';
import { errorAnswers } from './http/operation';
import { registerPublicUrl } from './http/public-url';
import { createRateLimiter } from './http/rate-limit';
import { PERMISSIONS_POLICY_HEADER } from './http/security-headers';
import { createResponseSerializerCompiler } from './http/serializer';
import { registerStatic } from './http/static';
import { registerUnreadBodyDrain } from './http/unread-bodies';
import { createMediaStore, registerMediaRoutes } from './media/index';
import type { AppMetrics } from './metrics/app-metrics';
import { registerHttpMetrics } from './metrics/http-metrics';
import {
  type AccountsService,
  createAccountsService,
  createTokenSigner,
  passwordRules,
  registerAccountsRoutes,
} from './modules/accounts/index';
import { createAuditService, registerAuditRoutes } from './modules/audit/index';
import {
  createCashflowService,
  createTableBell,
  createTablesService,
  registerCashflowRoutes,
  registerTablesRoutes,
  startClusterRelay,
  startPostgresRelay,
  type TablesService,
} from './modules/cashflow/index';
import { createDiaryService, createRunningEntryService, registerDiaryRoutes } from './modules/diary/index';
import { createForexService, registerForexRoutes } from './modules/forex/index';
import { createStocksService, registerStocksRoutes } from './modules/stocks/index';
import { createUserRecords, createUsersService, registerUsersRoutes } from './modules/users/index';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock; tests move it to expire tokens without waiting. */
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it: a credential must never be in it). */
  logStream?: { write(line: string): void };
  /** The wait before verifying a password for a much-failed account; tests record it instead. */
  signInDelay?: (ms: number) => Promise<void>;
  /** This process's metrics (METRICS_PORT set); without them no hook or counter does any work. */
  metrics?: AppMetrics | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
    /** CashFlow's shared tables, for main.ts's sweep of idle tables (`closeStale`). */
    cashflowTables: TablesService;
  }
}

/** Strict CSP: no inline or foreign scripts, so a stored token cannot be read by injected code. */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

const HELMET_OPTIONS = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  hsts: false,
} as const satisfies HelmetOptions;

/** An API path, however many slashes it starts with (the router reads `//api/` as `/api/`). */
const API_PATH = /^\/+api(\/|\?|$)/;

/**
 * Helmet's headers under HELMET_OPTIONS and the Permissions-Policy, computed once at start by running helmet's own middleware
 * (errors.ts): every answer carries them, set in one hook from this list (issue 22: @fastify/helmet
 * built helmet's whole middleware chain again on every request), and the answers no hook sees
 * (framework errors, raw socket errors) carry the same set.
 */
const SECURITY_HEADERS = { ...securityHeadersOf(HELMET_OPTIONS), ...PERMISSIONS_POLICY_HEADER };
const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS);

/** The health check's query, compiled once. */
const SELECT_ONE = CompiledQuery.raw('select 1');

/**
 * Fastify 5 trusts nobody for a bare hop count (it cannot check the nearest peer), so a count
 * becomes what Express does with one: the nearest N hops are proxies. The README says a count is
 * only right when the proxies are the one way in.
 */
function trustedProxies(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, metrics } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
    // A request that reaches a closing server on a connection it had already accepted is served, not
    // answered 503: the drain waits for it, and its answer closes the connection (graceful-close.ts).
    // Behind a proxy that retries only failed connections, such a 503 was a request lost (issue 23).
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError(SECURITY_HEADERS),
    clientErrorHandler: answerClientError(SECURITY_HEADERS),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ log: app.log }));

  // Cross-cutting plugins first, then services, then routes.
  registerErrorHandling(app);
  registerGracefulClose(app);
  registerNullCharacterGuard(app);
  registerPublicUrl(app, config.publicUrl);
  registerUnreadBodyDrain(app);
  // The one hook every request passes (issue 22: hooks are the per-request path's cost, so the
  // security headers and the default caching share it, synchronous, no promise). The security
  // headers go on the raw response, as helmet set them, so a hijacked answer (the quote stream)
  // carries them too. API answers carry tokens and personal data: no browser or proxy may keep
  // one; an answer that says otherwise for itself (the health check, the kept answers, the quote
  // stream) sets its own, which replaces this default.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of SECURITY_HEADER_LIST) raw.setHeader(name, value);
    if (API_PATH.test(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
  if (metrics) registerHttpMetrics(app, metrics);
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 30, fieldSize: 16 * 1024, parts: 40 },
  });
  await registerDocs(app);

  const limiter = createRateLimiter(db, now, config.rateLimit);
  const signer = createTokenSigner(config.jwtSecret, {
    access: config.accessTokenTtl,
    refresh: config.refreshTokenTtl,
  });
  // Uploaded media, in the database or a bucket every process sees (decision 0028).
  const media = await createMediaStore(config, db);
  app.addHook('onClose', () => media.close());
  const accounts = createAccountsService({
    db,
    signer,
    limiter,
    now,
    media,
    mediaDir: config.mediaDir,
    initialAdminPasswordFile: path.join(config.dataDir, 'initial-admin-password'),
    delay: deps.signInDelay,
    metrics,
  });
  app.decorate('accounts', accounts);
  // Answers many requests read the same way, kept ready in this process (decision 0021).
  const answers = createAnswerCache({ db, now, maxBytes: config.answerCacheBytes, metrics });
  app.decorate('answers', answers);
  app.decorateRequest('auth', null);
  const { requireUser } = createAuthGuards(accounts);

  app.get('/api/health', {
    schema: {
      tags: ['health'],
      summary: 'Answers 200 once the server can serve',
      security: noSecurity,
      response: { 200: HealthResponse, ...errorAnswers(400) },
    },
    handler: async (_request, reply) => {
      await db.executeQuery(SELECT_ONE);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
    },
  });
  registerAccountsRoutes(app, {
    accounts,
    signedIn: requireUser(),
    signedInBeforePasswordChange: requireUser(undefined, { beforePasswordChange: true }),
  });
  registerUsersRoutes(app, {
    users: createUsersService({
      db,
      now,
      passwords: passwordRules,
      endSignIns: accounts.endSignIns,
      removeAvatar: accounts.removeAvatarFile,
    }),
    admins: requireUser(MODULE_ROLES.users),
    gameHosts: requireUser(MODULE_ROLES.cashflow),
    answers,
  });
  registerAuditRoutes(app, {
    // Audit names users through users' records, handed in: users records its events through audit.
    audit: createAuditService({ db, findUserNames: (ids) => createUserRecords(db).findUserNames(ids) }),
    admins: requireUser(MODULE_ROLES.audit),
  });

  const diary = createDiaryService({ db, now, getUser: (id) => accounts.getUser(id) });
  registerDiaryRoutes(app, {
    diary,
    running: createRunningEntryService({ db, now, diary }),
    diaryUser: requireUser(MODULE_ROLES.diary),
    answers,
  });
  registerStocksRoutes(app, {
    stocks: createStocksService({
      db,
      now,
      secret: config.jwtSecret,
      findSignIn: (userId, family) => accounts.findSignedInUser(userId, family),
      marketData: config.marketData,
    }),
    staff: requireUser(MODULE_ROLES.stocks),
    editors: requireUser(MODULE_ROLES.stocksAdmin),
    answers,
    admins: requireUser(MODULE_ROLES.stockHolidays),
    metrics,
  });
  registerForexRoutes(app, {
    forex: createForexService({ db, now }),
    forexUser: requireUser(MODULE_ROLES.forex),
    answers,
  });
  registerCashflowRoutes(app, {
    cashflow: createCashflowService({ db, now }),
    gameHosts: requireUser(MODULE_ROLES.cashflow),
    answers,
  });
  const tableBell = createTableBell();
  if (config.databaseUrl) {
    const relay = startPostgresRelay({
      databaseUrl: config.databaseUrl,
      bell: tableBell,
      warn: (message) => app.log.warn(message),
    });
    app.addHook('onClose', () => relay.close());
  }
  // On SQLite, the workers of `npm start` hear each other's rings through the cluster's primary.
  const clusterRelay = !config.databaseUrl && inClusterWorker() ? startClusterRelay(tableBell) : null;
  if (clusterRelay) app.addHook('onClose', async () => clusterRelay.close());
  const tables = createTablesService({
    db,
    now,
    limiter,
    onAdvance: clusterRelay?.ring ?? tableBell.ring,
    // A table stream re-checks the sign-in it was opened under, as the quote stream does.
    findSignIn: (userId, family) => accounts.findSignedInUser(userId, family),
  });
  app.decorate('cashflowTables', tables);
  registerTablesRoutes(app, {
    tables,
    gameHosts: requireUser(MODULE_ROLES.cashflow),
    bell: tableBell,
    streamPollMs: config.tableStreamPollMs,
    metrics,
    now,
  });

  registerMediaRoutes(app, media);
  await registerStatic(app, config);
  return app;
}
