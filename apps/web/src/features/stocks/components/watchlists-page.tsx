// /stocks — Watchlists (spec sections 2, 4, 5, 8, 9): create lists, pick one, add tickers with a
// debounced search (with the spec's optional note and target price), and the card grid with live
// quotes. Issue 26: each card's note and target edited in a dialog, the cards whose price crossed
// their target marked and counted, and each list made the default, renamed or deleted from its menu.
import {
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  normaliseTicker,
  STOCK_MESSAGE_CLEAR_MS,
  STOCK_MESSAGES,
  TICKER_SEARCH_DEBOUNCE_MS,
  targetCrossed,
  type Watchlist,
} from '@staff/contracts';
import { IconTargetArrow } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError, fieldErrorsOf } from '../../../lib/api-client';
import {
  addItem,
  stockKeys,
  useCards,
  useCreateWatchlist,
  useRemoveItem,
  useStockSearch,
  useWatchlists,
  type WatchlistCard,
} from '../api';
import { withLiveQuote } from '../format';
import { useLiveQuotes } from '../live';
import { DemoNotice } from './demo-notice';
import { ItemEditDialog } from './item-edit-dialog';
import {
  EMPTY_ITEM_FIELDS,
  type ItemFieldErrors,
  ItemFields,
  type ItemFieldValues,
  itemFieldErrors,
  itemPayload,
} from './item-fields';
import { DeleteListDialog, ListMenu, RenameListDialog } from './list-actions';
import { StockCard } from './stock-card';

/** The server's answer to a failed add, as text: its detail or its field messages. */
export function addFailureText(error: unknown): string {
  if (error instanceof ApiError && error.body) {
    if (typeof error.body.detail === 'string') return error.body.detail;
    const messages = Object.values(error.body)
      .flat()
      .filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) return messages.join(' ');
    return JSON.stringify(error.body);
  }
  return STOCK_MESSAGES.addFailed;
}

function CreateWatchlist({ onCreated }: { onCreated: (id: number) => void }) {
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWatchlist();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(STOCK_MESSAGES.nameRequired);
      return;
    }
    create.mutate(
      // Spec section 7: "POST /stocks/watchlists/ | name, is_default".
      { name: name.trim(), is_default: isDefault },
      {
        onSuccess: (list) => {
          setName('');
          setIsDefault(false);
          setError(null);
          onCreated(list.id);
        },
        onError: (err) => setError(addFailureText(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Create watchlist">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Create watchlist"
          placeholder="List name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={create.isPending}>
          Add
        </Button>
      </Group>
      <Checkbox
        mt="xs"
        label="default"
        checked={isDefault}
        onChange={(e) => setIsDefault(e.currentTarget.checked)}
      />
    </form>
  );
}

function YourLists({
  lists,
  selected,
  onSelect,
  onRename,
  onDelete,
}: {
  lists: Watchlist[];
  selected: number | null;
  onSelect: (id: number) => void;
  onRename: (list: Watchlist) => void;
  onDelete: (list: Watchlist) => void;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600}>Your lists</Text>
      <nav aria-label="Your lists">
        {lists.map((l) => (
          <Group key={l.id} gap={2} wrap="nowrap" role="group" aria-label={l.name}>
            <NavLink
              component="button"
              active={l.id === selected}
              onClick={() => onSelect(l.id)}
              label={l.name}
              aria-current={l.id === selected ? 'true' : undefined}
              style={{ flex: 1, minWidth: 0 }}
              rightSection={
                <Group gap={4}>
                  {l.is_default ? (
                    <Badge size="xs" variant="light" tt="none">
                      default
                    </Badge>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {l.item_count}
                  </Text>
                </Group>
              }
            />
            <ListMenu list={l} onRename={() => onRename(l)} onDelete={() => onDelete(l)} />
          </Group>
        ))}
      </nav>
    </Stack>
  );
}

/** The ticker search found nothing (in Vietnamese, as the stocks hints are: spec §1). */
export const NO_TICKER_FOUND = 'Không tìm thấy mã';

function AddTicker({ list, onAdded }: { list: Watchlist | null; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), TICKER_SEARCH_DEBOUNCE_MS);
  const search = useStockSearch(debounced);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [fields, setFields] = useState<ItemFieldValues>(EMPTY_ITEM_FIELDS);
  const [fieldErrors, setFieldErrors] = useState<ItemFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const clear = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clear.current), []);

  const names = useMemo(() => new Map((search.data ?? []).map((s) => [s.ticker, s.name])), [search.data]);
  // Said once the search for what is typed now has answered with nothing.
  const nothingFound =
    debounced !== '' && debounced === text.trim() && search.isSuccess && search.data.length === 0;
  const hintId = useId();
  const hint = search.isError
    ? { text: 'Could not search tickers.', error: true }
    : nothingFound
      ? { text: NO_TICKER_FOUND, error: false }
      : null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    clearTimeout(clear.current);
    if (!list) {
      setMessage({ kind: 'error', text: STOCK_MESSAGES.selectList });
      return;
    }
    const ticker = normaliseTicker(text);
    if (!ticker) {
      setMessage({ kind: 'error', text: STOCK_MESSAGES.noTicker });
      return;
    }
    const refused = itemFieldErrors(fields);
    setFieldErrors(refused);
    if (Object.keys(refused).length > 0) {
      setMessage(null);
      return;
    }
    setBusy(true);
    try {
      // Spec section 7: "POST /stocks/watchlists/{id}/add_item/ | ticker, note, target_price".
      await addItem(list.id, { ticker, ...itemPayload(fields) });
      setMessage({ kind: 'success', text: STOCK_MESSAGES.added(ticker, list.name) });
      setText('');
      setFields(EMPTY_ITEM_FIELDS);
      onAdded();
      clear.current = setTimeout(() => setMessage(null), STOCK_MESSAGE_CLEAR_MS);
    } catch (err) {
      // A refused note or target is said under its box; anything else (the ticker) in the message.
      const { note, target_price, ...rest } = fieldErrorsOf(err);
      setFieldErrors({ ...(note ? { note } : {}), ...(target_price ? { target_price } : {}) });
      const others = Object.values(rest);
      if (!note && !target_price) setMessage({ kind: 'error', text: addFailureText(err) });
      else setMessage(others.length > 0 ? { kind: 'error', text: others.join(' ') } : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Add ticker to list">
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Autocomplete
            label="Add ticker to list"
            placeholder="Search ticker (e.g., VNM)"
            value={text}
            onChange={setText}
            data={[...names.keys()]}
            filter={({ options }) => options}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {option.value}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {names.get(option.value)}
                </Text>
              </Group>
            )}
            rightSection={search.isFetching ? <Loader size="xs" /> : null}
            error={search.isError}
            aria-describedby={hint ? hintId : undefined}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={busy}>
            Add
          </Button>
        </Group>
        {/* Under the row, not inside the field: inside, it pushed the field up and left 'Add' below it. */}
        {hint && (
          <Text
            id={hintId}
            size="xs"
            c={hint.error ? 'red' : 'dimmed'}
            role={hint.error ? 'alert' : 'status'}
            mt={-4}
          >
            {hint.text}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <ItemFields values={fields} errors={fieldErrors} onChange={setFields} />
        </SimpleGrid>
        {message ? (
          <Alert
            color={message.kind === 'success' ? 'green' : 'red'}
            role={message.kind === 'success' ? 'status' : 'alert'}
            py="xs"
          >
            {message.text}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

export function WatchlistsPage() {
  useDocumentTitle('Watchlists');
  const lists = useWatchlists();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const all = lists.data ?? [];
  const selected = all.find((l) => l.id === selectedId) ?? all.find((l) => l.is_default) ?? all[0] ?? null;
  // The list first shown is pinned, so it stays shown when another becomes the default (issue 26).
  if (selectedId === null && selected) setSelectedId(selected.id);
  const cards = useCards(selected?.id ?? null);
  const remove = useRemoveItem(selected?.id ?? null);
  const tickers = useMemo(() => (cards.data?.cards ?? []).map((c) => c.ticker), [cards.data]);
  const live = useLiveQuotes(tickers);
  const reload = () => void queryClient.invalidateQueries({ queryKey: stockKeys.watchlists() });
  // Each card's snapshot moved on by its live quote: the price shown, and the one its target is read against.
  const items = (cards.data?.cards ?? []).map((c) => {
    const quote = live[c.ticker];
    return { ...c, snapshot: c.snapshot && quote ? withLiveQuote(c.snapshot, quote) : c.snapshot };
  });
  const holiday = items.some((c) => c.snapshot?.is_holiday);
  const crossed = items.filter((c) => targetCrossed(c.item, c.snapshot?.current_price)).length;
  const [editing, setEditing] = useState<WatchlistCard | null>(null);
  const [renaming, setRenaming] = useState<Watchlist | null>(null);
  const [deleting, setDeleting] = useState<Watchlist | null>(null);

  return (
    <Stack>
      <Title order={1} size="h2">
        Watchlists
      </Title>
      <DemoNotice />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack>
              <CreateWatchlist onCreated={(id) => setSelectedId(id)} />
              {lists.isPending ? <Loader size="sm" role="status" aria-label="Loading lists" /> : null}
              {lists.isError ? (
                <LoadErrorAlert
                  title="Could not load your watchlists."
                  error={lists.error}
                  onRetry={() => lists.refetch()}
                />
              ) : (
                <YourLists
                  lists={all}
                  selected={selected?.id ?? null}
                  onSelect={setSelectedId}
                  onRename={setRenaming}
                  onDelete={setDeleting}
                />
              )}
              {selected ? (
                <Anchor component={Link} to={`/watchlists/${selected.id}/analysis`}>
                  Phân tích
                </Anchor>
              ) : (
                <Text c="dimmed" aria-disabled="true" role="link">
                  Phân tích
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <AddTicker list={selected} onAdded={reload} />
            <Group gap="xs">
              <Title order={2} size="h4">
                Items — {selected?.name ?? ''}
              </Title>
              <Badge variant="light" aria-label="Ticker count">
                {items.length}
              </Badge>
              {crossed > 0 ? (
                <Badge
                  color="indigo"
                  variant="light"
                  leftSection={<IconTargetArrow size={12} />}
                  data-testid="crossed-count"
                >
                  {crossed} {crossed === 1 ? 'target' : 'targets'} crossed
                </Badge>
              ) : null}
              {holiday ? (
                <Badge color="orange" variant="filled">
                  HOLIDAY
                </Badge>
              ) : null}
              {cards.isFetching ? <Loader size="xs" role="status" aria-label="Loading items" /> : null}
            </Group>
            {cards.isError ? (
              <LoadErrorAlert
                title="Could not load this list's items."
                error={cards.error}
                onRetry={() => cards.refetch()}
              />
            ) : null}
            {selected && cards.isSuccess && items.length === 0 ? (
              <Text c="dimmed">{STOCK_MESSAGES.noItems}</Text>
            ) : null}
            {!selected && lists.isSuccess ? <Text c="dimmed">{STOCK_MESSAGES.noItems}</Text> : null}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {items.map((c) => (
                <StockCard
                  key={c.ticker}
                  {...c}
                  removing={remove.isPending && remove.variables === c.ticker}
                  onRemove={() => remove.mutate(c.ticker)}
                  onEdit={() => setEditing(c)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
      <ItemEditDialog card={editing} listId={selected?.id ?? null} onClose={() => setEditing(null)} />
      <RenameListDialog list={renaming} onClose={() => setRenaming(null)} />
      <DeleteListDialog
        list={deleting}
        lists={all}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (selectedId === id) setSelectedId(null);
        }}
      />
    </Stack>
  );
}
