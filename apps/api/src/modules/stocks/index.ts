// The stocks module's public surface: what app.ts (the service and its routes) and main.ts (the
// market-data jobs, seeders and the demo seed) use. Other server code imports nothing else from
// the module; only its own tests and the bench's data loaders reach inside.

export { stocksJobs, stocksSeeders } from './jobs';
export type { FindSignIn } from './live-stream/service';
export { type DemoSeedResult, seedStocksDemo } from './providers/demo';
export { registerStocksRoutes, type StocksRouteDeps } from './routes';
export { createStocksService, type StocksDeps, type StocksService } from './service';
