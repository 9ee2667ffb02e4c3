// Environment → typed configuration. Every variable is optional; the defaults
// run the embedded mode (SQLite under ./data) on 127.0.0.1:8000.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST_DIR: z.string().optional(),
  MARKET_DATA: z.enum(['demo', 'live']).default('demo'),
  MARKET_DATA_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
});

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
  trustProxy: boolean;
  /** demo: generated prices (fresh installs); live: the real providers. */
  marketData: 'demo' | 'live';
  /** How often market-data jobs poll their sources (Vietcombank's board never more than every 5 min). */
  marketDataPollSeconds: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
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
    trustProxy: e.TRUST_PROXY === 'true',
    marketData: e.MARKET_DATA,
    marketDataPollSeconds: e.MARKET_DATA_POLL_SECONDS,
  };
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
