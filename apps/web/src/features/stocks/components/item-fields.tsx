// A watchlist item's note and target price as a form has them (issue 26): the two fields, shared by
// the add-ticker form and a card's edit dialog, checked with the contracts' rules and words before
// they are sent, and the server's refusals shown under them.
import { NumberInput, Textarea } from '@mantine/core';
import {
  STOCK_NOTE_MAX_LENGTH,
  type TargetDirection,
  targetSide,
  WatchlistItemUpdate,
} from '@staff/contracts';
import { formatNumber } from '../format';

export interface ItemFieldValues {
  note: string;
  /** '' while the box is empty: no target. */
  target: number | string;
}

export type ItemFieldErrors = Partial<Record<'note' | 'target_price', string>>;

export const EMPTY_ITEM_FIELDS: ItemFieldValues = { note: '', target: '' };

/** The values as the API takes them: the note trimmed ('' is none), an empty target null. */
export function itemPayload(values: ItemFieldValues): { note: string; target_price: number | null } {
  const target = typeof values.target === 'number' ? values.target : values.target.trim();
  return { note: values.note.trim(), target_price: target === '' ? null : Number(target) };
}

/** The contracts' refusals of these values, by field (none when they may be sent). */
export function itemFieldErrors(values: ItemFieldValues): ItemFieldErrors {
  const result = WatchlistItemUpdate.safeParse(itemPayload(values));
  const errors: ItemFieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'note' || field === 'target_price') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const SIDE_HINT: Record<TargetDirection, string> = {
  above: 'Marked when the price rises to',
  below: 'Marked when the price falls to',
};

/** What the card will wait for, said under the target box while it is typed. */
export function targetHint(target: number | null, price: number | null): string {
  if (target === null || !Number.isFinite(target) || target <= 0) return 'Leave empty for no target.';
  if (price === null) return 'No price yet: set it again once the stock has one to be marked.';
  const side = targetSide(target, price);
  return side
    ? `${SIDE_HINT[side]} ${formatNumber(target)}.`
    : 'At the current price: set another to be marked.';
}

export function ItemFields({
  values,
  errors,
  onChange,
  currentPrice,
  autoFocus,
}: {
  values: ItemFieldValues;
  errors: ItemFieldErrors;
  onChange: (values: ItemFieldValues) => void;
  /**
   * The stock's price now (null: none yet), on a card's edit: the target's hint says which way it
   * will be crossed. Undefined in the add form, where both boxes say they are optional.
   */
  currentPrice?: number | null;
  autoFocus?: boolean;
}) {
  const { target_price: target } = itemPayload(values);
  return (
    <>
      <Textarea
        label="Note"
        value={values.note}
        onChange={(e) => onChange({ ...values, note: e.currentTarget.value })}
        error={errors.note}
        description={
          currentPrice === undefined && values.note === ''
            ? 'Optional.'
            : `${values.note.trim().length}/${STOCK_NOTE_MAX_LENGTH}`
        }
        autosize
        minRows={1}
        maxRows={4}
        data-autofocus={autoFocus || undefined}
      />
      <NumberInput
        label="Target price"
        value={values.target}
        onChange={(value) => onChange({ ...values, target: value })}
        error={errors.target_price}
        description={
          currentPrice === undefined
            ? 'Optional, in VND.'
            : `Now ${formatNumber(currentPrice)}. ${targetHint(target, currentPrice)}`
        }
        thousandSeparator="."
        decimalSeparator=","
        allowNegative={false}
        allowDecimal={false}
        hideControls
        inputMode="numeric"
      />
    </>
  );
}
