// A list filter's dropdown (the users list's role and status, the audit log's action and target
// type) whose first option, 'All…', stands for no filter: the filter's value is then null.
import { Select, type SelectProps } from '@mantine/core';

/** The option standing for no filter; no real value may be spelt so. */
const ALL = 'all';

interface FilterSelectProps<T extends string>
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'allowDeselect'> {
  /** The first option's label, e.g. 'All' or 'All actions'. */
  allLabel: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
}

export function FilterSelect<T extends string>({
  allLabel,
  options,
  value,
  onChange,
  ...props
}: FilterSelectProps<T>) {
  return (
    <Select
      {...props}
      data={[{ value: ALL, label: allLabel }, ...options]}
      value={value ?? ALL}
      onChange={(next) => onChange(next && next !== ALL ? (next as T) : null)}
      allowDeselect={false}
    />
  );
}
