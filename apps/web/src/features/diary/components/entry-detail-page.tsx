// /entries/{id} (view) and /entries/{id}/edit: saving returns to the view, deleting (after a
// confirmation) goes to /diary, and an entry that fails to load redirects to /diary (spec section 4).
import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Category, Entry } from '@staff/contracts';
import { IconArrowLeft, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { EditConflict, mergeAfterConflict } from '../../../lib/edit-conflict';
import { useVersionedEdit } from '../../../lib/versioned-edit';
import { useDeleteEntry } from '../api/delete-entry';
import { useCategories } from '../api/get-categories';
import { entryQueryOptions, useEntry } from '../api/get-entry';
import { useUpdateEntry } from '../api/update-entry';
import { browserTimeZone } from '../date-range';
import { type EntryFormValues, entryPayload, entryValuesOf } from '../entry-form-values';
import { feelingLabel, formatDuration, formatEntrySpan } from '../entry-format';
import { ConfirmDialog } from './confirm-dialog';
import { OVERLAP_LABEL } from './entry-card';
import { EntryForm } from './entry-form';

export function entrySavedMessage(title: string): string {
  return `Entry "${title}" saved.`;
}
export function entryDeletedMessage(title: string): string {
  return `Entry "${title}" deleted.`;
}

/** The same confirmation User Management gives after a save or a delete. */
function confirmDone(message: string): void {
  notifications.show({ color: 'green', icon: <IconCheck />, message });
}

export const DELETE_ENTRY_CONFIRM = 'Are you sure you want to delete this entry?';
export const ENTRY_EDIT_CONFLICT =
  'This entry was changed somewhere else (another tab or device) while you were editing. Those changes are now in the form and yours are kept; review them and save again.';

const FIELD_LABELS: Record<keyof EntryFormValues, string> = {
  title: 'Title',
  feeling: 'Feeling',
  start_date: 'Start date',
  start_time: 'Start time',
  end_date: 'End date',
  end_time: 'End time',
  category: 'Categories',
  place: 'Place',
  note: 'Note',
  feedback: 'Feedback',
};

/** The form's next values after a 412, and a line for each field changed both here and there. */
function entryEditConflict(
  from: Entry,
  typed: EntryFormValues,
  newer: Entry,
  categories: Category[] | undefined,
): EditConflict<EntryFormValues> {
  const { values, conflicts } = mergeAfterConflict(entryValuesOf(from), typed, entryValuesOf(newer));
  const titleOf = (id: string) =>
    newer.category.find((c) => String(c.id) === id)?.title ??
    categories?.find((c) => String(c.id) === id)?.title ??
    id;
  const shown = (field: keyof EntryFormValues, value: EntryFormValues[keyof EntryFormValues]) => {
    if (field === 'category') return (value as string[]).map(titleOf).join(', ');
    if (field === 'feeling') return feelingLabel(value as Entry['feeling']);
    return String(value) || '(empty)';
  };
  const notes = conflicts.map(
    ({ field, theirs }) =>
      `${FIELD_LABELS[field]}: your value is kept; the saved one is ${shown(field, theirs)}.`,
  );
  return new EditConflict(ENTRY_EDIT_CONFLICT, values, notes);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function EntryView({ entry }: { entry: Entry }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Field label="Feeling">
          <Text>{feelingLabel(entry.feeling)}</Text>
        </Field>
        <Field label="When">
          <Text>{formatEntrySpan(entry)}</Text>
          <Group gap={6} mt={4}>
            <Badge variant="light" tt="none">
              {formatDuration(entry.duration_minutes)}
            </Badge>
            {entry.overlaps && (
              <Badge variant="light" color="orange" tt="none">
                {OVERLAP_LABEL}
              </Badge>
            )}
          </Group>
        </Field>
        <Field label="Categories">
          <Group gap={4}>
            {entry.category.map((c) => (
              <Badge key={c.id} variant="outline" color="gray" tt="none">
                {c.title}
              </Badge>
            ))}
          </Group>
        </Field>
        <Field label="Place">
          <Text>{entry.place}</Text>
        </Field>
        <Divider />
        <Field label="Note">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.note}</Text>
        </Field>
        <Field label="Feedback">
          <Text c={entry.feedback ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {entry.feedback || '—'}
          </Text>
        </Field>
      </Stack>
    </Paper>
  );
}

export function EntryDetailPage({ mode }: { mode: 'view' | 'edit' }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const entry = useEntry(id);
  const categories = useCategories();
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const { loaded, saveOver } = useVersionedEdit(entry.data);
  useDocumentTitle(entry.data ? entry.data.data.title : 'Entry');

  useEffect(() => {
    if (entry.isError) console.error('Failed to load the entry', entry.error);
  }, [entry.isError, entry.error]);

  if (!Number.isInteger(id) || id <= 0 || entry.isError) return <Navigate to="/diary" replace />;
  if (!entry.data || !loaded) return <PageLoader />;
  const data = mode === 'edit' ? loaded.data : entry.data.data;

  const save = async (values: EntryFormValues) => {
    const from = loaded;
    const body = entryPayload(values, from.data.time_zone || browserTimeZone());
    await saveOver(from, {
      write: (etag) => update.mutateAsync({ id, body, etag }),
      reread: () => queryClient.fetchQuery({ ...entryQueryOptions(id), staleTime: 0 }),
      conflict: (base, newer) => entryEditConflict(base, values, newer, categories.data),
    });
    confirmDone(entrySavedMessage(values.title));
    navigate(`/entries/${id}`);
  };

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          component={Link}
          to="/diary"
          px={0}
        >
          Back
        </Button>
        {mode === 'view' && (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPencil size={16} />}
              component={Link}
              to={`/entries/${id}/edit`}
            >
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {mode === 'edit' ? 'Edit entry' : data.title}
      </Title>
      {mode === 'view' ? (
        <EntryView entry={data} />
      ) : (
        <EntryForm
          key={data.id}
          initialValues={entryValuesOf(data)}
          categories={categories.data}
          submitLabel="Save"
          onSubmit={save}
          secondaryAction={
            <Button variant="default" component={Link} to={`/entries/${id}`}>
              Cancel
            </Button>
          }
        />
      )}
      {remove.isError && (
        <Text c="red" role="alert">
          Deleting failed. Please try again.
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Delete entry"
        message={DELETE_ENTRY_CONFIRM}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              confirmDone(entryDeletedMessage(data.title));
              navigate('/diary', { replace: true });
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}
