// What a user does to one of their lists (issue 26): make it the default (the badge moves), rename
// it, and delete it after a confirmation that says where the default goes. Each through the
// server's PATCH / DELETE /stocks/watchlists/{id}/, with a toast when done.
import { ActionIcon, Alert, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { STOCK_MESSAGES, type Watchlist, WatchlistCreate } from '@staff/contracts';
import { IconCheck, IconDots, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { OnDemandModal } from '../../../components/on-demand-modal';
import { failureText, fieldErrorsOf } from '../../../lib/api-client';
import { useDeleteWatchlist, useUpdateWatchlist } from '../api';

const done = (message: string) => notifications.show({ color: 'green', icon: <IconCheck />, message });

/**
 * The ⋯ menu beside a list's name ('List actions', inside the row's group named after the list, so
 * the list's own button keeps the list's name alone).
 */
export function ListMenu({
  list,
  onRename,
  onDelete,
}: {
  list: Watchlist;
  onRename: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateWatchlist();
  const makeDefault = () =>
    update.mutate(
      { id: list.id, is_default: true },
      {
        onSuccess: () => done(`"${list.name}" is now your default list.`),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: `Could not make "${list.name}" the default. ${failureText(error)}`,
          }),
      },
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="List actions" loading={update.isPending}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconStar size={14} />} disabled={list.is_default} onClick={makeDefault}>
          Make default
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function RenameForm({ list, onDone }: { list: Watchlist; onDone: () => void }) {
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateWatchlist();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WatchlistCreate.shape.name.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? STOCK_MESSAGES.nameRequired);
      return;
    }
    if (parsed.data === list.name) {
      onDone();
      return;
    }
    update.mutate(
      { id: list.id, name: parsed.data },
      {
        onSuccess: () => {
          done(`Renamed "${list.name}" to "${parsed.data}".`);
          onDone();
        },
        onError: (err) => setError(fieldErrorsOf(err).name ?? failureText(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Rename watchlist" noValidate>
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RenameListDialog({ list, onClose }: { list: Watchlist | null; onClose: () => void }) {
  const [shown, setShown] = useState(list);
  if (list !== null && list !== shown) setShown(list);
  return (
    <OnDemandModal opened={list !== null} onClose={onClose} title="Rename watchlist">
      {shown ? <RenameForm key={shown.id} list={shown} onDone={onClose} /> : null}
    </OnDemandModal>
  );
}

/** What deleting the list does besides: its tickers go, and the default passes on (or there is none). */
export function deleteConsequences(list: Watchlist, lists: Watchlist[]): string[] {
  const said: string[] = [];
  if (list.item_count > 0)
    said.push(
      `Its ${list.item_count} ${list.item_count === 1 ? 'ticker' : 'tickers'} will be removed with it.`,
    );
  if (list.is_default) {
    // The server hands the default to the oldest remaining list: the first in this id order.
    const next = lists.filter((l) => l.id !== list.id).sort((a, b) => a.id - b.id)[0];
    said.push(next ? `"${next.name}" will become your default list.` : 'You will have no watchlists left.');
  }
  return said;
}

export function DeleteListDialog({
  list,
  lists,
  onClose,
  onDeleted,
}: {
  list: Watchlist | null;
  lists: Watchlist[];
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const [shown, setShown] = useState(list);
  if (list !== null && list !== shown) setShown(list);
  const remove = useDeleteWatchlist();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = () => {
    if (!shown) return;
    remove.mutate(shown.id, {
      onSuccess: () => {
        done(`Deleted the watchlist "${shown.name}".`);
        onDeleted(shown.id);
        close();
      },
      onError: (error) => setFailure(failureText(error)),
    });
  };
  return (
    <OnDemandModal opened={list !== null} onClose={close} title="Delete watchlist">
      {shown ? (
        <Stack>
          <Text>Are you sure you want to delete the watchlist "{shown.name}"?</Text>
          {deleteConsequences(shown, lists).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
          {failure ? (
            <Alert color="red" role="alert" py="xs">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </OnDemandModal>
  );
}
