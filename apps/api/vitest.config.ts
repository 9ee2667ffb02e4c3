import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * The test files that start real processes (a server through src/test/server-process.ts, the CLI, a
 * child of any kind) and measure what a process does under time (shutdown drains, restarts, memory
 * peaks, a build raced by a second start): they run one at a time, in a group of their own after the
 * rest, with no other test file competing for the cores (see the root vitest.config.ts). Found by
 * what they import, so a new one cannot be forgotten. A file that starts processes but times and
 * measures none of them says so (SHARES_THE_CORES) and runs with the other API tests, two files at a
 * time: its servers mostly wait on start-up and I/O, which left a core idle when it ran alone.
 * Paths relative to apps/api.
 */
const SHARES_THE_CORES = /^\/\/ vitest: shares the cores\b/m;
/**
 * The test line runs the API projects on both Node lines (decision 0029); the second run sets
 * TEST_NODE_LINE=other. A file that tests an npm script's own logic and tooling rather than the
 * server or the runtime says so, and runs on the first line only.
 */
const FIRST_LINE_ONLY = /^\/\/ vitest: first Node line only\b/m;
const ON_OTHER_LINE = process.env.TEST_NODE_LINE === 'other';

/** Test files (relative to apps/api) that this run leaves out: none, or on the other line the first-line-only ones. */
export const LEFT_OUT_ON_THIS_LINE: string[] = ON_OTHER_LINE
  ? readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => FIRST_LINE_ONLY.test(readFileSync(path.join(SRC, file), 'utf8')))
      .map((file) => `src/${file.split(path.sep).join('/')}`)
  : [];

export const PROCESS_TESTS: string[] = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => {
    const source = readFileSync(path.join(SRC, file), 'utf8');
    return (
      /from '(node:child_process|[./]*(test\/)?server-process(\.js)?)'/.test(source) &&
      !SHARES_THE_CORES.test(source)
    );
  })
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .sort();

/** What every API test file runs with, in either group. */
export const API_TEST = { environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 } as const;

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    exclude: [...PROCESS_TESTS, ...LEFT_OUT_ON_THIS_LINE],
    ...API_TEST,
  },
});
