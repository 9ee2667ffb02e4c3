// A known forex series for forex.spec.ts, imported by global-setup with the manage CLI's
// import-forex command: one point a day over the last week, so its dots have known colours.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A metal (its name contains "Vàng"), shown in millions. */
export const KNOWN_SYMBOL = 'Vàng E2E';
/** Values per day, oldest first: up, same, down, up, down after the first. */
export const KNOWN_VALUES = [100_000_000, 110_000_000, 110_000_000, 105_000_000, 120_000_000, 100_000_000];
export const KNOWN_DIRECTIONS = ['up', 'down', 'up', 'down'];

export async function importKnownForexSeries(
  repoRoot: string,
  server: { url: string; env: Record<string, string> },
): Promise<void> {
  const now = Date.now();
  const rows = KNOWN_VALUES.map((value, i) => {
    const time = new Date(now - (KNOWN_VALUES.length - i) * 24 * 3600_000).toISOString();
    return `${KNOWN_SYMBOL},${time},${value}`;
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forex-e2e-'));
  const file = path.join(dir, 'known-series.csv');
  fs.writeFileSync(file, ['symbol,time,last', ...rows].join('\n'));
  try {
    await promisify(execFile)(process.execPath, ['apps/api/dist/manage.js', 'import-forex', file], {
      cwd: repoRoot,
      env: { ...process.env, ...server.env },
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`manage.js import-forex failed for ${server.url}:\n${stdout}${stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
