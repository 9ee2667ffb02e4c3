// Reads the configuration, migrates the database, creates the first admin and
// listens. The only module with side effects on import.
import { buildApp } from './app';
import { ConfigError, loadConfig, restrictDataDir } from './config';
import { CHECKPOINT_INTERVAL_MS } from './db/checkpointer';
import { createDb, migrateToLatest, optimizeSqlite } from './db/index';
import { ApiError } from './http/errors';
import { startMarketDataScheduler } from './market-data/scheduler';
import type { AppMetrics } from './metrics/app-metrics';
import { forexJobs, forexSeeders } from './modules/forex/index';
import { stocksJobs, stocksSeeders } from './modules/stocks/index';

/** How often idle CashFlow tables are closed: a table is closed at most this long after its idle hours. */
const TABLE_SWEEP_MS = 10 * 60_000;

async function main(): Promise<void> {
  // Whatever the server creates (the database's journal files, uploads, secrets) is its user's alone.
  process.umask(0o077);
  const config = loadConfig();
  // Metrics only when asked for (docs/metrics.md): otherwise prom-client is not even loaded.
  let metrics: AppMetrics | undefined;
  if (config.metricsPort !== undefined) {
    const { startProcessMetrics } = await import('./metrics/process-metrics');
    metrics = await startProcessMetrics({ host: config.metricsHost, port: config.metricsPort });
  }
  const db = createDb({ ...config, metrics: metrics?.db, checkpointEveryMs: CHECKPOINT_INTERVAL_MS });
  await migrateToLatest(db);
  restrictDataDir(config.dataDir);
  const app = await buildApp({ config, db, metrics });

  const admin = await app.accounts
    .ensureInitialAdmin(config.adminEmail, config.adminPassword)
    .catch((err: unknown) => {
      // A refused ADMIN_EMAIL or ADMIN_PASSWORD is a configuration mistake, said as one.
      if (!(err instanceof ApiError)) throw err;
      const [[field, messages] = ['', []]] = Object.entries(err.body) as [string, unknown][];
      const variable = field === 'email' ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
      throw new ConfigError(`Invalid configuration:\n  ${variable}: ${[messages].flat().join(' ')}`);
    });
  if (admin?.passwordFile) {
    // The password itself never reaches the log, where collectors would keep it.
    app.log.warn(
      { email: admin.email, passwordFile: admin.passwordFile },
      'created the first administrator; the generated password is in passwordFile (readable by this user only) and must be changed at the first sign-in',
    );
    process.stdout.write(
      `\n  Created the first administrator: ${admin.email}\n  Their password is in ${admin.passwordFile}\n` +
        '  Sign in with it; you will be asked to choose a new one (the file is then deleted).\n\n',
    );
  } else if (admin) {
    app.log.info({ email: admin.email }, 'created the first administrator from ADMIN_EMAIL');
  }

  // Avatar files an older version kept on this machine's disk go into the media store (decision 0028).
  const avatars = await app.accounts.moveAvatarFiles();
  if (avatars.moved + avatars.missing + avatars.unreferenced > 0) {
    app.log.info(avatars, 'moved the avatar files of $DATA_DIR/media into the media store');
  }

  // Market data: each module adds its seeders and jobs to these two lists.
  const seeders = [...forexSeeders(config), ...stocksSeeders(config)];
  for (const seed of seeders) {
    await seed({ db, now: new Date(), log: app.log }).catch((err) =>
      app.log.error({ err }, 'market-data seeding failed'),
    );
  }
  const jobs = [...forexJobs(config), ...stocksJobs(config)];
  const stopMarketData = startMarketDataScheduler({ db, jobs, log: app.log, metrics });

  const sweep = setInterval(() => {
    app.accounts.sweepExpiredTokens().catch((err) => app.log.error({ err }, 'token sweep failed'));
    // SQLite's statistics, as its documentation advises for a long-lived connection (db/index.ts).
    optimizeSqlite(db).catch((err) => app.log.error({ err }, 'PRAGMA optimize failed'));
  }, 3600_000);
  sweep.unref();
  // CashFlow tables idle for TABLE_IDLE_CLOSE_HOURS are closed, and their devices told (decision 0033);
  // every process may run it (one UPDATE: a second one closes nothing). Reads treat them as closed at once.
  const tableSweep = setInterval(() => {
    app.cashflowTables.closeStale().catch((err) => app.log.error({ err }, 'idle table sweep failed'));
  }, TABLE_SWEEP_MS);
  tableSweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    clearInterval(tableSweep);
    await stopMarketData();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
