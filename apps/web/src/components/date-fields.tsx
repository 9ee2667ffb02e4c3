// Dates as dd/mm/yyyy and times in 24 hours whatever the browser's language (issue 24): the browser's
// own date and time inputs follow its locale (mm/dd/yyyy and AM/PM on an English system), so every
// date and time field is Mantine's DateInput and TimePicker with the Vietnamese locale instead. The
// values stay the API's: 'YYYY-MM-DD' and 'HH:MM', '' while empty or incomplete.
import { DateInput, TimePicker } from '@mantine/dates';
import 'dayjs/locale/vi';
import { IconCalendar, IconClock } from '@tabler/icons-react';

/** How a date is shown and typed. */
export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * A typed date to 'YYYY-MM-DD': day/month/year with one or two digits for the day and the month ('/',
 * '.' or '-' between them), or an ISO date pasted in; null for anything else or a day the calendar
 * does not have (31/02/2026).
 */
export function parseDayMonthYear(text: string): string | null {
  const trimmed = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const parts = dmy ? [dmy[3], dmy[2], dmy[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // years below 100 are not taken as 19xx
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1) return null;
  return date.toISOString().slice(0, 10);
}

interface FieldProps {
  label: string;
  /** 'YYYY-MM-DD' for a date, 'HH:MM' for a time; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  withAsterisk?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
  w?: number;
}

/** A calendar date typed as dd/mm/yyyy or picked from a month in Vietnamese (weeks from Monday). */
export function DateField({ label, value, onChange, error, withAsterisk, onFocus, onBlur, w }: FieldProps) {
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMAT}
      dateParser={parseDayMonthYear}
      placeholder="dd/mm/yyyy"
      locale="vi"
      firstDayOfWeek={1}
      error={error}
      withAsterisk={withAsterisk}
      onFocus={onFocus}
      onBlur={onBlur}
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={w}
    />
  );
}

/** A time of day in 24 hours: hours and minutes typed (or stepped with the arrow keys). */
export function TimeField({ label, value, onChange, error, withAsterisk, onFocus, onBlur, w }: FieldProps) {
  return (
    <TimePicker
      label={label}
      value={value}
      onChange={onChange}
      format="24h"
      hoursInputLabel={`${label}, hours`}
      minutesInputLabel={`${label}, minutes`}
      error={error}
      withAsterisk={withAsterisk}
      onFocus={onFocus}
      onBlur={onBlur}
      leftSection={<IconClock size={16} aria-hidden />}
      w={w}
    />
  );
}
