import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Self-contained so the root config can list it as a project; paths are relative to this folder.
export default defineProject({
  // Explicit so `vitest -c apps/web/vitest.config.ts` from the repository root finds the same files.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Screens typed into with user-event take a few seconds when the machine's two cores are busy.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
