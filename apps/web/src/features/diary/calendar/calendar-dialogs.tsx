// The calendar's dialog, in one of two states: an entry's own view (a click or Enter on a block) with
// 'Open', 'Duplicate' and 'Continue now'; or the entry form (the spec's, unchanged) for a new entry
// prefilled from a dragged selection, a duplicate or a continuation. One modal whose content changes,
// not two: 'Duplicate' used to close one modal and open another in the same render, and while the
// first faded out above the second a click meant for the form's 'Cancel' could be lost.
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Category, type Entry, FEELING_EMOJI } from '@staff/contracts';
import { IconCheck, IconCopy, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
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

/** What the dialog shows: an entry, or the form for a new one with these values; null when closed. */
export type CalendarDialogState =
  | { kind: 'entry'; entry: Entry }
  | { kind: 'create'; values: EntryFormValues }
  | null;

export function CalendarDialog({
  state,
  categories,
  onClose,
  onCopy,
}: {
  state: CalendarDialogState;
  categories: Category[] | undefined;
  onClose: () => void;
  onCopy: (entry: Entry, from: 'after' | 'now') => void;
}) {
  const title = state?.kind === 'entry' ? state.entry.title : NEW_ENTRY_DIALOG;
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={title}
      size={state?.kind === 'create' ? 'lg' : 'md'}
    >
      {state?.kind === 'create' && (
        <CreateEntry initialValues={state.values} categories={categories} onClose={onClose} />
      )}
      {state?.kind === 'entry' && <EntryView entry={state.entry} categories={categories} onCopy={onCopy} />}
    </Modal>
  );
}

function CreateEntry({
  initialValues,
  categories,
  onClose,
}: {
  initialValues: EntryFormValues;
  categories: Category[] | undefined;
  onClose: () => void;
}) {
  const diary = useOwnDiary();
  const create = useCreateEntry();
  // Opened from an entry's view ('Duplicate', 'Continue now') the modal is already open and its focus
  // trap placed focus on the button that has just gone: put it in the form's first field.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current?.contains(document.activeElement)) box.current?.querySelector('input')?.focus();
  }, []);
  const submit = async (values: EntryFormValues) => {
    const diaryId = diary.data?.id ?? (await diary.refetch()).data?.id;
    if (diaryId === undefined) throw new Error('No diary');
    await create.mutateAsync({ diaryId, body: entryPayload(values, browserTimeZone()) });
    notifications.show({
      color: 'green',
      icon: <IconCheck />,
      message: entryCreatedMessage(values.title),
    });
    onClose();
  };
  return (
    <div ref={box}>
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
    </div>
  );
}

function EntryView({
  entry,
  categories,
  onCopy,
}: {
  entry: Entry;
  categories: Category[] | undefined;
  onCopy: (entry: Entry, from: 'after' | 'now') => void;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        {formatEntrySpan(entry)} · {formatDuration(entry.duration_minutes)} · {FEELING_EMOJI[entry.feeling]}{' '}
        {entry.feeling}
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
        <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => onCopy(entry, 'after')}>
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
  );
}
