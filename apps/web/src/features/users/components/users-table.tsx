// The user list's table: sortable headers, role and status badges, edit and delete per row.
// Gender is left to the form so the table fits a laptop screen; when a row is still wider than the
// card (a long e-mail, a phone, the badges), the table scrolls inside it and the edit and delete
// column stays pinned to the card's right edge, so a row's actions are always in view.
import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { User, UserOrdering, UserOrderingField } from '@staff/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
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
    <ListTable
      label="Users"
      className={classes.table}
      busy={busy}
      head={
        <>
          {COLUMNS.map((column) => (
            <SortableHeader key={column.field} {...column} ordering={ordering} onSort={onSort} />
          ))}
          <Table.Th w={76} className={classes.actions}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
      columnCount={COLUMNS.length + 1}
      rows={users}
      pageSize={pageSize}
      emptyText="No users found."
      renderRow={(user) => (
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
          <Table.Td className={classes.actions}>
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
      )}
    />
  );
}
