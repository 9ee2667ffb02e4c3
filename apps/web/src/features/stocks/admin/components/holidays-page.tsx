// /stocks/admin/holidays (admin; issue 26): the exchanges' announced non-trading days of a year
// (GET /api/stocks/holidays/?year=), adding one (POST, the server's errors under the fields: a day
// already listed, a weekend) and removing one after a confirmation (DELETE). The fixed holidays
// (01/01, 30/04, 01/05, 02/09) are rules, not rows, and are only named here. The year is in the URL.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  FIXED_HOLIDAYS,
  type MarketHoliday,
  MarketHolidayCreate,
  toValidationErrors,
} from '@staff/contracts';
import { IconAlertCircle, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DateField } from '../../../../components/date-fields';
import { ListTable } from '../../../../components/list-table';
import { LoadErrorAlert } from '../../../../components/load-error-alert';
import { failureText, fieldErrorsOf } from '../../../../lib/api-client';
import { useLatestSearchParams } from '../../../../lib/latest-search-params';
import { saveFailureText } from '../admin-errors';
import {
  HOLIDAY_KIND_COLOURS,
  HOLIDAY_KIND_LABELS,
  HOLIDAY_KIND_OPTIONS,
  marketToday,
  showDate,
  weekdayOf,
} from '../admin-format';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api';
import classes from './admin-table.module.css';

/** The years offered: a few either side of this one (the server keeps 2000–2100). */
function yearOptions(current: number, shown: number): string[] {
  const years = new Set<number>([shown]);
  for (let y = current - 3; y <= current + 3; y++) years.add(y);
  return [...years].sort((a, b) => a - b).map(String);
}

function readYear(value: string | null, fallback: number): number {
  const year = Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : fallback;
}

const FIXED_TEXT = FIXED_HOLIDAYS.map((mmdd) => {
  const [month, day] = mmdd.split('-');
  return `${day}/${month}`;
}).join(', ');

export function HolidaysPage() {
  useDocumentTitle('Market holidays');
  const thisYear = Number(marketToday().slice(0, 4));
  const [query, updateQuery] = useLatestSearchParams();
  const year = readYear(query.get('year'), thisYear);
  const holidays = useHolidays(year);
  const remove = useRemoveHoliday();
  const [removing, setRemoving] = useState<MarketHoliday | null>(null);

  const showYear = (next: number) =>
    updateQuery((latest) => {
      if (next === thisYear) latest.delete('year');
      else latest.set('year', String(next));
      return latest;
    });

  const confirmRemove = () => {
    if (!removing) return;
    const day = removing;
    remove.mutate(day.date, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          icon: <IconCheck />,
          message: `Removed ${showDate(day.date)} (${day.name}) from the holidays.`,
        });
        setRemoving(null);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: `Could not remove ${showDate(day.date)}.`,
          message: failureText(error),
        });
        setRemoving(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Market holidays
        </Title>
        <Text c="dimmed" size="sm">
          The weekdays the exchanges announce as closed: Tết, Hùng Kings' day, National Day's second day and
          the compensation days. {FIXED_TEXT} are closed every year and are not listed.
        </Text>
      </Stack>

      <HolidayForm
        onAdded={(added) => Number(added.slice(0, 4)) !== year && showYear(Number(added.slice(0, 4)))}
      />

      <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
            <Title order={2} size="h4">
              Holidays of {year}
            </Title>
            <Select
              label="Year"
              data={yearOptions(thisYear, year)}
              value={String(year)}
              onChange={(value) => value && showYear(Number(value))}
              allowDeselect={false}
              w={120}
            />
          </Group>
          {holidays.isError ? (
            <LoadErrorAlert
              title="Could not load the holidays."
              error={holidays.error}
              onRetry={() => holidays.refetch()}
              retrying={holidays.isFetching}
            />
          ) : (
            <div className={classes.tableWrapper}>
              <ListTable
                label={`Holidays of ${year}`}
                className={classes.table}
                busy={holidays.isFetching}
                head={
                  <>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Weekday</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th>Source</Table.Th>
                    <Table.Th w={56} className={classes.actions}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </>
                }
                columnCount={6}
                rows={holidays.data ?? null}
                pageSize={5}
                emptyText={`No holidays listed for ${year}.`}
                renderRow={(day) => (
                  <Table.Tr key={day.date}>
                    <Table.Td>{showDate(day.date)}</Table.Td>
                    <Table.Td>{weekdayOf(day.date)}</Table.Td>
                    <Table.Td className={classes.wrap}>{day.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={HOLIDAY_KIND_COLOURS[day.kind]} className={classes.badge}>
                        {HOLIDAY_KIND_LABELS[day.kind]}
                      </Badge>
                    </Table.Td>
                    <Table.Td className={classes.wrap}>
                      <SourceText source={day.source} />
                    </Table.Td>
                    <Table.Td className={classes.actions}>
                      <Tooltip label="Remove" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${showDate(day.date)}`}
                          loading={remove.isPending && remove.variables === day.date}
                          onClick={() => setRemoving(day)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                )}
              />
            </div>
          )}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={removing !== null}
        title={removing ? `Remove ${showDate(removing.date)}?` : ''}
        message={
          removing
            ? `${removing.name} (${weekdayOf(removing.date)} ${showDate(removing.date)}) will count as a trading day again: the boards will expect a session on it.`
            : ''
        }
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** The host of an http(s) address, or null for any other text. */
function hostOf(text: string): string | null {
  if (!/^https?:\/\//.test(text)) return null;
  try {
    return new URL(text).hostname || null;
  } catch {
    return null;
  }
}

/** A source that is an address links to it; any other text is shown as it is. */
function SourceText({ source }: { source: string }) {
  if (!source)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const host = hostOf(source);
  if (host)
    return (
      <Anchor href={source} target="_blank" rel="noreferrer" size="sm">
        {host}
      </Anchor>
    );
  return <>{source}</>;
}

interface HolidayFormValues {
  date: string;
  name: string;
  kind: MarketHoliday['kind'];
  source: string;
}

const EMPTY_HOLIDAY: HolidayFormValues = { date: '', name: '', kind: 'holiday', source: '' };
const HOLIDAY_FIELDS = Object.keys(EMPTY_HOLIDAY);

/** Adding a day: checked by the contracts' rule here, and by the server (a weekend, a day already listed). */
function HolidayForm({ onAdded }: { onAdded: (date: string) => void }) {
  const add = useAddHoliday();
  const [values, setValues] = useState<HolidayFormValues>(EMPTY_HOLIDAY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = <K extends keyof HolidayFormValues>(field: K, value: HolidayFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = MarketHolidayCreate.safeParse({ ...values, date: values.date || undefined });
    if (!checked.success) {
      const messages = toValidationErrors(checked.error);
      setErrors(Object.fromEntries(Object.entries(messages).map(([field, list]) => [field, list[0] ?? ''])));
      return;
    }
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: (day) => {
        notifications.show({
          color: 'green',
          icon: <IconCheck />,
          message: `Added ${showDate(day.date)} (${day.name}) to the holidays.`,
        });
        setValues(EMPTY_HOLIDAY);
        onAdded(day.date);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setFailure(saveFailureText(error, HOLIDAY_FIELDS, 'Failed to add the holiday'));
      },
    });
  };

  return (
    <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={submit} noValidate aria-label="Add a holiday">
        <Stack gap="md">
          <Title order={2} size="h4">
            Add a holiday
          </Title>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <DateField
              label="Date"
              value={values.date}
              onChange={(date) => change('date', date)}
              error={errors.date}
              withAsterisk
            />
            <TextInput
              label="Name"
              withAsterisk
              placeholder="e.g. Tết Nguyên Đán"
              maxLength={200}
              value={values.name}
              onChange={(event) => change('name', event.currentTarget.value)}
              error={errors.name}
              aria-invalid={Boolean(errors.name)}
            />
            <Select
              label="Kind"
              data={HOLIDAY_KIND_OPTIONS}
              value={values.kind}
              onChange={(kind) => kind && change('kind', kind as HolidayFormValues['kind'])}
              allowDeselect={false}
              error={errors.kind}
            />
            <TextInput
              label="Source"
              placeholder="The exchange's notice (optional)"
              maxLength={500}
              value={values.source}
              onChange={(event) => change('source', event.currentTarget.value)}
              error={errors.source}
              aria-invalid={Boolean(errors.source)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPlus size={18} />} loading={add.isPending}>
              Add holiday
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
