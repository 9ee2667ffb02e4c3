import { defineConfig } from 'tsup';

// One bundle per entry; the workspace contracts are TypeScript source, so they
// are bundled in, while real npm dependencies stay external. serve is what `npm start` runs (the
// cluster primary, which forks main); main is one server process; manage the command line.
export default defineConfig({
  entry: { main: 'src/main.ts', serve: 'src/serve.ts', manage: 'src/manage.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@staff\//],
});
