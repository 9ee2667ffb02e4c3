import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-config-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('defaults to the embedded mode on 127.0.0.1:8000 with 15-minute and 7-day tokens', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      accessTokenTtl: 900,
      refreshTokenTtl: 7 * 24 * 3600,
      rateLimit: true,
    });
    expect(c.mediaDir).toBe(path.join(dir, 'media'));
  });

  it('generates a signing secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it('reads every documented variable', () => {
    const c = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '9001',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'secret-123',
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
    });
    expect(c).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/app',
      adminEmail: 'boss@example.com',
      adminPassword: 'secret-123',
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
    });
  });

  it('chooses demo market data polled every 5 minutes unless told otherwise', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ marketData: 'demo', marketDataPollSeconds: 300 });
    expect(loadConfig({ DATA_DIR: dir, MARKET_DATA: 'live', MARKET_DATA_POLL_SECONDS: '600' })).toMatchObject(
      {
        marketData: 'live',
        marketDataPollSeconds: 600,
      },
    );
    expect(() => loadConfig({ DATA_DIR: dir, MARKET_DATA: 'real' })).toThrow(/MARKET_DATA/);
    expect(() => loadConfig({ DATA_DIR: dir, MARKET_DATA_POLL_SECONDS: '1' })).toThrow(
      /MARKET_DATA_POLL_SECONDS/,
    );
  });

  it('refuses invalid values with a message naming the variable', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
