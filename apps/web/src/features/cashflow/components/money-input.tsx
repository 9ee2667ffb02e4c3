// Whole-dollar inputs for the game's money (spec 2: money in US dollars).
import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A number from a NumberInput's value: '' and partial input ('-') count as not given. */
export function toAmount(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '' || value.trim() === '-') return null;
  const parsed = Number(value.replaceAll(',', ''));
  return Number.isFinite(parsed) ? parsed : null;
}

export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      allowDecimal={false}
      inputMode="numeric"
      hideControls
      {...props}
    />
  );
}

export function CountInput(props: NumberInputProps) {
  return <NumberInput allowDecimal={false} allowNegative={false} inputMode="numeric" {...props} />;
}
