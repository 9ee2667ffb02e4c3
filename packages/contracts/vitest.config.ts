import { defineProject } from 'vitest/config';

export default defineProject({
  // Rooted here so `vitest run -c packages/contracts/vitest.config.ts` finds the tests from the repo root.
  root: import.meta.dirname,
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
