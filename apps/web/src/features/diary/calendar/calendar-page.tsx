// /diary/calendar (issue 24): the week as days by hours on FullCalendar's time grid (MIT; decision
// 0031), loaded only on this route. Entries are drawn where their instants fall in the browser's zone,
// as the entries list groups them (decision 0007), coloured by their jars; overlapping ones side by
// side with their mark. The date is in the address bar (?date=); a phone shows one day, with buttons
// and a swipe. A drag on empty time opens the entry form prefilled; a drag or a resize of a block, or
// the arrow keys on a focused block, is one PATCH with If-Match (use-move-entry.ts).
import { ActionIcon, Alert, Box, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import type { Entry, JarKey } from '@staff/contracts';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconList } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { useCategories } from '../api/get-categories';
import { useDiaryEntries } from '../api/get-diary-entries';
import { useOwnDiary } from '../api/get-own-diary';
import { OVERLAP_LABEL } from '../components/entry-card';
import { jarName } from '../components/jar-options';
import { browserTimeZone } from '../date-range';
import { EMPTY_ENTRY_VALUES, type EntryFormValues, lastUsedPlaceAndFeeling } from '../entry-form-values';
import { formatDate, formatDuration } from '../entry-format';
import { CalendarDialog, type CalendarDialogState } from './calendar-dialogs';
import { entryJars, entrySpan, jarAccent, jarBackground, jarTint, minutesPerDay } from './calendar-entries';
import classes from './calendar-page.module.css';
import {
  type CalendarMode,
  copiedSpan,
  dateFromParam,
  KEY_STEP_MINUTES,
  localDateTimeAt,
  nudgeSpan,
  type Span,
  selectionTimes,
  shiftDays,
  shownRange,
  stepDate,
  suggestedSpan,
  todayIn,
} from './calendar-time';
import { useMoveEntry } from './use-move-entry';
import type { GridBlock } from './week-grid';

// FullCalendar's own chunk; routes.tsx starts fetching it with this page's (decision 0031).
const WeekGrid = lazy(() => import('./week-grid'));

export const CALENDAR_TITLE = 'Calendar';
export const KEYS_HINT =
  'Arrow up or down moves a focused entry by 15 minutes, left or right by a day; Shift with arrow up or down changes its end; Enter opens it.';
const KEYS_HINT_ID = 'calendar-keys-hint';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SWIPE_PX = 60;

interface BlockProps {
  entry: Entry;
  jars: JarKey[];
}

/** What a screen reader says of a block: its title, times, jars and overlap. */
function blockLabel({ entry, jars }: BlockProps, zone: string): string {
  const start = localDateTimeAt(Date.parse(entry.start_at), zone);
  const end = localDateTimeAt(Date.parse(entry.end_at), zone);
  const endText = end.date === start.date ? end.time : `${formatDate(end.date)} ${end.time}`;
  const parts = [
    entry.title,
    `${formatDate(start.date)} ${start.time} – ${endText}`,
    jars.map(jarName).join(', '),
  ];
  if (entry.overlaps) parts.push(OVERLAP_LABEL);
  return parts.join(', ');
}

/**
 * A block's face, and its accessible name (the hidden sentence; the drawn parts are hidden from
 * screen readers): drawn again whenever its entry changes, where FullCalendar keeps the element.
 */
function Block({ block, timeText, zone }: { block: BlockProps | undefined; timeText: string; zone: string }) {
  // A selection being dragged is drawn as an event without an entry: its times only.
  if (!block) {
    return (
      <div className={classes.block} style={{ background: 'var(--mantine-color-blue-1)' }}>
        <div className={classes.blockTime}>{timeText}</div>
      </div>
    );
  }
  const { entry, jars } = block;
  return (
    <div className={classes.block} style={{ background: jarBackground(jars) }}>
      <VisuallyHidden>{blockLabel({ entry, jars }, zone)}</VisuallyHidden>
      <div className={classes.blockTime} aria-hidden>
        {timeText}
      </div>
      <div className={classes.blockTitle} aria-hidden>
        {entry.title}
      </div>
      <div className={classes.blockJars} aria-hidden>
        {jars.map((jar) => (
          <span key={jar}>
            <span className={classes.swatch} style={{ background: jarAccent(jar) }} aria-hidden />
            {jarName(jar)}
          </span>
        ))}
      </div>
      {entry.overlaps && (
        <div className={classes.overlap} title={OVERLAP_LABEL} data-testid="calendar-overlap" aria-hidden>
          <IconAlertTriangle size={12} aria-hidden /> Overlap
        </div>
      )}
    </div>
  );
}

export function CalendarPage() {
  useDocumentTitle(CALENDAR_TITLE);
  const zone = browserTimeZone();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const mode: CalendarMode = phone ? 'day' : 'week';
  const [params, setParams] = useSearchParams();
  const date = dateFromParam(params.get('date'), todayIn(zone));
  const range = shownRange(date, mode);
  const diary = useOwnDiary();
  const categories = useCategories();
  const entries = useDiaryEntries(diary.data?.id, { ...range, feeling: null, category: null });
  const move = useMoveEntry();
  const [dialog, setDialog] = useState<CalendarDialogState>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<number | null>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);

  const list = entries.data ?? [];
  const byId = useMemo(() => new Map(list.map((e) => [e.id, e] as const)), [list]);
  const latest = useRef(byId);
  latest.current = byId;

  const blocks = useMemo<GridBlock<BlockProps>[]>(
    () =>
      list.map((entry) => {
        const jars = entryJars(entry, categories.data);
        const first = jars[0] ?? 'unclassified';
        return {
          id: String(entry.id),
          start: entry.start_at,
          end: entry.end_at,
          backgroundColor: jarTint(first),
          borderColor: jarAccent(first),
          textColor: 'var(--mantine-color-dark-9)',
          props: { entry, jars },
        };
      }),
    [list, categories.data],
  );
  const totals = useMemo(() => minutesPerDay(list, range, zone), [list, range, zone]);

  const goTo = (next: string) => {
    const query = new URLSearchParams(params);
    query.set('date', next);
    setParams(query);
  };

  const moveTo = useCallback(
    (entry: Entry, span: Span) => {
      setNotice(null);
      void move(entry, span).then((outcome) => {
        if (!outcome.ok) {
          setNotice(outcome.message ?? null);
          return;
        }
        const start = localDateTimeAt(span.startMs, zone);
        const end = localDateTimeAt(span.endMs, zone);
        setAnnouncement(`${entry.title}: ${formatDate(start.date)} ${start.time} – ${end.time}`);
      });
    },
    [move, zone],
  );

  const onKey = useRef<(id: number, ev: KeyboardEvent) => void>(() => {});
  onKey.current = (id, ev) => {
    const entry = latest.current.get(id);
    if (!entry) return;
    const span = entrySpan(entry);
    let next: Span | null = null;
    if (ev.key === 'ArrowUp' || ev.key === 'ArrowDown') {
      const minutes = ev.key === 'ArrowUp' ? -KEY_STEP_MINUTES : KEY_STEP_MINUTES;
      next = nudgeSpan(span, minutes, ev.shiftKey ? 'end' : 'move');
    } else if ((ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') && !ev.shiftKey) {
      next = shiftDays(span, ev.key === 'ArrowLeft' ? -1 : 1, zone);
    } else {
      return;
    }
    ev.preventDefault();
    ev.stopPropagation();
    if (!next) return;
    refocus.current = id;
    moveTo(entry, next);
  };

  const didMount = (el: HTMLElement, blockId: string) => {
    const id = Number(blockId);
    el.dataset.entryId = blockId;
    el.setAttribute('role', 'button');
    el.setAttribute('aria-describedby', KEYS_HINT_ID);
    el.addEventListener('keydown', (ev) => onKey.current(id, ev));
    // A block moved by the keyboard may be drawn anew: focus follows it unless the user went elsewhere.
    const active = document.activeElement;
    if (refocus.current === id && (!active || active === document.body)) el.focus();
  };

  const dropped = (blockId: string, startMs: number, endMs: number, revert: () => void) => {
    refocus.current = null;
    const entry = latest.current.get(Number(blockId));
    if (entry) moveTo(entry, { startMs, endMs });
    else revert();
  };

  const startWith = (span: Span, fields: Partial<EntryFormValues>) => {
    setDialog({
      kind: 'create',
      values: {
        ...EMPTY_ENTRY_VALUES,
        ...lastUsedPlaceAndFeeling(list),
        ...fields,
        ...selectionTimes(span, zone),
      },
    });
  };

  const selected = (startMs: number, endMs: number) => {
    refocus.current = null;
    startWith({ startMs, endMs }, {});
  };

  const copy = (entry: Entry, from: 'after' | 'now') => {
    startWith(copiedSpan(entrySpan(entry), from === 'after' ? 'after' : { now: Date.now() }), {
      title: entry.title,
      feeling: entry.feeling,
      category: entry.category.map((c) => String(c.id)),
      place: entry.place,
      note: entry.note,
      feedback: entry.feedback,
    });
  };

  const dayHeader = (day: Date) => {
    const local = localDateTimeAt(day.getTime(), zone).date;
    const minutes = totals.get(local) ?? 0;
    return (
      <div className={classes.dayHeading}>
        <div>
          {WEEKDAYS[day.getDay()]} {formatDate(local).slice(0, 5)}
        </div>
        {minutes > 0 && <div className={classes.dayTotal}>{formatDuration(minutes)}</div>}
      </div>
    );
  };

  const unit = mode === 'week' ? 'week' : 'day';
  const heading =
    mode === 'week' ? `${formatDate(range.start_date)} – ${formatDate(range.end_date)}` : formatDate(date);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {CALENDAR_TITLE}
        </Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/diary/entries" leftSection={<IconList size={16} />}>
            Entries
          </Button>
          <Button onClick={() => startWith(suggestedSpan(list.map(entrySpan), Date.now(), zone), {})}>
            + Add New Entry
          </Button>
        </Group>
      </Group>

      <Group gap="xs" wrap="wrap" align="flex-end">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Previous ${unit}`}
          onClick={() => goTo(stepDate(date, mode, -1))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Button variant="default" onClick={() => goTo(todayIn(zone))}>
          Today
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Next ${unit}`}
          onClick={() => goTo(stepDate(date, mode, 1))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <DateField label="Date" value={date} onChange={(next) => next && goTo(next)} w={170} />
        <Text fw={600} data-testid="calendar-range" aria-live="polite">
          {heading}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" id={KEYS_HINT_ID}>
        Drag on empty time to add an entry; drag a block to move it, its lower edge to change its end.{' '}
        {KEYS_HINT}
      </Text>

      {notice && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
          role="alert"
        >
          {notice}
        </Alert>
      )}
      {diary.isError && (
        <LoadErrorAlert
          title="Your diary could not be loaded."
          error={diary.error}
          onRetry={() => diary.refetch()}
          retrying={diary.isFetching}
        />
      )}
      {entries.isError && !entries.data && (
        <LoadErrorAlert
          title="The entries could not be loaded."
          error={entries.error}
          onRetry={() => entries.refetch()}
          retrying={entries.isFetching}
        />
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>

      <Box
        className={classes.calendar}
        aria-busy={entries.isFetching}
        data-testid="diary-calendar"
        onTouchStart={(e) => {
          const t = e.touches[0];
          swipe.current = mode === 'day' && t ? { x: t.clientX, y: t.clientY } : null;
        }}
        onTouchEnd={(e) => {
          const from = swipe.current;
          const t = e.changedTouches[0];
          swipe.current = null;
          if (!from || !t) return;
          const dx = t.clientX - from.x;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(t.clientY - from.y)) {
            goTo(stepDate(date, mode, dx < 0 ? 1 : -1));
          }
        }}
      >
        <Suspense fallback={<PageLoader />}>
          <WeekGrid
            date={date}
            mode={mode}
            blocks={blocks}
            renderBlock={(block, timeText) => (
              <Block block={block as BlockProps | undefined} timeText={timeText} zone={zone} />
            )}
            renderDayHeader={dayHeader}
            onBlockMount={didMount}
            onBlockOpen={(id) => {
              const entry = latest.current.get(Number(id));
              if (entry) setDialog({ kind: 'entry', entry });
            }}
            onBlockMove={dropped}
            onSelect={selected}
          />
        </Suspense>
      </Box>

      <CalendarDialog
        state={dialog}
        categories={categories.data}
        onClose={() => setDialog(null)}
        onCopy={copy}
      />
    </Stack>
  );
}
