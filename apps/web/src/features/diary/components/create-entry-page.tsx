// /diary/entries/new: a new entry in the user's diary. The draft survives the trip to category
// management (restored once, then removed) and reloads; it is cleared after a successful submit. A
// draft kept from an earlier form left unsaved is offered ('Khôi phục bản nháp' / 'Bỏ bản nháp'),
// never filled in without asking (entry-draft.ts, decision 0015).
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileText } from '@tabler/icons-react';
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
  discardEntryDraftsExcept,
  type EntryFormReturnState,
  openEntryForm,
  removeEntryDraft,
  saveEntryDraft,
} from '../entry-draft';
import { type EntryFormValues, entryPayload } from '../entry-form-values';
import { formatDate } from '../entry-format';
import { EntryForm } from './entry-form';

interface CreateEntryState extends EntryFormReturnState {
  diaryId?: number;
  initialData?: Partial<EntryFormValues>;
}

export const NEW_ENTRY_PATH = '/diary/entries/new';
export const DRAFT_OFFER_TITLE = 'Có một bản nháp chưa lưu';
export const RESTORE_DRAFT = 'Khôi phục bản nháp';
export const DISCARD_DRAFT = 'Bỏ bản nháp';

export function entryCreatedMessage(title: string): string {
  return `Entry "${title}" created.`;
}

/** One line saying what the kept draft holds, so the choice is an informed one. */
function draftSummary(values: EntryFormValues): string {
  const when = values.start_date ? `${formatDate(values.start_date)} ${values.start_time}`.trim() : '';
  return [values.title || '(chưa có tiêu đề)', when, values.place].filter(Boolean).join(' · ');
}

function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: EntryFormValues;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconFileText />}
      title={DRAFT_OFFER_TITLE}
      role="region"
      aria-label={DRAFT_OFFER_TITLE}
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {draftSummary(draft)}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onRestore}>
            {RESTORE_DRAFT}
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard}>
            {DISCARD_DRAFT}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function CreateEntryPage() {
  useDocumentTitle('New entry');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as CreateEntryState;
  const diary = useOwnDiary();
  const categories = useCategories();
  const create = useCreateEntry();

  // Read once; StrictMode may run this twice, so storage and history change in an effect, not here.
  const [opening] = useState(() => openEntryForm(state));
  const { formId } = opening;
  const [form, setForm] = useState({ values: opening.values, version: 0 });
  const [offer, setOffer] = useState(opening.offer);

  useEffect(() => {
    const applied = state.restoreDraft || state.initialData;
    if (!applied && state.entryFormId === formId) return;
    if (state.restoreDraft) removeEntryDraft();
    // What the form opened with becomes the autosave, so a reload keeps it rather than an older
    // autosave; the state is forgotten so a reload or Back/Forward does not apply it again, and the
    // history entry remembers which form it shows, so a reload finds this form's autosave.
    if (applied && !opening.offer) autosaveEntryForm(formId, opening.values);
    navigate('.', {
      replace: true,
      state: { ...state, restoreDraft: undefined, initialData: undefined, entryFormId: formId },
    });
  }, [state, navigate, formId, opening]);

  useEffect(() => {
    if (diary.isError) console.error('Failed to load the diary', diary.error);
  }, [diary.isError, diary.error]);

  const diaryId = state.diaryId ?? diary.data?.id;

  const restore = () => {
    if (!offer) return;
    removeEntryDraft();
    autosaveEntryForm(formId, offer);
    setForm((f) => ({ values: offer, version: f.version + 1 }));
    setOffer(null);
  };
  const discard = () => {
    discardEntryDraftsExcept(formId);
    setOffer(null);
  };

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
    notifications.show({ color: 'green', icon: <IconCheck />, message: entryCreatedMessage(values.title) });
    navigate('/diary/entries');
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        New entry
      </Title>
      {offer && <DraftOffer draft={offer} onRestore={restore} onDiscard={discard} />}
      {categories.isPending && !categories.data ? (
        <PageLoader />
      ) : (
        <EntryForm
          key={form.version}
          initialValues={form.values}
          categories={categories.data}
          submitLabel="Create entry"
          onSubmit={submit}
          onValuesChange={(values) => autosaveEntryForm(formId, values)}
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
