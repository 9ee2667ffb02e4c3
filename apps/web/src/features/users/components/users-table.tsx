// The user list's table: sortable headers, role and status badges, edit and delete per row.
// Gender is left to the form so the table fits a laptop screen without scrolling.
import { ActionIcon, Badge, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { User, UserOrdering, UserOrderingField } from '@staff/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_COLORS, roleLabel } from '../user-labels';
import { SortableHeader } from './sortable-header';
import classes from './users-table.module.css';

const COLUMNS: { field: UserOrderingField; label: string }[] = [
  { field: 'last_name', label: 'Last name' },
  { field: 'middle_name', label: 'Middle name' },
  { field: 'first_name', label: 'First name' },
  { field: 'email', label: 'Email' },
  { field: 'phone', label: 'Phone' },
  { field: 'role', label: 'Role' },
  { field: 'is_active', label: 'Status' },
];

interface UsersTableProps {
  /** null while the first page loads. */
  users: User[] | null;
  pageSize: number;
  ordering: UserOrdering;
  onSort: (field: UserOrderingField) => void;
  onDelete: (user: User) => void;
  deletingId: number | null;
  /** Where the form returns to: the list with its current query. */
  listLocation: string;
  busy: boolean;
}

function Cell({ value }: { value: string }) {
  return value ? (
    value
  ) : (
    <Text span c="dimmed">
      —
    </Text>
  );
}

export function UsersTable({
  users,
  pageSize,
  ordering,
  onSort,
  onDelete,
  deletingId,
  listLocation,
  busy,
}: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        aria-busy={busy}
        aria-label="Users"
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <SortableHeader key={column.field} {...column} ordering={ordering} onSort={onSort} />
            ))}
            <Table.Th w={76}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users === null &&
            Array.from({ length: Math.min(pageSize, 10) }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
              <Table.Tr key={row} aria-hidden>
                {Array.from({ length: COLUMNS.length + 1 }, (_, cell) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                  <Table.Td key={cell}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {users?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1}>
                <Text ta="center" c="dimmed" py="xl">
                  No users found.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {users?.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Cell value={user.last_name} />
              </Table.Td>
              <Table.Td>
                <Cell value={user.middle_name} />
              </Table.Td>
              <Table.Td>
                <Cell value={user.first_name} />
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <Cell value={user.phone} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={ROLE_COLORS[user.role] ?? 'gray'} className={classes.badge}>
                  {roleLabel(user.role)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={user.is_active ? 'green' : 'gray'} className={classes.badge}>
                  {user.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon
                      component={Link}
                      to={`/admin/users/${user.id}/edit`}
                      state={{ from: listLocation }}
                      variant="subtle"
                      aria-label={`Edit ${user.email}`}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${user.email}`}
                      loading={deletingId === user.id}
                      disabled={deletingId !== null}
                      onClick={() => onDelete(user)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
