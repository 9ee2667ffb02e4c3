import { defineConfig } from 'vitest/config';
import { API_TEST, LEFT_OUT_ON_THIS_LINE, PROCESS_TESTS } from './apps/api/vitest.config.ts';

// One run covers every workspace; each project keeps its own environment.
//
// Two groups, one after the other (sequence.groupOrder). First every test file that runs in its own
// worker alone, two files at a time: Vitest's default on a two-core machine is one (cores - 1), which
// left a core idle while files waited on PostgreSQL, the disk or a browser-less render. Then the API
// files that start real processes and measure them (PROCESS_TESTS in apps/api/vitest.config.ts), one
// at a time: their servers need the cores to themselves for what they measure (drains, restarts,
// memory peaks). Files that start processes but measure nothing run in the first group.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      'apps/api/vitest.config.ts',
      {
        test: {
          name: 'api-processes',
          root: './apps/api',
          include: PROCESS_TESTS,
          exclude: LEFT_OUT_ON_THIS_LINE,
          ...API_TEST,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web/vitest.config.ts',
      'packages/cashflow-engine/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
    ],
  },
});
