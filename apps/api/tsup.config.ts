import { defineConfig } from 'tsup';

// One bundle per entry; the workspace contracts are TypeScript source, so they
// are bundled in, while real npm dependencies stay external.
export default defineConfig({
  entry: { main: 'src/main.ts', manage: 'src/manage.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@staff\//],
});
