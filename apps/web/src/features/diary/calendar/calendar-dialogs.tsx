// The calendar's two dialogs: the entry form (the spec's, unchanged) for a new entry prefilled from a
// dragged selection, a duplicate or a continuation; and an entry's own dialog (a click or Enter on a
// block) with 'Open', 'Duplicate' and 'Continue now'.
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Category, type Entry, FEELING_EMOJI } from '@staff/contracts';
import { IconCheck, IconCopy, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCreateEntry } from '../api/create-entry';
import { useOwnDiary } from '../api/get-own-diary';
import { entryCreatedMessage } from '../components/create-entry-page';
import { OVERLAP_LABEL } from '../components/entry-card';
import { EntryForm } from '../components/entry-form';
import { jarName } from '../components/jar-options';
import { browserTimeZone } from '../date-range';
import { type EntryFormValues, entryPayload } from '../entry-form-values';
import { formatDuration, formatEntrySpan } from '../entry-format';
import { entryJars, jarAccent } from './calendar-entries';
import classes from './calendar-page.module.css';

export const NEW_ENTRY_DIALOG = 'New entry';
export const DUPLICATE_LABEL = 'Duplicate';
export const CONTINUE_NOW_LABEL = 'Continue now';

export function CreateEntryDialog({
  initialValues,
  categories,
  onClose,
}: {
  /** The form's values; the dialog is open while there are some. */
  initialValues: EntryFormValues | null;
  categories: Category[] | undefined;
  onClose: () => void;
}) {
  const diary = useOwnDiary();
  const create = useCreateEntry();
  const submit = async (values: EntryFormValues) => {
    const diaryId = diary.data?.id ?? (await diary.refetch()).data?.id;
    if (diaryId === undefined) throw new Error('No diary');
    await create.mutateAsync({ diaryId, body: entryPayload(values, browserTimeZone()) });
    notifications.show({
      color: 'green',
      icon: <IconCheck />,
      message: entryCreatedMessage(values.title),
      closeButtonProps: { 'aria-label': 'Close' },
    });
    onClose();
  };
  return (
    <Modal opened={initialValues !== null} onClose={onClose} title={NEW_ENTRY_DIALOG} size="lg">
      {initialValues && (
        <EntryForm
          initialValues={initialValues}
          categories={categories}
          submitLabel="Create entry"
          onSubmit={submit}
          secondaryAction={
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      )}
    </Modal>
  );
}

export function EntryDialog({
  entry,
  categories,
  onClose,
  onCopy,
}: {
  entry: Entry | null;
  categories: Category[] | undefined;
  onClose: () => void;
  onCopy: (entry: Entry, from: 'after' | 'now') => void;
}) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.title ?? ''}>
      {entry && (
        <Stack gap="sm">
          <Text size="sm">
            {formatEntrySpan(entry)} · {formatDuration(entry.duration_minutes)} ·{' '}
            {FEELING_EMOJI[entry.feeling]} {entry.feeling}
          </Text>
          {entry.place && <Text size="sm">{entry.place}</Text>}
          <Group gap={6}>
            {entryJars(entry, categories).map((jar) => (
              <Badge
                key={jar}
                variant="outline"
                tt="none"
                color="dark"
                leftSection={
                  <span className={classes.swatch} style={{ background: jarAccent(jar) }} aria-hidden />
                }
              >
                {jarName(jar)}
              </Badge>
            ))}
            {entry.overlaps && (
              <Badge variant="light" color="orange" tt="none">
                {OVERLAP_LABEL}
              </Badge>
            )}
          </Group>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={() => onCopy(entry, 'after')}
            >
              {DUPLICATE_LABEL}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => onCopy(entry, 'now')}
            >
              {CONTINUE_NOW_LABEL}
            </Button>
            <Button component={Link} to={`/entries/${entry.id}`}>
              Open
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
