// Environment → typed configuration. Every variable is optional; the defaults
// run the embedded mode (SQLite under ./data) on 127.0.0.1:8000.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/api, whether running from src/ (tsx) or dist/ (bundle). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const seconds = z.coerce.number().int().positive();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: seconds.default(900),
  REFRESH_TOKEN_TTL: seconds.default(7 * 24 * 3600),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => parsePublicUrl(v, ctx)),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  WEB_DIST_DIR: z.string().optional(),
  MARKET_DATA: z.enum(['demo', 'live']).default('demo'),
  MARKET_DATA_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((v, ctx) => parseWebConcurrency(v, ctx)),
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  TABLE_STREAM_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v, ctx) => parseMetricsPort(v, ctx)),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Where uploads live (decision 0028): the database, or an S3-compatible bucket.
  MEDIA_STORE: z
    .enum(['database', 's3'], { message: 'expected database (the default) or s3' })
    .default('database'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PATH_STYLE: z.enum(['on', 'off'], { message: 'expected on or off' }).optional(),
});

/** MEDIA_STORE=s3's bucket and how to reach it. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Path-style addresses (http://host/bucket/key), which most S3-compatible servers need. */
  pathStyle: boolean;
  /** Unset: the AWS SDK's usual chain (AWS_* variables, the instance's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  shippedMediaDir: string;
  webDistDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  rateLimit: boolean;
  logLevel: string;
  /**
   * Which peers may say who the client is through X-Forwarded-For: none (false), the nearest N hops,
   * or the listed proxy addresses and CIDRs. Never every hop: a client would pick its own address.
   */
  trustProxy: false | number | string[];
  /** Scheme, host and optional path prefix absolute URLs are built from; unset, links are root-relative. */
  publicUrl: string | undefined;
  /** demo: generated prices (fresh installs); live: the real providers. */
  marketData: 'demo' | 'live';
  /** How often market-data jobs poll their sources (Vietcombank's board never more than every 5 min). */
  marketDataPollSeconds: number;
  /** How many worker processes `npm start` (serve.ts) runs on the one port: one per core unless set. */
  webConcurrency: number;
  /** The most bytes of answers each process keeps ready (decision 0021); 0 keeps none. */
  answerCacheBytes: number;
  /**
   * How often an open CashFlow table stream looks for events its process was not told of (decision
   * 0033): the safety net under the bells, which reach every process at once.
   */
  tableStreamPollMs: number;
  /** The port of the metrics address (docs/metrics.md); undefined: no metrics, and no work for them. */
  metricsPort: number | undefined;
  /** Where the metrics address listens: loopback unless set (the scraper's side of a firewall). */
  metricsHost: string;
  /** MEDIA_STORE=s3's settings; undefined: media live in the database (decision 0028). */
  s3: S3Settings | undefined;
}

export class ConfigError extends Error {}

/** proxy-addr's names for well-known ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string, ctx: z.RefinementCtx): false | number | string[] {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true is refused: it trusts every X-Forwarded-For entry, so any client could choose its own address ' +
        'and walk around the per-address sign-in limits. Set the number of proxies in front of the app ' +
        '(e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16).',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 100) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0 || /^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'expected false, a hop count from 1 to 100, or a comma-separated list of proxy addresses or CIDRs ' +
        `(not understood: ${invalid.length > 0 ? invalid.join(', ') : value})`,
    });
    return z.NEVER;
  }
  return entries;
}

/** The most workers WEB_CONCURRENCY may ask for: each holds its own connections and caches. */
export const MAX_WEB_CONCURRENCY = 64;

function parseWebConcurrency(raw: string | undefined, ctx: z.RefinementCtx): number {
  const value = raw?.trim();
  // One per core the process may run on (its CPU affinity), the usual reading of an unset value.
  if (!value) return Math.min(os.availableParallelism(), MAX_WEB_CONCURRENCY);
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= 1 && count <= MAX_WEB_CONCURRENCY)) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a whole number of worker processes from 1 to ${MAX_WEB_CONCURRENCY} (1: a single process), not ${value}`,
    });
    return z.NEVER;
  }
  return count;
}

function parseMetricsPort(raw: string | undefined, ctx: z.RefinementCtx): number | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a port from 1 to 65535 (unset: no metrics), not ${value}`,
    });
    return z.NEVER;
  }
  return port;
}

function parsePublicUrl(raw: string | undefined, ctx: z.RefinementCtx): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected the address users open, such as https://staff.example.com (no query or fragment)',
    });
    return z.NEVER;
  }
  if (url.username || url.password) {
    ctx.addIssue({ code: 'custom', message: 'must not contain a user name or password' });
    return z.NEVER;
  }
  // Without the trailing slash, so a root-relative path can be appended as it is.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the metrics have an address of their own)',
    );
  }
  const s3 = parseS3Settings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictDataDir(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    shippedMediaDir: path.join(API_ROOT, 'media'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(API_ROOT, '..', 'web', 'dist')),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL?.trim() || undefined,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    rateLimit: e.RATE_LIMIT === 'on',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    marketData: e.MARKET_DATA,
    marketDataPollSeconds: e.MARKET_DATA_POLL_SECONDS,
    webConcurrency: e.WEB_CONCURRENCY,
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    tableStreamPollMs: e.TABLE_STREAM_POLL_MS,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    s3,
  };
}

/** The S3 settings when MEDIA_STORE=s3, every missing or malformed one said at once. */
function parseS3Settings(e: z.infer<typeof EnvSchema>): S3Settings | undefined {
  const problems: string[] = [];
  const set = (v: string | undefined) => v?.trim() || undefined;
  if (e.MEDIA_STORE !== 's3') {
    const stray = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID'] as const).filter((name) => set(e[name]));
    if (stray.length > 0) {
      problems.push(
        `  MEDIA_STORE: ${stray.join(', ')} set but MEDIA_STORE is not s3 (set MEDIA_STORE=s3 to use the bucket)`,
      );
    }
  } else {
    if (!set(e.S3_BUCKET))
      problems.push('  S3_BUCKET: required when MEDIA_STORE=s3 (the bucket media go to)');
    if (!set(e.S3_REGION))
      problems.push(
        '  S3_REGION: required when MEDIA_STORE=s3 (e.g. eu-west-1; us-east-1 for most S3-compatible servers)',
      );
    const endpoint = set(e.S3_ENDPOINT);
    if (endpoint && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) {
      problems.push(
        "  S3_ENDPOINT: expected the server's address, such as https://s3.example.com or http://127.0.0.1:9000 (no path)",
      );
    }
    if (Boolean(set(e.S3_ACCESS_KEY_ID)) !== Boolean(set(e.S3_SECRET_ACCESS_KEY))) {
      problems.push(
        "  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the AWS SDK's own chain)",
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  if (e.MEDIA_STORE !== 's3') return undefined;
  const endpoint = set(e.S3_ENDPOINT);
  const accessKeyId = set(e.S3_ACCESS_KEY_ID);
  const secretAccessKey = set(e.S3_SECRET_ACCESS_KEY);
  return {
    bucket: set(e.S3_BUCKET) as string,
    region: set(e.S3_REGION) as string,
    endpoint,
    pathStyle: e.S3_PATH_STYLE ? e.S3_PATH_STYLE === 'on' : endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** What DATA_DIR holds that only the server's own user may read: the database, the secrets, uploads. */
const PRIVATE_FILES = [
  'app.db',
  'app.db-wal',
  'app.db-shm',
  'app.db-journal',
  'jwt-secret',
  'initial-admin-password',
];
const PRIVATE_DIRS = ['media', path.join('media', 'avatars')];

/**
 * Makes DATA_DIR readable by its owner only (folders 0700, files 0600), whatever the umask or an
 * older version left: an install from before this check kept app.db 0644 in a 0755 folder. Safe to
 * repeat; main.ts calls it again once SQLite has made its -wal and -shm files.
 */
export function restrictDataDir(dataDir: string): void {
  const restrict = (target: string, mode: number) => {
    try {
      fs.chmodSync(target, mode);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      // Someone else's file (a mounted volume): say so rather than refuse to start.
      if (code === 'EPERM') process.emitWarning(`Could not restrict ${target} to its owner: ${code}`);
      else throw err;
    }
  };
  restrict(dataDir, 0o700);
  for (const dir of PRIVATE_DIRS) restrict(path.join(dataDir, dir), 0o700);
  for (const file of PRIVATE_FILES) restrict(path.join(dataDir, file), 0o600);
}

/** Keeps a generated signing secret in $DATA_DIR so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  // 'wx' so two processes starting together cannot both write different secrets.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}
