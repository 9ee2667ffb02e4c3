// The CashFlow area's screens in one chunk, loaded when a /cashflow route is first opened.
export { CashflowHome } from './components/cashflow-home';
export { CashflowLayout } from './components/cashflow-layout';
export { SessionPage } from './components/session-page';
export { SetupPage } from './components/setup-page';
export { HallPage } from './hall/hall-page';
