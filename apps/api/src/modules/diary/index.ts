// What the diary module offers the rest of the server: its service (built in app.ts), its routes,
// and the week-totals rebuild for tools that load entries in bulk.
export { registerDiaryRoutes } from './routes';
export { createRunningEntryService, type RunningEntryService } from './running/service';
export { createDiaryService, type DiaryDeps, type DiaryService, type DiaryViewer } from './service';
export { rebuildAllWeekTotals } from './week-totals';
