// Runs the benchmarks: every bench/*-bench.mjs, or those named on the command
// line (`npm run bench -- users`, `npm run bench -- load`), one after another so
// they do not compete for the CPU. Each loads the TypeScript server through tsx
// and prints its table. The load benchmark runs last: it reports the feature
// benches' budgets from the results they have just written.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onSupportedNode } from '../scripts/node-release.mjs';

// Node 22.14+ or 24 (README); on an older Node this runs itself again on Node 22 from the registry.
await onSupportedNode();

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(here)
  .filter((f) => f.endsWith('-bench.mjs'))
  .sort((a, b) => (a === 'load-bench.mjs') - (b === 'load-bench.mjs') || a.localeCompare(b));
const chosen = wanted.length === 0 ? all : all.filter((f) => wanted.some((w) => f.startsWith(`${w}-`)));
if (chosen.length === 0) {
  console.error(`bench: nothing matches ${wanted.join(', ')}; choose from ${all.join(', ')}`);
  process.exit(2);
}
for (const file of chosen) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
