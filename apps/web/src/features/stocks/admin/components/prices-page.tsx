// /stocks/admin/prices (admin, manager; issue 26): a day's bar entered by hand for a ticker the
// providers do not cover (POST /api/stocks/prices/; one for a day already recorded replaces it), and
// the ticker's recorded bars (GET /api/stocks/prices/?ticker=&since=). The ticker and the period are
// in the URL (?ticker=VNM&days=90), so the catalogue links here and a reload keeps the screen.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  normaliseTicker,
  type PriceRecord,
  PriceRecordCreate,
  type PriceRecordCreateInput,
  type Stock,
  TICKER_SEARCH_DEBOUNCE_MS,
  toValidationErrors,
} from '@staff/contracts';
import { IconAlertCircle, IconCheck, IconInfoCircle, IconPencil, IconSearch } from '@tabler/icons-react';
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../../components/date-fields';
import { ListTable } from '../../../../components/list-table';
import { LoadErrorAlert } from '../../../../components/load-error-alert';
import { ApiError, fieldErrorsOf } from '../../../../lib/api-client';
import { useLatestSearchParams } from '../../../../lib/latest-search-params';
import { formatNumber } from '../../format';
import { saveFailureText } from '../admin-errors';
import { marketDaysAgo, marketToday, showDate, sourceLabel } from '../admin-format';
import { useCreatePriceRecord, usePriceRecords, useTickerSearch, useVersionedStock } from '../api';
import classes from './admin-table.module.css';

const PERIODS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '1095', label: '3 years' },
] as const;
const DEFAULT_DAYS = '30';

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;
const BAR_FIELDS = ['ticker', 'date', ...PRICE_FIELDS, 'volume'];
const PRICE_LABELS: Record<(typeof PRICE_FIELDS)[number], string> = {
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
};

export interface BarFormValues {
  date: string;
  open: number | string;
  high: number | string;
  low: number | string;
  close: number | string;
  volume: number | string;
}

const emptyBar = (date: string): BarFormValues => ({
  date,
  open: '',
  high: '',
  low: '',
  close: '',
  volume: '',
});

/** The body the form sends; an empty field is left out, so the server's rule names it (or its default applies). */
export function barBodyOf(ticker: string, values: BarFormValues): PriceRecordCreateInput {
  const number = (value: number | string) => (value === '' ? undefined : Number(value));
  return {
    ticker,
    date: values.date,
    open: number(values.open) as number,
    high: number(values.high) as number,
    low: number(values.low) as number,
    close: number(values.close) as number,
    ...(values.volume === '' ? {} : { volume: Number(values.volume) }),
  };
}

/** The contracts' rule for a price record, read on the form: each field's first message. */
function barErrors(ticker: string, values: BarFormValues): Record<string, string> {
  const result = PriceRecordCreate.safeParse(barBodyOf(ticker, values));
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(toValidationErrors(result.error)).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

const optionLabel = (s: Pick<Stock, 'ticker' | 'name' | 'is_active'>) =>
  `${s.ticker} — ${s.name}${s.is_active ? '' : ' (inactive)'}`;

export function PricesPage() {
  useDocumentTitle('Price records');
  const [query, updateQuery] = useLatestSearchParams();
  const rawTicker = normaliseTicker(query.get('ticker') ?? '');
  const ticker = rawTicker || null;
  const daysParam = query.get('days') ?? DEFAULT_DAYS;
  const days = PERIODS.some((p) => p.value === daysParam) ? daysParam : DEFAULT_DAYS;

  const chosen = useVersionedStock(ticker);
  const unknownTicker = chosen.error instanceof ApiError && chosen.error.status === 404;

  const setParam = (name: string, value: string | null) =>
    updateQuery((latest) => {
      if (value === null) latest.delete(name);
      else latest.set(name, value);
      return latest;
    });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Price records
        </Title>
        <Text c="dimmed" size="sm">
          Enter a day's prices by hand for a ticker the providers do not cover. They feed the stock's snapshot
          and chart like the providers' bars; a day already recorded is replaced.
        </Text>
      </Stack>

      <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TickerPicker
            value={ticker}
            chosen={chosen.data?.data ?? null}
            onChange={(next) => setParam('ticker', next)}
          />
          {chosen.data && (
            <Anchor component={Link} to={`/stocks/${chosen.data.data.ticker}`} size="sm" pb={8}>
              Open the stock page
            </Anchor>
          )}
        </Group>
        {unknownTicker && (
          <Text c="red" size="sm" mt="xs" role="alert">
            There is no stock with ticker {ticker}. Add it in the stock catalogue first.
          </Text>
        )}
        {chosen.isError && !unknownTicker && (
          <LoadErrorAlert
            title={`Could not load ${ticker}.`}
            error={chosen.error}
            onRetry={() => chosen.refetch()}
          />
        )}
      </Paper>

      {chosen.data && (
        <TickerPrices
          key={chosen.data.data.ticker}
          stock={chosen.data.data}
          days={days}
          onDaysChange={(value) => setParam('days', value === DEFAULT_DAYS ? null : value)}
        />
      )}
    </Stack>
  );
}

/** The chosen ticker's form and recorded bars; a recorded bar's 'Edit' fills the form with it. */
function TickerPrices({
  stock,
  days,
  onDaysChange,
}: {
  stock: Stock;
  days: string;
  onDaysChange: (days: string) => void;
}) {
  const since = marketDaysAgo(Number(days));
  const records = usePriceRecords(stock.ticker, since);
  const [values, setValues] = useState<BarFormValues>(() => emptyBar(marketToday()));
  const formRef = useRef<HTMLFormElement>(null);
  const [edits, setEdits] = useState(0);

  // After 'Edit' has filled the form: the form in view and the focus on its open price (the date is
  // set; focusing the date would open its calendar).
  useEffect(() => {
    if (edits === 0) return;
    formRef.current?.scrollIntoView({ block: 'nearest' });
    formRef.current?.querySelector<HTMLInputElement>('input[data-field="open"]')?.focus();
  }, [edits]);

  const edit = (record: PriceRecord) => {
    setValues({
      date: record.date,
      open: record.open,
      high: record.high,
      low: record.low,
      close: record.close,
      volume: record.volume,
    });
    setEdits((n) => n + 1);
  };

  return (
    <>
      <BarForm
        ref={formRef}
        stock={stock}
        recorded={records.data ?? []}
        values={values}
        onValuesChange={setValues}
      />
      <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} size="h4">
              Recorded bars of {stock.ticker}
            </Title>
            <SegmentedControl
              aria-label="Period"
              value={days}
              onChange={onDaysChange}
              data={[...PERIODS]}
              size="xs"
            />
          </Group>
          {records.isError ? (
            <LoadErrorAlert
              title="Could not load the price records."
              error={records.error}
              onRetry={() => records.refetch()}
              retrying={records.isFetching}
            />
          ) : (
            <RecordsTable
              ticker={stock.ticker}
              records={records.data ?? null}
              busy={records.isFetching}
              since={since}
              onEdit={edit}
            />
          )}
        </Stack>
      </Paper>
    </>
  );
}

/** A ticker chosen from the catalogue (inactive stocks too), searched as it is typed. */
function TickerPicker({
  value,
  chosen,
  onChange,
}: {
  value: string | null;
  chosen: Stock | null;
  onChange: (ticker: string) => void;
}) {
  const [search, setSearch] = useState('');
  const chosenLabel = chosen ? optionLabel(chosen) : null;
  // The box shows the chosen stock's label: that is not a search.
  const [typed] = useDebouncedValue(search === chosenLabel ? '' : search, TICKER_SEARCH_DEBOUNCE_MS);
  const found = useTickerSearch(typed);
  const options = (found.data?.results ?? []).map((s) => ({ value: s.ticker, label: optionLabel(s) }));
  if (chosen && chosenLabel && !options.some((o) => o.value === chosen.ticker))
    options.unshift({ value: chosen.ticker, label: chosenLabel });

  return (
    <Select
      label="Ticker"
      placeholder="Search a ticker or company"
      searchable
      value={value}
      // Choosing another stock replaces the ticker; nothing to clear (Mantine's clear button is not a tab stop).
      onChange={(next) => next && onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      // The server searched already (ticker prefix or name, accents ignored).
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No stock found'}
      leftSection={<IconSearch size={16} />}
      style={{ flex: '1 1 320px' }}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The day's bar: date, open, high, low, close and volume, checked by the contracts' rule and the server. */
function BarForm({
  ref,
  stock,
  recorded,
  values,
  onValuesChange,
}: {
  ref: Ref<HTMLFormElement>;
  stock: Stock;
  recorded: readonly PriceRecord[];
  values: BarFormValues;
  onValuesChange: (update: (values: BarFormValues) => BarFormValues) => void;
}) {
  const create = useCreatePriceRecord();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const existing = recorded.find((r) => r.date === values.date) ?? null;

  const change = (field: keyof BarFormValues, value: number | string) => {
    onValuesChange((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = barErrors(stock.ticker, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const replacing = existing !== null;
    create.mutate(barBodyOf(stock.ticker, values), {
      onSuccess: (record) => {
        notifications.show({
          color: 'green',
          icon: <IconCheck />,
          message: `${replacing ? 'Replaced' : 'Recorded'} the bar of ${record.ticker} for ${showDate(record.date)}: close ${formatNumber(record.close)}.`,
        });
        onValuesChange(() => emptyBar(record.date));
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setFailure(saveFailureText(error, BAR_FIELDS, 'Failed to save the bar'));
      },
    });
  };

  return (
    <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <form ref={ref} onSubmit={submit} noValidate aria-label={`New daily bar for ${stock.ticker}`}>
        <Stack gap="md">
          <Title order={2} size="h4">
            New daily bar for {stock.ticker}
          </Title>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          {errors.ticker && (
            <Text c="red" size="sm" role="alert">
              {errors.ticker}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <DateField
              label="Date"
              value={values.date}
              onChange={(date) => change('date', date)}
              error={errors.date}
              withAsterisk
            />
            {PRICE_FIELDS.map((field) => (
              <NumberInput
                key={field}
                data-field={field}
                label={PRICE_LABELS[field]}
                withAsterisk
                value={values[field]}
                onChange={(value) => change(field, value)}
                error={errors[field]}
                aria-invalid={Boolean(errors[field])}
                thousandSeparator="."
                decimalSeparator=","
                decimalScale={2}
                allowNegative={false}
                hideControls
                inputMode="decimal"
              />
            ))}
            <NumberInput
              label="Volume"
              value={values.volume}
              onChange={(value) => change('volume', value)}
              error={errors.volume}
              aria-invalid={Boolean(errors.volume)}
              placeholder="0"
              thousandSeparator="."
              decimalSeparator=","
              allowNegative={false}
              allowDecimal={false}
              hideControls
              inputMode="numeric"
            />
          </SimpleGrid>
          {existing && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
              {stock.ticker} already has a bar for {showDate(existing.date)} (close{' '}
              {formatNumber(existing.close)}, {sourceLabel(existing.source).toLowerCase()}). Saving replaces
              it.
            </Alert>
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="xs" c="dimmed">
              Prices in VND. High is at least open, low and close; low at most open and close.
            </Text>
            <Button type="submit" loading={create.isPending}>
              {existing ? 'Replace bar' : 'Record bar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The recorded bars, newest first. */
function RecordsTable({
  ticker,
  records,
  busy,
  since,
  onEdit,
}: {
  ticker: string;
  records: readonly PriceRecord[] | null;
  busy: boolean;
  since: string;
  onEdit: (record: PriceRecord) => void;
}) {
  const newestFirst = records ? [...records].reverse() : null;
  return (
    <div className={classes.tableWrapper}>
      <ListTable
        label={`Price records of ${ticker}`}
        className={classes.table}
        busy={busy}
        head={
          <>
            <Table.Th>Date</Table.Th>
            {PRICE_FIELDS.map((field) => (
              <Table.Th key={field} className={classes.numeric}>
                {PRICE_LABELS[field]}
              </Table.Th>
            ))}
            <Table.Th className={classes.numeric}>Volume</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th w={56} className={classes.actions}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        columnCount={8}
        rows={newestFirst}
        pageSize={5}
        emptyText={`No bars recorded since ${showDate(since)}.`}
        renderRow={(record) => (
          <Table.Tr key={record.date}>
            <Table.Td>{showDate(record.date)}</Table.Td>
            {PRICE_FIELDS.map((field) => (
              <Table.Td key={field} className={classes.numeric}>
                {formatNumber(record[field])}
              </Table.Td>
            ))}
            <Table.Td className={classes.numeric}>{formatNumber(record.volume)}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={record.source === 'manual' ? 'grape' : 'gray'}
                className={classes.badge}
              >
                {sourceLabel(record.source)}
              </Badge>
            </Table.Td>
            <Table.Td className={classes.actions}>
              <Tooltip label="Edit in the form" withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit the bar of ${showDate(record.date)}`}
                  onClick={() => onEdit(record)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </div>
  );
}
