// /entries/{id} (view) and /entries/{id}/edit: saving returns to the view, deleting (after a
// confirmation) goes to /diary, and an entry that fails to load redirects to /diary (spec section 4).
import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Entry } from '@staff/contracts';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useDeleteEntry } from '../api/delete-entry';
import { useCategories } from '../api/get-categories';
import { useEntry } from '../api/get-entry';
import { useUpdateEntry } from '../api/update-entry';
import { browserTimeZone } from '../date-range';
import { type EntryFormValues, entryPayload, entryValuesOf } from '../entry-form-values';
import { feelingLabel, formatDuration, formatEntrySpan } from '../entry-format';
import { ConfirmDialog } from './confirm-dialog';
import { OVERLAP_LABEL } from './entry-card';
import { EntryForm } from './entry-form';

export const DELETE_ENTRY_CONFIRM = 'Are you sure you want to delete this entry?';

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
  useDocumentTitle(entry.data ? entry.data.title : 'Entry');

  useEffect(() => {
    if (entry.isError) console.error('Failed to load the entry', entry.error);
  }, [entry.isError, entry.error]);

  if (!Number.isInteger(id) || id <= 0 || entry.isError) return <Navigate to="/diary" replace />;
  if (!entry.data) return <PageLoader />;
  const data = entry.data;

  const save = async (values: EntryFormValues) => {
    await update.mutateAsync({ id, body: entryPayload(values, data.time_zone || browserTimeZone()) });
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
            onSuccess: () => navigate('/diary', { replace: true }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}
