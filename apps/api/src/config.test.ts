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

  it('runs one worker per core unless WEB_CONCURRENCY says how many, from 1 to 64', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).webConcurrency).toBe(Math.min(os.availableParallelism(), 64));
    expect(loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: '' }).webConcurrency).toBe(
      Math.min(os.availableParallelism(), 64),
    );
    expect(loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: ' 3 ' }).webConcurrency).toBe(3);
    for (const bad of ['0', '65', '-1', '1.5', 'two', 'max']) {
      expect(() => loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: bad }), bad).toThrow(
        /WEB_CONCURRENCY: expected a whole number of worker processes from 1 to 64/,
      );
    }
  });

  it('keeps up to 32 MB of ready answers per process unless ANSWER_CACHE_MB says otherwise (0: none)', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).answerCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: dir, ANSWER_CACHE_MB: '0' }).answerCacheBytes).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, ANSWER_CACHE_MB: '100' }).answerCacheBytes).toBe(100 * 1024 * 1024);
    for (const bad of ['-1', '1.5', 'lots', '4097']) {
      expect(() => loadConfig({ DATA_DIR: dir, ANSWER_CACHE_MB: bad }), bad).toThrow(/ANSWER_CACHE_MB/);
    }
  });

  it('serves metrics only when METRICS_PORT is set, on METRICS_HOST (loopback unless set)', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
    });
    for (const bad of ['0', '65536', '-1', '94.64', 'prometheus']) {
      expect(() => loadConfig({ DATA_DIR: dir, METRICS_PORT: bad }), bad).toThrow(
        /METRICS_PORT: expected a port from 1 to 65535/,
      );
    }
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_HOST: ' ' })).toThrow(/METRICS_HOST/);
    expect(() => loadConfig({ DATA_DIR: dir, PORT: '8000', METRICS_PORT: '8000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('refuses invalid values with a message naming the variable', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('trusts no proxy by default, and a hop count or a list of proxy addresses when told', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['0', 'yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', 'example.com', '1.5']) {
      expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses TRUST_PROXY=true, saying why and what to set instead', () => {
    const attempt = () => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/TRUST_PROXY: true is refused: it trusts every X-Forwarded-For entry/);
    expect(attempt).toThrow(/Set the number of proxies in front of the app/);
  });

  it('keeps PUBLIC_URL without its trailing slash and refuses what is not an http(s) address', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://staff.example.com/' }).publicUrl).toBe(
      'https://staff.example.com',
    );
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'HTTPS://Staff.Example.com:8443/app//' }).publicUrl).toBe(
      'https://staff.example.com:8443/app',
    );
    for (const bad of [
      'staff.example.com',
      'ftp://x.example',
      'https://x.example/?a=1',
      'https://u:p@x.example',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('keeps media in the database unless MEDIA_STORE=s3, whose settings it checks all at once', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).s3).toBeUndefined();
    const s3 = {
      DATA_DIR: dir,
      MEDIA_STORE: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      pathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // AWS itself: no endpoint, virtual-hosted addresses, the SDK's own credentials chain.
    expect(
      loadConfig({ DATA_DIR: dir, MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).s3,
    ).toEqual({
      bucket: 'media',
      region: 'eu-west-1',
      endpoint: undefined,
      pathStyle: false,
      credentials: undefined,
    });

    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dir, ...env });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    const missing = refused({ MEDIA_STORE: 's3', S3_ENDPOINT: 'ftp://x/y', S3_ACCESS_KEY_ID: 'key' });
    expect(missing).toContain('S3_BUCKET: required when MEDIA_STORE=s3');
    expect(missing).toContain('S3_REGION: required when MEDIA_STORE=s3');
    expect(missing).toContain("S3_ENDPOINT: expected the server's address");
    expect(missing).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(refused({ MEDIA_STORE: 'disk' })).toContain('MEDIA_STORE: expected database (the default) or s3');
    expect(refused({ S3_BUCKET: 'media' })).toContain('S3_BUCKET set but MEDIA_STORE is not s3');
  });

  it('restricts the data folder and the files in it to their owner, tightening an older install', () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'media', 'avatars'), { recursive: true, mode: 0o755 });
    for (const file of ['jwt-secret', 'initial-admin-password']) {
      fs.writeFileSync(path.join(dir, file), 'x'.repeat(48), { mode: 0o644 });
    }
    loadConfig({ DATA_DIR: dir });
    const mode = (p: string) => fs.statSync(path.join(dir, p)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode('media')).toBe(0o700);
    expect(mode('media/avatars')).toBe(0o700);
    expect(mode('jwt-secret')).toBe(0o600);
    expect(mode('initial-admin-password')).toBe(0o600);
    // A new data folder is made private from the start.
    const fresh = path.join(tempDir(), 'new', 'data');
    loadConfig({ DATA_DIR: fresh });
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
  });
});
