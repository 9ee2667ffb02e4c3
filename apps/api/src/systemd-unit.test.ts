// The shipped systemd unit (deploy/systemd/staff-app.service): `systemd-analyze verify` accepts it
// without a warning (it exits 0 on a misspelt value and only warns, so a warning fails here), and it
// keeps the settings docs/operations.md relies on.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDeployTools, NGINX_SITE } from './test/nginx';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const UNIT = path.join(ROOT, 'deploy', 'systemd', 'staff-app.service');

/** The unit's settings: each key with every value it is given. */
function settings(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, key, value] = match as unknown as [string, string, string];
    found.set(key, [...(found.get(key) ?? []), value]);
  }
  return found;
}

const seconds = (value: string | undefined) => Number(/^(\d+)s$/.exec(value ?? '')?.[1] ?? Number.NaN);

describe('the systemd unit', () => {
  beforeAll(async () => {
    await ensureDeployTools();
  }, 600_000);

  it('passes systemd-analyze verify without a warning', () => {
    const result = spawnSync('/usr/bin/systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    const aboutTheUnit = `${result.stdout}${result.stderr}`
      .split('\n')
      .filter((line) => line.includes('staff-app'));
    expect(aboutTheUnit).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('runs the built server under its own user, hardened, writing only the data folder', () => {
    const unit = settings(fs.readFileSync(UNIT, 'utf8'));
    const one = (key: string) => unit.get(key)?.at(-1);
    expect(one('User')).toBe('staff-app');
    expect(one('ExecStart')).toMatch(/^\/usr\/bin\/node \/opt\/staff-app\/apps\/api\/dist\/serve\.js$/);
    // The build makes serve.js (tsup's entries).
    expect(fs.readFileSync(path.join(ROOT, 'apps/api/tsup.config.ts'), 'utf8')).toContain(
      "serve: 'src/serve.ts'",
    );
    expect(one('EnvironmentFile')).toBe('/etc/staff-app/staff-app.env');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('ReadWritePaths')).toBe('/var/lib/staff-app');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('ProtectHome')).toBe('yes');
    expect(one('SystemCallFilter')).toBe('@system-service');
    expect(one('RestrictAddressFamilies')).toBe('AF_UNIX AF_INET AF_INET6');
    // V8's JIT writes code it then runs.
    expect(one('MemoryDenyWriteExecute')).not.toBe('yes');
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
  });

  it('waits for the drain longer than nginx waits for an answer', () => {
    const unit = settings(fs.readFileSync(UNIT, 'utf8'));
    const site = fs.readFileSync(NGINX_SITE, 'utf8');
    const readTimeouts = [...site.matchAll(/^\s*proxy_read_timeout (\d+)s;/gm)].map((m) => Number(m[1]));
    // The stream's own hour is not a request anyone waits for: the app ends streams at once.
    expect(readTimeouts).toContain(60);
    expect(seconds(unit.get('TimeoutStopSec')?.at(-1))).toBeGreaterThan(60);
  });
});
