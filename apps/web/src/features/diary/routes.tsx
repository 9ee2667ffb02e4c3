// Daily time diary (spec section 2): one guarded wrapper (module 'diary') with the sub-layout; the
// analysis additionally needs 'diaryAnalysis' (admin, manager). The screens load on demand, in one chunk.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';

type Pages = typeof import('./pages');
const page = (pick: (pages: Pages) => ComponentType) => async () => ({
  Component: pick(await import('./pages')),
});

export const diaryRoutes: RouteObject[] = [
  {
    element: <RequireModule module="diary" />,
    children: [
      {
        lazy: page((p) => p.DiaryLayout),
        children: [
          { path: '/diary', lazy: page((p) => p.DiaryHome) },
          {
            element: <RequireModule module="diaryAnalysis" />,
            children: [{ path: '/diary/dashboard', lazy: page((p) => p.AnalysisPage) }],
          },
          { path: '/diary/entries', lazy: page((p) => p.EntriesPage) },
          // The week calendar: its page and FullCalendar's time grid, two chunks fetched side by side,
          // loaded only here (decision 0031).
          {
            path: '/diary/calendar',
            lazy: async () => {
              const [{ CalendarPage }] = await Promise.all([
                import('./calendar/calendar-page'),
                import('./calendar/week-grid'),
              ]);
              return { Component: CalendarPage };
            },
          },
          { path: '/diary/entries/new', lazy: page((p) => p.CreateEntryPage) },
          { path: '/entries/:id', lazy: page((p) => p.EntryViewPage) },
          { path: '/entries/:id/edit', lazy: page((p) => p.EntryEditPage) },
          { path: '/diaries/:id', lazy: page((p) => p.DiaryEntriesPage) },
          { path: '/diary/categories', lazy: page((p) => p.CategoriesPage) },
          { path: '/jar-setup', lazy: page((p) => p.JarSetupPage) },
        ],
      },
    ],
  },
];
