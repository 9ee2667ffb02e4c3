// A column header that sorts the list: the same column again flips the direction.
import { Group, Table, UnstyledButton } from '@mantine/core';
import type { UserOrdering, UserOrderingField } from '@staff/contracts';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { orderingDirection } from '../user-list-params';
import classes from './users-table.module.css';

interface SortableHeaderProps {
  field: UserOrderingField;
  label: string;
  ordering: UserOrdering;
  onSort: (field: UserOrderingField) => void;
}

export function SortableHeader({ field, label, ordering, onSort }: SortableHeaderProps) {
  const direction = orderingDirection(ordering, field);
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction ?? undefined} className={classes.sortableHeader}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(field)}
        data-sorted={direction ?? undefined}
      >
        <Group gap={4} wrap="nowrap" component="span">
          <span>{label}</span>
          <Icon size={14} aria-hidden className={classes.sortIcon} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
