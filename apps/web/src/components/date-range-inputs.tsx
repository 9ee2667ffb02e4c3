// A list's date-range filter (the audit log, the diary's entries): 'From' and 'To' calendar dates,
// as two fields for the filter row's grid; the range's error, when there is one, shows under 'To'.
import { TextInput } from '@mantine/core';

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
      <TextInput
        type="date"
        label="From"
        value={from}
        onChange={(event) => onFromChange(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        value={to}
        onChange={(event) => onToChange(event.currentTarget.value)}
        error={error}
      />
    </>
  );
}
