import { defineProject } from 'vitest/config';

export default defineProject({
  // Rooted here so `vitest run -c packages/cashflow-engine/vitest.config.ts` finds the tests from the repo root.
  root: import.meta.dirname,
  test: {
    name: 'cashflow-engine',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
