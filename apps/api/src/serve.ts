// What `npm start` runs (scripts/start.mjs imports the built serve.js): the server on every core.
// WEB_CONCURRENCY workers (one per core unless set) behind a node:cluster primary (cluster.ts); with
// WEB_CONCURRENCY=1, main.ts itself in this process, as a single process always ran. The configuration
// is read here first, so a mistake is told once, and the generated JWT secret file exists before any
// worker reads it.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCluster } from './cluster';
import { ConfigError, loadConfig } from './config';

// main.js beside serve.js in the build; main.ts beside serve.ts under tsx.
const here = fileURLToPath(import.meta.url);
const workerScript = path.join(path.dirname(here), `main${path.extname(here)}`);

// As main.ts: whatever the server creates (the secret file, DATA_DIR) is its user's alone.
process.umask(0o077);
try {
  const config = loadConfig();
  if (config.webConcurrency === 1) {
    await import(pathToFileURL(workerScript).href);
  } else {
    // The metrics address is the primary's: one scrape sums every worker's (docs/metrics.md).
    if (config.metricsPort !== undefined) {
      const { serveClusterMetrics } = await import('./metrics/metrics-server');
      await serveClusterMetrics({ host: config.metricsHost, port: config.metricsPort });
    }
    runCluster({
      workers: config.webConcurrency,
      workerScript,
      logLevel: config.logLevel,
      port: config.port,
      host: config.host,
    });
  }
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
