// Daily time diary (spec section 2): one guarded wrapper (module 'diary') with the sub-layout; the
// analysis additionally needs 'diaryAnalysis' (admin, manager).
import type { RouteObject } from 'react-router';
import { RequireModule } from '../../components/require-module';
import { AnalysisPage } from './components/analysis-page';
import { CategoriesPage } from './components/categories-page';
import { CreateEntryPage } from './components/create-entry-page';
import { DiaryHome } from './components/diary-home';
import { DiaryLayout } from './components/diary-layout';
import { DiaryEntriesPage, EntriesPage } from './components/entries-page';
import { EntryDetailPage } from './components/entry-detail-page';
import { JarSetupPage } from './components/jar-setup-page';

export const diaryRoutes: RouteObject[] = [
  {
    element: (
      <RequireModule module="diary">
        <DiaryLayout />
      </RequireModule>
    ),
    children: [
      { path: '/diary', element: <DiaryHome /> },
      {
        path: '/diary/dashboard',
        element: (
          <RequireModule module="diaryAnalysis">
            <AnalysisPage />
          </RequireModule>
        ),
      },
      { path: '/diary/entries', element: <EntriesPage /> },
      { path: '/diary/entries/new', element: <CreateEntryPage /> },
      { path: '/entries/:id', element: <EntryDetailPage mode="view" /> },
      { path: '/entries/:id/edit', element: <EntryDetailPage mode="edit" /> },
      { path: '/diaries/:id', element: <DiaryEntriesPage /> },
      { path: '/diary/categories', element: <CategoriesPage /> },
      { path: '/jar-setup', element: <JarSetupPage /> },
    ],
  },
];
