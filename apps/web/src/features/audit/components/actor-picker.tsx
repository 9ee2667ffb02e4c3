// The audit log's actor filter: type part of a name or an e-mail (accents optional), pick the person;
// the list is then filtered by that user's id (kept in the URL as `actor`). Emptying the box drops
// the filter. The suggestions come from the user list's search (api/search-actors.ts).
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { type ActorOption, useActor, useActorSearch } from '../api/search-actors';

/** As the user list's search waits. */
const SEARCH_DEBOUNCE_MS = 250;
export const NO_ACTOR_FOUND = 'No user found.';

function optionLabel(option: ActorOption): string {
  return option.name === option.email ? option.email : `${option.name} — ${option.email}`;
}

export function ActorPicker({
  actorId,
  fallbackName,
  onChange,
}: {
  actorId: number | null;
  /** How the events shown name this actor, for one the user list no longer has. */
  fallbackName: string | null;
  onChange: (actorId: number | null) => void;
}) {
  const chosen = useActor(actorId);
  const chosenLabel =
    actorId === null || chosen.isPending
      ? ''
      : chosen.data
        ? optionLabel(chosen.data)
        : (fallbackName ?? `User #${actorId}`);
  const [typed, setTyped] = useState('');
  // The chosen actor (picked, linked, or cleared by 'Clear filters') shows by name in the box.
  useEffect(() => {
    if (actorId === null) setTyped('');
    else if (chosenLabel) setTyped(chosenLabel);
  }, [actorId, chosenLabel]);

  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searching = debounced.trim() !== '' && debounced !== chosenLabel;
  const found = useActorSearch(searching ? debounced : '');
  const shown = searching ? found.data : undefined;
  // Kept while the answer is the same, so the open list is not rebuilt on every render.
  const suggestions = useMemo(
    () => new Map<string, number>((shown ?? []).map((option) => [optionLabel(option), option.id])),
    [shown],
  );
  const labels = useMemo(() => [...suggestions.keys()], [suggestions]);
  const noMatch = searching && found.isSuccess && !found.isPlaceholderData && found.data.length === 0;

  return (
    <Autocomplete
      label="Actor"
      placeholder="Name or e-mail"
      autoComplete="off"
      value={typed}
      onChange={(text) => {
        setTyped(text);
        if (text.trim() === '' && actorId !== null) onChange(null);
      }}
      data={labels}
      // The server has matched already (accents, e-mail): show every suggestion it sent.
      filter={({ options }) => options}
      onOptionSubmit={(label) => {
        const id = suggestions.get(label);
        if (id !== undefined) onChange(id);
      }}
      error={noMatch ? NO_ACTOR_FOUND : found.isError ? 'Could not search users.' : undefined}
      leftSection={<IconSearch size={16} />}
      rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
    />
  );
}
