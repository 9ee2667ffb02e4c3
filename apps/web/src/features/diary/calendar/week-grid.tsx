// FullCalendar's time grid (MIT), in a chunk of its own that the calendar route fetches beside the
// page's (routes.tsx), so neither chunk passes the web bench's per-route budget (decision 0031). It
// knows nothing of entries: the page gives it the blocks, how to draw them and what to do when one is
// dragged, resized, clicked or a time is selected. It imports nothing of the diary (type imports
// aside), so its chunk is FullCalendar and this file alone.
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { type ComponentProps, type ReactNode, useEffect, useMemo, useRef } from 'react';

// FullCalendar's types as its React component takes them, read through the component: what it
// accepts is what matters here, and the file then needs no import of the core of its own.
type Options = ComponentProps<typeof FullCalendar>;
type ArgOf<K extends keyof Options> = Parameters<
  Extract<NonNullable<Options[K]>, (arg: never) => unknown>
>[0];
type EventInput = Extract<NonNullable<Options['events']>, unknown[]>[number];

export interface GridBlock<P> {
  id: string;
  start: string;
  end: string;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  props: P;
}

export interface WeekGridProps<P> {
  /** YYYY-MM-DD shown: its week, or the day alone. */
  date: string;
  mode: 'week' | 'day';
  blocks: GridBlock<P>[];
  /** A block's face; `props` is missing for a selection being dragged. */
  renderBlock: (props: P | undefined, timeText: string) => ReactNode;
  renderDayHeader: (date: Date) => ReactNode;
  /** A block's element was put in the page (also again, when redrawn). */
  onBlockMount: (el: HTMLElement, id: string) => void;
  onBlockOpen: (id: string) => void;
  /** A block dragged or resized to these instants; `revert` puts it back in the grid. */
  onBlockMove: (id: string, startMs: number, endMs: number, revert: () => void) => void;
  onSelect: (startMs: number, endMs: number) => void;
}

export default function WeekGrid<P>({
  date,
  mode,
  blocks,
  renderBlock,
  renderDayHeader,
  onBlockMount,
  onBlockOpen,
  onBlockMove,
  onSelect,
}: WeekGridProps<P>) {
  const ref = useRef<FullCalendar>(null);
  const view = mode === 'week' ? 'timeGridWeek' : 'timeGridDay';

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== view) api.changeView(view, date);
    else api.gotoDate(date);
  }, [view, date]);

  // A new array makes FullCalendar rebuild its events: only when the blocks change.
  const events = useMemo<EventInput[]>(
    () =>
      blocks.map((b) => ({
        id: b.id,
        start: b.start,
        end: b.end,
        backgroundColor: b.backgroundColor,
        borderColor: b.borderColor,
        textColor: b.textColor,
        extendedProps: { block: b.props },
      })),
    [blocks],
  );
  const moved = (info: ArgOf<'eventDrop'> | ArgOf<'eventResize'>) => {
    const { start, end } = info.event;
    if (!start || !end) info.revert();
    else onBlockMove(info.event.id, start.getTime(), end.getTime(), info.revert);
  };

  return (
    <FullCalendar
      ref={ref}
      plugins={[timeGridPlugin, interactionPlugin]}
      initialView={view}
      initialDate={date}
      timeZone="local"
      headerToolbar={false}
      firstDay={1}
      allDaySlot={false}
      nowIndicator
      // The whole day in the page, no scrolling region inside the grid: an empty week would leave a
      // scroller nothing in it can focus (axe's scrollable-region-focusable), and a focusable
      // scroller breaks the grid's ARIA rows. The day headings stay on screen (sticky).
      height="auto"
      slotDuration="00:30:00"
      snapDuration="00:15:00"
      slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      dayHeaderContent={(arg) => renderDayHeader(arg.date)}
      slotEventOverlap={false}
      selectable
      selectMirror
      editable
      eventDurationEditable
      events={events}
      eventContent={(arg) => renderBlock(arg.event.extendedProps.block as P | undefined, arg.timeText)}
      eventDidMount={(arg) => {
        if (!arg.isMirror) onBlockMount(arg.el, arg.event.id);
      }}
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        onBlockOpen(info.event.id);
      }}
      eventDrop={moved}
      eventResize={moved}
      select={(info) => {
        onSelect(info.start.getTime(), info.end.getTime());
        ref.current?.getApi().unselect();
      }}
    />
  );
}
