// Picks a registered user for a player (spec 2, 5): search debounced 250 ms, up to 10 results.
import { Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { searchUsers, type UserOption } from '../api/search-users';

export const USER_SEARCH_DEBOUNCE_MS = 250;

export function UserPicker({
  label,
  selected,
  onSelect,
}: {
  label: string;
  selected: UserOption | null;
  onSelect: (user: UserOption | null) => void;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['cashflow', 'user-search', debounced],
    queryFn: ({ signal }) => searchUsers(debounced, signal),
    enabled: selected === null && debounced !== '',
    staleTime: 60_000,
  });

  if (selected) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" style={{ flex: 1 }} truncate>
          Người dùng: <b>{selected.display_name}</b>
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => onSelect(null)}>
          Xóa
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        placeholder="Tìm theo tên"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
      />
      {debounced !== '' && search.isError && (
        <Text size="sm" c="red">
          Không tìm được người dùng.
        </Text>
      )}
      {debounced !== '' && search.data && search.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Không có kết quả
        </Text>
      )}
      {debounced !== '' && search.data && search.data.length > 0 && (
        <Paper withBorder p={4}>
          {search.data.map((user) => (
            <UnstyledButton
              key={user.id}
              display="block"
              w="100%"
              p="xs"
              onClick={() => {
                onSelect(user);
                setText('');
              }}
            >
              {user.display_name}
            </UnstyledButton>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
