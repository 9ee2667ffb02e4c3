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
    // The files share one module graph per worker: the imports and Mantine's setup run once per worker,
    // not once per file (the web tests ran in 228 s alone, now in 75 s). Each test still gets a fresh
    // DOM (cleanup), storage, spies and globals; a module mock would leak into later files, so the web
    // tests spy instead of mocking modules (docs/one-way.md, "Component tests"; src/test/no-module-mocks.test.ts).
    isolate: false,
  },
});
