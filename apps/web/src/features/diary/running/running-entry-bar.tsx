// The running entry in the header of every diary screen (issue 24): when none runs, a title, optional
// categories and 'Bắt đầu'; when one runs, its title, categories and elapsed time ticking, 'Dừng'
// (the entry form in a dialog with the end prefilled as now, asking for what the entry still needs)
// and Discard. Past 24 hours it asks to be ended. Its state is the server's (api.ts), so it is the same
// after a reload, in another tab and on another device.
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ENTRY_MESSAGES, type Entry, RUNNING_OVERDUE_HOURS, type RunningEntry } from '@staff/contracts';
import { IconAlertTriangle, IconCheck, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { failureText, fieldErrorsOf } from '../../../lib/api-client';
import { useCategories } from '../api/get-categories';
import { useDiaryEntries } from '../api/get-diary-entries';
import { useOwnDiary } from '../api/get-own-diary';
import { ConfirmDialog } from '../components/confirm-dialog';
import { entryCreatedMessage } from '../components/create-entry-page';
import { EntryForm } from '../components/entry-form';
import { browserTimeZone, defaultEntryRange } from '../date-range';
import {
  EMPTY_ENTRY_VALUES,
  type EntryFormValues,
  entryPayload,
  lastUsedPlaceAndFeeling,
} from '../entry-form-values';
import { useDiscardRunning, useRunningEntry, useStartRunning, useStopRunning } from './api';
import { elapsedSecondsNow, formatElapsed, localDateTimeIn, offeredEnd } from './running-time';

export const START_LABEL = 'Bắt đầu';
export const STOP_LABEL = 'Dừng';
export const RUNNING_TITLE_LABEL = 'What are you doing?';
export const OVERDUE_MESSAGE = `This entry has been running for more than ${RUNNING_OVERDUE_HOURS} hours. Stop it and say when it ended.`;

export function RunningEntryBar() {
  const running = useRunningEntry();
  // A failed read leaves the header empty: the screen below shows its own loading and errors.
  if (running.data === undefined) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="md" component="section" aria-label="Running entry">
      {running.data ? (
        <RunningNow running={running.data} answeredAtMs={running.dataUpdatedAt} />
      ) : (
        <StartRunning />
      )}
    </Paper>
  );
}

function StartRunning() {
  const categories = useCategories();
  const start = useStartRunning();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<string[]>([]);
  const [titleError, setTitleError] = useState<string | null>(null);
  const fields = fieldErrorsOf(start.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError(ENTRY_MESSAGES.title);
      return;
    }
    setTitleError(null);
    start.mutate(
      { title: title.trim(), category: category.map(Number), time_zone: browserTimeZone() },
      {
        onSuccess: () => {
          setTitle('');
          setCategory([]);
        },
      },
    );
  };
  const otherFailure = start.isError && !fields.title && !fields.category ? failureText(start.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Start a running entry">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          aria-label={RUNNING_TITLE_LABEL}
          placeholder={RUNNING_TITLE_LABEL}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={titleError ?? fields.title}
          maxLength={200}
          style={{ flex: '1 1 14rem' }}
        />
        <MultiSelect
          aria-label="Categories (optional)"
          placeholder={category.length ? undefined : 'Categories (optional)'}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
          value={category}
          onChange={setCategory}
          searchable
          clearable
          nothingFoundMessage="No categories"
          error={fields.category}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={start.isPending}>
          {START_LABEL}
        </Button>
      </Group>
      {otherFailure && (
        <Text c="red" size="sm" mt={4} role="alert">
          {otherFailure}
        </Text>
      )}
    </form>
  );
}

function RunningNow({ running, answeredAtMs }: { running: RunningEntry; answeredAtMs: number }) {
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [stopping, setStopping] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const discard = useDiscardRunning();
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = elapsedSecondsNow(running.elapsed_seconds, answeredAtMs, Math.max(nowMs, answeredAtMs));
  const overdue = running.overdue || elapsed > RUNNING_OVERDUE_HOURS * 3600;
  return (
    <>
      {overdue && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} mb="xs" role="alert">
          {OVERDUE_MESSAGE}
        </Alert>
      )}
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Badge color="red" variant="dot" tt="none">
            Running
          </Badge>
          <Text fw={600} truncate data-testid="running-title">
            {running.title}
          </Text>
          {running.category.map((c) => (
            <Badge key={c.id} variant="light" tt="none">
              {c.title}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <VisuallyHidden>Elapsed time</VisuallyHidden>
          <Text
            component="time"
            ff="monospace"
            fw={600}
            dateTime={`PT${elapsed}S`}
            data-testid="running-elapsed"
          >
            {formatElapsed(elapsed)}
          </Text>
          <Button color="red" leftSection={<IconPlayerStop size={16} />} onClick={() => setStopping(true)}>
            {STOP_LABEL}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setDiscarding(true)}>
            Discard
          </Button>
        </Group>
      </Group>
      {stopping && <StopRunningDialog running={running} onClose={() => setStopping(false)} />}
      <ConfirmDialog
        opened={discarding}
        title="Discard the running entry?"
        message={`"${running.title}" will not be saved as an entry.`}
        confirmLabel="Discard"
        loading={discard.isPending}
        onConfirm={() => discard.mutate(undefined, { onSettled: () => setDiscarding(false) })}
        onCancel={() => setDiscarding(false)}
      />
    </>
  );
}

/**
 * The entry form for what the running entry lacks: the end is now in the entry's time zone, and the
 * place and feeling are those of the latest entry (the entries list's default window, which that
 * screen has most likely loaded already), as on the week calendar.
 */
function StopRunningDialog({ running, onClose }: { running: RunningEntry; onClose: () => void }) {
  const diary = useOwnDiary();
  const [window] = useState(() => ({ ...defaultEntryRange(), feeling: null, category: null }));
  const recent = useDiaryEntries(diary.data?.id, window);
  // A failed read only costs the prefill: the form opens with the place empty.
  const settled = recent.isSuccess || recent.isError || diary.isError;
  return (
    <Modal opened onClose={onClose} title="Stop the running entry" size="lg" centered>
      {settled ? (
        <StopRunningForm running={running} recent={recent.data ?? []} onClose={onClose} />
      ) : (
        <PageLoader />
      )}
    </Modal>
  );
}

function StopRunningForm({
  running,
  recent,
  onClose,
}: {
  running: RunningEntry;
  recent: readonly Entry[];
  onClose: () => void;
}) {
  const categories = useCategories();
  const stop = useStopRunning();
  const [initialValues] = useState<EntryFormValues>(() => {
    const start = { date: running.start_date, time: running.start_time };
    const end = offeredEnd(start, localDateTimeIn(running.time_zone, new Date()));
    return {
      ...EMPTY_ENTRY_VALUES,
      ...lastUsedPlaceAndFeeling(recent),
      title: running.title,
      start_date: start.date,
      start_time: start.time,
      end_date: end.date,
      end_time: end.time,
      category: running.category.map((c) => String(c.id)),
    };
  });
  const save = async (values: EntryFormValues) => {
    const entry = await stop.mutateAsync(entryPayload(values, running.time_zone));
    notifications.show({ color: 'green', icon: <IconCheck />, message: entryCreatedMessage(entry.title) });
    onClose();
  };
  return (
    <EntryForm
      initialValues={initialValues}
      categories={categories.data}
      submitLabel="Save entry"
      onSubmit={save}
    />
  );
}
