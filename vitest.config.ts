import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'packages/cashflow-engine/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
    ],
  },
});
