// The stock form shared by 'Add stock' and 'Edit stock': the fields of POST /api/stocks/stocks/
// (ticker, name, exchange from the exchanges the server lists, lot size 100 unless changed, sector,
// active). Server errors keep what was typed and stand under their fields; the ticker is the stock's
// key, so an edit shows it and cannot change it.
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_LOT_SIZE,
  type Exchange,
  type Stock,
  StockCreate,
  type StockCreateInput,
  Ticker,
} from '@staff/contracts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { SaveFailureAlert } from '../../../../components/save-failure-alert';
import { fieldErrorsOf } from '../../../../lib/api-client';
import { useFormSave } from '../../../../lib/form-save';
import { saveFailureText } from '../admin-errors';

export type StockFormValues = {
  ticker: string;
  name: string;
  /** The exchange's id as the select holds it; '' until one is chosen. */
  exchange_id: string;
  lot_size: number | string;
  sector: string;
  is_active: boolean;
};

export const EMPTY_STOCK_FORM: StockFormValues = {
  ticker: '',
  name: '',
  exchange_id: '',
  lot_size: DEFAULT_LOT_SIZE,
  sector: '',
  is_active: true,
};

export const STOCK_FORM_LABELS: Record<keyof StockFormValues, string> = {
  ticker: 'Ticker',
  name: 'Company name',
  exchange_id: 'Exchange',
  lot_size: 'Lot size',
  sector: 'Sector',
  is_active: 'Active',
};

export function stockFormValuesOf(stock: Stock): StockFormValues {
  return {
    ticker: stock.ticker,
    name: stock.name,
    exchange_id: String(stock.exchange_id),
    lot_size: stock.lot_size,
    sector: stock.sector,
    is_active: stock.is_active,
  };
}

/** What the form sends: the creation's body (an edit sends it without the ticker). */
export function stockBodyOf(values: StockFormValues): StockCreateInput {
  return {
    ticker: values.ticker.trim().toUpperCase(),
    name: values.name.trim(),
    exchange_id: Number(values.exchange_id),
    lot_size: Number(values.lot_size),
    sector: values.sector.trim(),
    is_active: values.is_active,
  };
}

// The contracts' rules, read on the form's values: the exchange is a choice, the lot size a number.
const formSchema = z.object({
  ticker: Ticker,
  name: StockCreate.shape.name,
  exchange_id: z.string().min(1, 'Choose an exchange.'),
  lot_size: z.number({ error: 'A valid number is required.' }).int().min(1).max(1_000_000),
  sector: StockCreate.shape.sector,
  is_active: z.boolean(),
});

interface StockFormProps {
  mode: 'create' | 'edit';
  initialValues: StockFormValues;
  exchanges: readonly Exchange[] | undefined;
  exchangesError?: boolean;
  /** Saves; rejects with the API's error (or an EditConflict) to keep the form open. */
  onSubmit: (values: StockFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function StockForm({
  mode,
  initialValues,
  exchanges,
  exchangesError,
  onSubmit,
  onCancel,
}: StockFormProps) {
  const form = useForm<StockFormValues>({ initialValues, validate: zod4Resolver(formSchema) });
  const { save, saving, failure, conflictNotes } = useFormSave(form, onSubmit, (error) => {
    form.setErrors(fieldErrorsOf(error));
    return saveFailureText(error, Object.keys(EMPTY_STOCK_FORM), 'Failed to save the stock');
  });
  const inputProps = (field: keyof StockFormValues) => ({
    ...form.getInputProps(field),
    // Mantine puts aria-invalid on the wrapper only; screen readers need it on the input.
    'aria-invalid': Boolean(form.errors[field]),
  });

  return (
    <form
      onSubmit={form.onSubmit(save)}
      noValidate
      aria-label={mode === 'create' ? 'Add stock' : 'Edit stock'}
    >
      <Stack gap="md">
        <SaveFailureAlert failure={failure} conflictNotes={conflictNotes} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={STOCK_FORM_LABELS.ticker}
            required
            autoComplete="off"
            maxLength={10}
            disabled={mode === 'edit'}
            description={mode === 'edit' ? 'The ticker cannot be changed.' : '1 to 10 letters and digits.'}
            data-autofocus={mode === 'create' || undefined}
            {...inputProps('ticker')}
            onChange={(event) => form.setFieldValue('ticker', event.currentTarget.value.toUpperCase())}
          />
          <Select
            label={STOCK_FORM_LABELS.exchange_id}
            required
            placeholder="Choose an exchange"
            data={(exchanges ?? []).map((e) => ({ value: String(e.id), label: `${e.code} — ${e.name}` }))}
            allowDeselect={false}
            disabled={!exchanges}
            {...inputProps('exchange_id')}
            error={form.errors.exchange_id ?? (exchangesError ? 'Could not load the exchanges.' : undefined)}
            onChange={(value) => form.setFieldValue('exchange_id', value ?? '')}
          />
        </SimpleGrid>
        <TextInput
          label={STOCK_FORM_LABELS.name}
          required
          autoComplete="off"
          maxLength={255}
          data-autofocus={mode === 'edit' || undefined}
          {...inputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={STOCK_FORM_LABELS.lot_size}
            required
            description="Shares per trading lot."
            min={1}
            max={1_000_000}
            allowNegative={false}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            inputMode="numeric"
            {...inputProps('lot_size')}
          />
          <TextInput
            label={STOCK_FORM_LABELS.sector}
            autoComplete="off"
            maxLength={100}
            placeholder="e.g. Ngân hàng"
            {...inputProps('sector')}
          />
        </SimpleGrid>
        <Switch
          label={STOCK_FORM_LABELS.is_active}
          description="Inactive stocks are left out of the ticker search; watchlists keep them."
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {mode === 'create' ? 'Add stock' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
