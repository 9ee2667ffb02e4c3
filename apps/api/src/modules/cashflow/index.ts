// The CashFlow module's public surface: app.ts builds the service and registers the routes.
export { registerCashflowRoutes } from './routes';
export { type CashflowService, createCashflowService } from './service';
export { createTableBell, type TableBell } from './tables/bell';
export { startClusterRelay } from './tables/cluster-relay';
export { startPostgresRelay } from './tables/postgres-relay';
export { registerTablesRoutes } from './tables/routes';
export { createTablesService, type TablesService } from './tables/service';
