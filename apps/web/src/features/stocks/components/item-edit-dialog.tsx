// A card's note and target, edited in a dialog (issue 26): PATCH .../items/{item_id}/ with what
// changed, the server's refusals under the fields (what was typed stays), a toast when saved. An
// emptied box clears the note or the target.
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { OnDemandModal } from '../../../components/on-demand-modal';
import { failureText, fieldErrorsOf } from '../../../lib/api-client';
import { useUpdateItem, type WatchlistCard } from '../api';
import {
  type ItemFieldErrors,
  ItemFields,
  type ItemFieldValues,
  itemFieldErrors,
  itemPayload,
} from './item-fields';

function valuesOf(card: WatchlistCard): ItemFieldValues {
  return { note: card.item.note, target: card.item.target_price ?? '' };
}

function EditForm({ card, listId, onDone }: { card: WatchlistCard; listId: number; onDone: () => void }) {
  const [values, setValues] = useState(() => valuesOf(card));
  const [errors, setErrors] = useState<ItemFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateItem(listId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = itemFieldErrors(values);
    setErrors(refused);
    setFailure(null);
    if (Object.keys(refused).length > 0) return;
    const { note, target_price } = itemPayload(values);
    // Only what changed: the same target sent again would keep its side anyway (the server's rule).
    const changes = {
      ...(note !== card.item.note ? { note } : {}),
      ...(target_price !== card.item.target_price ? { target_price } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { itemId: card.item.id, ...changes },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            icon: <IconCheck />,
            message: `Saved the note and target of ${card.ticker}.`,
          });
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          const { note: noteError, target_price: targetError, ...rest } = fields;
          setErrors({ note: noteError, target_price: targetError });
          const other = Object.values(rest);
          setFailure(
            other.length > 0 ? other.join(' ') : noteError || targetError ? null : failureText(error),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Note and target of ${card.ticker}`} noValidate>
      <Stack>
        <ItemFields
          values={values}
          errors={errors}
          onChange={setValues}
          currentPrice={card.snapshot?.current_price ?? null}
          autoFocus
        />
        {failure ? (
          <Alert color="red" role="alert" py="xs">
            {failure}
          </Alert>
        ) : null}
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

/** One dialog for the page, opened on the card being edited (`card` null: closed). */
export function ItemEditDialog({
  card,
  listId,
  onClose,
}: {
  card: WatchlistCard | null;
  listId: number | null;
  onClose: () => void;
}) {
  // The last card shown stays in the dialog while it closes, so its exit is not an empty box.
  const [shown, setShown] = useState(card);
  if (card !== null && card !== shown) setShown(card);
  return (
    <OnDemandModal
      opened={card !== null}
      onClose={onClose}
      title={shown ? `${shown.ticker} — note and target` : ''}
    >
      {shown && listId !== null ? (
        <EditForm key={`${listId}:${shown.item.id}`} card={shown} listId={listId} onDone={onClose} />
      ) : null}
    </OnDemandModal>
  );
}
