// The diary's screens in one chunk, loaded when a diary route is first opened.
import { EntryDetailPage } from './components/entry-detail-page';

export { AnalysisPage } from './components/analysis-page';
export { CategoriesPage } from './components/categories-page';
export { CreateEntryPage } from './components/create-entry-page';
export { DiaryHome } from './components/diary-home';
export { DiaryLayout } from './components/diary-layout';
export { DiaryEntriesPage, EntriesPage } from './components/entries-page';
export { JarSetupPage } from './components/jar-setup-page';

export function EntryViewPage() {
  return <EntryDetailPage mode="view" />;
}

export function EntryEditPage() {
  return <EntryDetailPage mode="edit" />;
}
