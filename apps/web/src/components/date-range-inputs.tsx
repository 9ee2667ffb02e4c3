// A list's date-range filter (the audit log, the diary's entries): 'From' and 'To' calendar dates,
// as two fields for the filter row's grid (dd/mm/yyyy whatever the browser's language); the range's error, when there is one, shows under 'To'.
import { DateField } from './date-fields';

interface DateRangeInputsProps {
  /** YYYY-MM-DD, or '' for open-ended. */
  from: string;
  to: string;
  onFromChange: (date: string) => void;
  onToChange: (date: string) => void;
  error?: string | null;
}

export function DateRangeInputs({ from, to, onFromChange, onToChange, error }: DateRangeInputsProps) {
  return (
    <>
      <DateField label="From" value={from} onChange={onFromChange} />
      <DateField label="To" value={to} onChange={onToChange} error={error} />
    </>
  );
}
