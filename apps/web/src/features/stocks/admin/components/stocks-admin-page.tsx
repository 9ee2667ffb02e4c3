// /stocks/admin (admin, manager; issue 26): the stock catalogue — every stock, inactive ones too,
// searched and filtered in the URL, a page at a time; adding a stock, editing one (with the version
// it was loaded at, so an edit made meanwhile is not overwritten), deactivating one after a
// confirmation, and a way to its price records.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
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
import { EXCHANGE_CODES, type ExchangeCode, STOCK_CATALOGUE_PAGE_SIZES, type Stock } from '@staff/contracts';
import {
  IconBan,
  IconCheck,
  IconCircleCheck,
  IconPencil,
  IconPlus,
  IconReportMoney,
  IconSearch,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FilterSelect } from '../../../../components/filter-select';
import { ListTable } from '../../../../components/list-table';
import { LoadErrorAlert } from '../../../../components/load-error-alert';
import { PagedList } from '../../../../components/paged-list';
import { failureText } from '../../../../lib/api-client';
import { EditConflict, mergeAfterConflict } from '../../../../lib/edit-conflict';
import { useTypedUrlFilter } from '../../../../lib/typed-url-filter';
import { useUrlListParams } from '../../../../lib/url-list-params';
import { useVersionedEdit } from '../../../../lib/versioned-edit';
import { formatNumber } from '../../format';
import {
  stockQueryOptions,
  useCatalogue,
  useCreateStock,
  useExchanges,
  useUpdateStock,
  useVersionedStock,
} from '../api';
import { CATALOGUE_URL } from '../catalogue-params';
import classes from './admin-table.module.css';
import {
  EMPTY_STOCK_FORM,
  STOCK_FORM_LABELS,
  StockForm,
  type StockFormValues,
  stockBodyOf,
  stockFormValuesOf,
} from './stock-form';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;
const EXCHANGE_OPTIONS = EXCHANGE_CODES.map((code) => ({ value: code, label: code }));

export const STOCK_EDIT_CONFLICT =
  'Someone else changed this stock while you were editing. Their changes are now in the form and yours are kept; review them and save again.';

function shownValue(field: keyof StockFormValues, value: unknown): string {
  if (field === 'is_active') return value ? 'Yes' : 'No';
  return String(value) || '(empty)';
}

/** The form's next values after a 412, and a line for each field both people changed. */
function stockEditConflict(from: Stock, typed: StockFormValues, newer: Stock): EditConflict<StockFormValues> {
  const { values, conflicts } = mergeAfterConflict(stockFormValuesOf(from), typed, stockFormValuesOf(newer));
  const notes = conflicts.map(
    ({ field, theirs }) =>
      `${STOCK_FORM_LABELS[field]}: your value is kept; they saved ${shownValue(field, theirs)}.`,
  );
  return new EditConflict(STOCK_EDIT_CONFLICT, values, notes);
}

const saved = (message: string) => notifications.show({ color: 'green', icon: <IconCheck />, message });

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; ticker: string }
  | { kind: 'deactivate'; stock: Stock }
  | null;

export function StocksAdminPage() {
  useDocumentTitle('Stock catalogue');
  const [params, changeParams] = useUrlListParams(CATALOGUE_URL);
  const catalogue = useCatalogue(params);
  const exchanges = useExchanges();
  const create = useCreateStock();
  const update = useUpdateStock();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [search, setSearch] = useTypedUrlFilter(params.search, (value) =>
    changeParams({ search: value }, { replace: true }),
  );
  const close = () => setDialog(null);
  const changing = update.isPending ? (update.variables?.ticker ?? null) : null;

  const addStock = async (values: StockFormValues) => {
    const stock = await create.mutateAsync(stockBodyOf(values));
    saved(`Stock ${stock.ticker} added.`);
    close();
  };

  const setActive = (stock: Stock, isActive: boolean) =>
    update.mutate(
      { ticker: stock.ticker, body: { is_active: isActive }, etag: null },
      {
        onSuccess: () => {
          saved(`${stock.ticker} ${isActive ? 'activated' : 'deactivated'}.`);
          close();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Could not ${isActive ? 'activate' : 'deactivate'} ${stock.ticker}.`,
            message: failureText(error),
          }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          Stock catalogue
        </Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          Add stock
        </Button>
      </Group>

      <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Ticker or company name"
              type="search"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maxLength={100}
            />
            <FilterSelect<ExchangeCode>
              label="Exchange"
              allLabel="All"
              options={EXCHANGE_OPTIONS}
              value={params.exchange}
              onChange={(exchange) => changeParams({ exchange })}
              w={{ base: '100%', xs: 150 }}
            />
            <FilterSelect
              label="Status"
              allLabel="All"
              options={STATUS_OPTIONS}
              value={params.is_active === null ? null : `${params.is_active}`}
              onChange={(status) => changeParams({ is_active: status === null ? null : status === 'true' })}
              w={{ base: '100%', xs: 150 }}
            />
          </Group>

          <PagedList
            query={catalogue}
            params={params}
            changeParams={changeParams}
            pageSizes={STOCK_CATALOGUE_PAGE_SIZES}
            loadErrorTitle="Could not load the stocks."
            className={classes.tableWrapper}
          >
            <ListTable
              label="Stocks"
              className={classes.table}
              busy={catalogue.isFetching}
              head={
                <>
                  <Table.Th>Ticker</Table.Th>
                  <Table.Th>Company name</Table.Th>
                  <Table.Th>Exchange</Table.Th>
                  <Table.Th>Sector</Table.Th>
                  <Table.Th className={classes.numeric}>Lot size</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th w={112} className={classes.actions}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </>
              }
              columnCount={7}
              rows={catalogue.data?.results ?? null}
              pageSize={params.page_size}
              emptyText="No stocks found."
              renderRow={(stock) => (
                <Table.Tr key={stock.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/stocks/${stock.ticker}`} fw={600}>
                      {stock.ticker}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.wrap}>{stock.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" className={classes.badge}>
                      {stock.exchange.code}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {stock.sector || (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{formatNumber(stock.lot_size)}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={stock.is_active ? 'green' : 'gray'} className={classes.badge}>
                      {stock.is_active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Edit" withArrow>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${stock.ticker}`}
                          onClick={() => setDialog({ kind: 'edit', ticker: stock.ticker })}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Price records" withArrow>
                        <ActionIcon
                          component={Link}
                          to={`/stocks/admin/prices?ticker=${stock.ticker}`}
                          variant="subtle"
                          aria-label={`Price records of ${stock.ticker}`}
                        >
                          <IconReportMoney size={18} />
                        </ActionIcon>
                      </Tooltip>
                      {stock.is_active ? (
                        <Tooltip label="Deactivate" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Deactivate ${stock.ticker}`}
                            loading={changing === stock.ticker}
                            disabled={changing !== null}
                            onClick={() => setDialog({ kind: 'deactivate', stock })}
                          >
                            <IconBan size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <Tooltip label="Activate" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="green"
                            aria-label={`Activate ${stock.ticker}`}
                            loading={changing === stock.ticker}
                            disabled={changing !== null}
                            onClick={() => setActive(stock, true)}
                          >
                            <IconCircleCheck size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            />
          </PagedList>
        </Stack>
      </Paper>

      <Modal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onClose={close}
        title={dialog?.kind === 'edit' ? `Edit ${dialog.ticker}` : 'Add stock'}
        size="lg"
        centered
      >
        {dialog?.kind === 'create' && (
          <StockForm
            mode="create"
            initialValues={EMPTY_STOCK_FORM}
            exchanges={exchanges.data}
            exchangesError={exchanges.isError}
            onSubmit={addStock}
            onCancel={close}
          />
        )}
        {dialog?.kind === 'edit' && (
          <EditStock
            ticker={dialog.ticker}
            exchanges={exchanges}
            onSaved={(ticker) => {
              saved(`Stock ${ticker} saved.`);
              close();
            }}
            onCancel={close}
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={dialog?.kind === 'deactivate'}
        title={dialog?.kind === 'deactivate' ? `Deactivate ${dialog.stock.ticker}?` : ''}
        message={
          dialog?.kind === 'deactivate'
            ? `${dialog.stock.ticker} (${dialog.stock.name}) will no longer be found by the ticker search. Watchlists that hold it keep it, and it can be activated again.`
            : ''
        }
        confirmLabel="Deactivate"
        loading={update.isPending}
        onConfirm={() => dialog?.kind === 'deactivate' && setActive(dialog.stock, false)}
        onCancel={close}
      />
    </Stack>
  );
}

/** The edit form of one stock, filled from the version it was loaded at. */
function EditStock({
  ticker,
  exchanges,
  onSaved,
  onCancel,
}: {
  ticker: string;
  exchanges: ReturnType<typeof useExchanges>;
  onSaved: (ticker: string) => void;
  onCancel: () => void;
}) {
  const stock = useVersionedStock(ticker);
  const update = useUpdateStock();
  const queryClient = useQueryClient();
  const { loaded, saveOver } = useVersionedEdit(stock.data);

  if (!loaded) {
    return stock.isError ? (
      <LoadErrorAlert
        title={`Could not load ${ticker}.`}
        error={stock.error}
        onRetry={() => stock.refetch()}
      />
    ) : (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label={`Loading ${ticker}`} />
      </Group>
    );
  }

  const save = async (values: StockFormValues) => {
    const { ticker: _, ...body } = stockBodyOf(values);
    await saveOver(loaded, {
      write: (etag) => update.mutateAsync({ ticker, body, etag }),
      reread: () => queryClient.fetchQuery({ ...stockQueryOptions(ticker), staleTime: 0 }),
      conflict: (base, newer) => stockEditConflict(base, values, newer),
    });
    onSaved(ticker);
  };

  return (
    <StockForm
      mode="edit"
      initialValues={stockFormValuesOf(loaded.data)}
      exchanges={exchanges.data}
      exchangesError={exchanges.isError}
      onSubmit={save}
      onCancel={onCancel}
    />
  );
}
