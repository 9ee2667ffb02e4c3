// scripts/node-release.mjs: the supported Node lines (22.14+ and 24, decision 0029), and a command run
// on each line's release from the npm registry, whatever Node runs the tests.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from './config';

const REPO = path.resolve(API_ROOT, '..', '..');
const SCRIPT = path.join(REPO, 'scripts', 'node-release.mjs');

/** Runs `node -e code` with the script's exports as `m`, and returns what it printed. */
function withScript(code: string): string {
  return execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import(${JSON.stringify(SCRIPT)}); ${code}`],
    { cwd: REPO, encoding: 'utf8' },
  ).trim();
}

describe('scripts/node-release.mjs', () => {
  it('takes 22.14 and later and 24 as supported, and names the other line for each', () => {
    const verdicts = withScript(
      "console.log(JSON.stringify(['v20.19.0', 'v22.13.1', 'v22.14.0', 'v22.23.5', 'v23.11.0', 'v24.0.0', 'v26.1.0'].map((v) => [m.isSupported(v), m.otherLine(v)])))",
    );
    expect(JSON.parse(verdicts)).toEqual([
      [false, 24],
      [false, 24],
      [true, 24],
      [true, 24],
      [false, 24],
      [true, 22],
      [false, 24],
    ]);
    // The Node running these tests is a supported one (npm test made sure of it).
    expect(withScript('console.log(m.isSupported())')).toBe('true');
  });

  it('runs a command on each listed release, fetched from the registry, and passes its exit code on', {
    timeout: 180_000,
  }, () => {
    const releases = JSON.parse(withScript('console.log(JSON.stringify(m.NODE_RELEASES))')) as Record<
      string,
      string
    >;
    for (const line of ['22', '24']) {
      const printed = execFileSync(
        process.execPath,
        [SCRIPT, line, '--', 'node', '-p', 'process.version + " " + process.versions.napi'],
        { cwd: REPO, encoding: 'utf8' },
      ).trim();
      const [version, napi] = printed.split(' ');
      expect(version).toBe(`v${releases[line]}`);
      // better-sqlite3 13's builds need Node-API 10.
      expect(Number(napi)).toBeGreaterThanOrEqual(10);
    }
    // `supported` on a supported Node is that very Node.
    const same = execFileSync(
      process.execPath,
      [SCRIPT, 'supported', '--', 'node', '-p', 'process.version'],
      {
        cwd: REPO,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
      },
    ).trim();
    expect(same).toBe(process.version);
    // A failing command's exit code comes back.
    let status: number | null = null;
    try {
      execFileSync(process.execPath, [SCRIPT, '24', '--', 'node', '-e', 'process.exit(7)'], { cwd: REPO });
    } catch (error) {
      status = (error as { status: number | null }).status;
    }
    expect(status).toBe(7);
  });
});
