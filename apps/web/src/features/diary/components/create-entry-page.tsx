// /diary/entries/new: a new entry in the user's diary. The draft survives the trip to category
// management (restored once, then removed) and reloads; it is cleared after a successful submit.
import { Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCreateEntry } from '../api/create-entry';
import { useCategories } from '../api/get-categories';
import { useOwnDiary } from '../api/get-own-diary';
import { browserTimeZone } from '../date-range';
import {
  autosaveEntryForm,
  type CategoryTripState,
  clearEntryDrafts,
  type EntryFormReturnState,
  initialEntryValues,
  removeEntryDraft,
  saveEntryDraft,
} from '../entry-draft';
import { type EntryFormValues, entryPayload } from '../entry-form-values';
import { EntryForm } from './entry-form';

interface CreateEntryState extends EntryFormReturnState {
  diaryId?: number;
  initialData?: Partial<EntryFormValues>;
}

export const NEW_ENTRY_PATH = '/diary/entries/new';

export function CreateEntryPage() {
  useDocumentTitle('New entry');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as CreateEntryState;
  const diary = useOwnDiary();
  const categories = useCategories();
  const create = useCreateEntry();

  // Read once; StrictMode may run this twice, so storage and history change in an effect, not here.
  const [initialValues] = useState<EntryFormValues>(() => initialEntryValues(state));
  useEffect(() => {
    if (!state.restoreDraft && !state.initialData) return;
    if (state.restoreDraft) removeEntryDraft();
    // What the form opened with becomes the autosave, so a reload keeps it rather than an older
    // autosave; and the state is forgotten so a reload or Back/Forward does not apply it again.
    autosaveEntryForm(initialValues);
    navigate('.', { replace: true, state: { ...state, restoreDraft: undefined, initialData: undefined } });
  }, [state, navigate, initialValues]);

  useEffect(() => {
    if (diary.isError) console.error('Failed to load the diary', diary.error);
  }, [diary.isError, diary.error]);

  const diaryId = state.diaryId ?? diary.data?.id;

  const manageCategories = (values: EntryFormValues) => {
    saveEntryDraft(values);
    const trip: CategoryTripState = { returnTo: NEW_ENTRY_PATH, fromEntryForm: true };
    navigate('/diary/categories', { state: trip });
  };

  const submit = async (values: EntryFormValues) => {
    const id = diaryId ?? (await diary.refetch()).data?.id;
    if (id === undefined) throw new Error('No diary');
    await create.mutateAsync({ diaryId: id, body: entryPayload(values, browserTimeZone()) });
    clearEntryDrafts();
    navigate('/diary/entries');
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        New entry
      </Title>
      {categories.isPending && !categories.data ? (
        <PageLoader />
      ) : (
        <EntryForm
          initialValues={initialValues}
          categories={categories.data}
          submitLabel="Create entry"
          onSubmit={submit}
          onValuesChange={autosaveEntryForm}
          onManageCategories={manageCategories}
          secondaryAction={
            <Button variant="default" component={Link} to="/diary/entries" onClick={() => clearEntryDrafts()}>
              Cancel
            </Button>
          }
        />
      )}
    </Stack>
  );
}
