// /diary/entries (and /diaries/{id}): entries of a diary filtered by date range, feeling and category;
// the default range applies on open and the list reloads 350 ms after the filters stop changing. The
// cards are grouped by day, each day headed by its date and total (entry-days.ts).
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { ENTRY_FILTER_DEBOUNCE_MS } from '@staff/contracts';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { NotFound } from '../../../components/not-found';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useIsSignedIn } from '../../../lib/current-user';
import type { EntryFilters } from '../api/diary-keys';
import { useCategories } from '../api/get-categories';
import { useDiaryEntries } from '../api/get-diary-entries';
import { useOwnDiary } from '../api/get-own-diary';
import { browserTimeZone, defaultEntryRange } from '../date-range';
import { type EntryDay, groupEntriesByDay } from '../entry-days';
import { formatDate, formatDuration } from '../entry-format';
import { EntryCard } from './entry-card';
import { FEELING_OPTIONS } from './entry-form';
import { ExportEntriesMenu } from './export-entries-menu';

export const NOT_SIGNED_IN = 'Please log in to view your diary entries.';
export const NO_ENTRIES = 'No entries found.';

function filtersFrom(params: URLSearchParams): EntryFilters {
  const range = defaultEntryRange();
  return {
    start_date: params.get('start_date') ?? range.start_date,
    end_date: params.get('end_date') ?? range.end_date,
    feeling: params.get('feeling'),
    category: params.get('category'),
  };
}

/** The day's total: time written down, so overlapping entries count in full (decision 0006). */
export function dayTotalLabel(day: Pick<EntryDay, 'minutes' | 'overlaps'>): string {
  return `Total ${formatDuration(day.minutes)}${day.overlaps ? ' (overlaps counted in full)' : ''}`;
}

function DaySection({ day }: { day: EntryDay }) {
  const headingId = `entries-day-${day.date}`;
  return (
    <section aria-labelledby={headingId} data-testid="entry-day">
      <Group mb="xs" justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          {formatDate(day.date)}
        </Title>
        <Text size="sm" c="dimmed" data-testid="entry-day-total">
          {dayTotalLabel(day)}
        </Text>
      </Group>
      <Stack gap="xs">
        {day.entries.map((entry) => (
          <EntryCard key={entry.id} entry={entry} />
        ))}
      </Stack>
    </section>
  );
}

function sameFilters(a: EntryFilters, b: EntryFilters): boolean {
  return (Object.keys(a) as (keyof EntryFilters)[]).every((key) => (a[key] || null) === (b[key] || null));
}

const DIARY_NOT_FOUND = 'This diary does not exist, or it is not yours to read.';

function EntriesView({
  diaryId,
  title,
  exportable = false,
}: {
  diaryId: number | undefined;
  title: string;
  /** 'Xuất' (the export is of the signed-in user's own entries): on their own list only. */
  exportable?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<EntryFilters>(() => filtersFrom(params));
  const [debounced] = useDebouncedValue(filters, ENTRY_FILTER_DEBOUNCE_MS);
  const categories = useCategories();
  const entries = useDiaryEntries(diaryId, debounced);

  // The applied filters live in the URL too, so a reload or a shared link shows the same list. Only
  // a change is written: on open the URL already means these filters (the defaults), and writing
  // them then is a navigation that can cancel a click on '+ Add New Entry' made just before it
  // (seen on a loaded machine: the link led back to the list).
  useEffect(() => {
    if (sameFilters(debounced, filtersFrom(params))) return;
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(debounced)) if (value) next.set(key, value);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [debounced, params, setParams]);

  useEffect(() => {
    if (entries.isError) console.error('Failed to load entries', entries.error);
  }, [entries.isError, entries.error]);

  const set = (patch: Partial<EntryFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const unauthorised = entries.error instanceof ApiError && entries.error.status === 401;
  const missing = entries.error instanceof ApiError && entries.error.status === 404;
  const list = entries.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="sm" align="flex-start">
          {/* The week calendar is of one's own diary, like the export: on one's own list only. */}
          {exportable ? (
            <Button variant="default" component={Link} to="/diary/calendar">
              Calendar
            </Button>
          ) : null}
          {exportable ? (
            <ExportEntriesMenu startDate={filters.start_date} endDate={filters.end_date} />
          ) : null}
          <Button component={Link} to="/diary/entries/new" state={diaryId ? { diaryId } : undefined}>
            + Add New Entry
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="lg" p="sm" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <DateRangeInputs
            from={filters.start_date}
            to={filters.end_date}
            onFromChange={(start_date) => set({ start_date })}
            onToChange={(end_date) => set({ end_date })}
          />
          <Select
            label="Feeling"
            placeholder="All feelings"
            data={FEELING_OPTIONS}
            value={filters.feeling}
            onChange={(feeling) => set({ feeling })}
            clearable
          />
          <Select
            label="Category"
            placeholder="All categories"
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
            value={filters.category}
            onChange={(category) => set({ category })}
            clearable
            searchable
            nothingFoundMessage="No categories"
          />
        </SimpleGrid>
      </Paper>

      {unauthorised ? (
        <Alert color="yellow" variant="light">
          {NOT_SIGNED_IN}
        </Alert>
      ) : missing ? (
        <Alert color="gray" variant="light">
          {DIARY_NOT_FOUND}
        </Alert>
      ) : entries.isPending ? (
        <PageLoader />
      ) : entries.isError && !entries.data ? (
        <LoadErrorAlert
          title="The entries could not be loaded."
          error={entries.error}
          onRetry={() => entries.refetch()}
          retrying={entries.isFetching}
        />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NO_ENTRIES}
        </Text>
      ) : (
        <Stack
          gap="lg"
          maw={760}
          aria-label="Entries"
          aria-busy={entries.isFetching}
          style={{ opacity: entries.isPlaceholderData ? 0.6 : 1 }}
        >
          {groupEntriesByDay(list, browserTimeZone()).map((day) => (
            <DaySection key={day.date} day={day} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function EntriesPage() {
  useDocumentTitle('Diary');
  const signedIn = useIsSignedIn();
  const diary = useOwnDiary();
  useEffect(() => {
    if (diary.isError) console.error('Failed to load the diary', diary.error);
  }, [diary.isError, diary.error]);
  if (!signedIn || (diary.error instanceof ApiError && diary.error.status === 401)) {
    return (
      <Alert color="yellow" variant="light">
        {NOT_SIGNED_IN}
      </Alert>
    );
  }
  if (diary.isPending) return <PageLoader />;
  if (diary.isError) {
    return (
      <LoadErrorAlert
        title="Your diary could not be loaded."
        error={diary.error}
        onRetry={() => diary.refetch()}
        retrying={diary.isFetching}
      />
    );
  }
  return <EntriesView diaryId={diary.data?.id} title="Diary" exportable />;
}

/** /diaries/{id}: that diary's entries. */
export function DiaryEntriesPage() {
  const id = Number(useParams().id);
  useDocumentTitle('Diary');
  const signedIn = useIsSignedIn();
  if (!signedIn) {
    return (
      <Alert color="yellow" variant="light">
        {NOT_SIGNED_IN}
      </Alert>
    );
  }
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <EntriesView diaryId={id} title={`Diary #${id}`} />;
}
