// What the forex module offers the rest of the server: its service (built in app.ts), its routes,
// the market-data jobs and start-up seeding main.ts schedules, and the CSV import manage.ts runs.
export { IMPORT_FOREX_USAGE, importForexCommand } from './import-command';
export { forexJobs, forexSeeders } from './jobs';
export { registerForexRoutes } from './routes';
export { createForexService, type ForexDeps, type ForexService } from './service';
