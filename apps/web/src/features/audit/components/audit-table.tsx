// The audit log's table: one row per event. The actor and the target, named by name or e-mail, are
// buttons that narrow the list to them; the detail is said in words (audit-labels.ts). On a phone the
// table scrolls inside its card.
import { Anchor, Table, Text } from '@mantine/core';
import type { AuditEvent, AuditTargetType } from '@staff/contracts';
import { ListTable } from '../../../components/list-table';
import { actionLabel, actorLabel, formatAuditTime, summariseDetail, targetLabel } from '../audit-labels';
import classes from './audit-table.module.css';

const COLUMNS = ['Time', 'Actor', 'Action', 'Target', 'IP address', 'Detail'];

interface AuditTableProps {
  /** null while the first page loads. */
  events: AuditEvent[] | null;
  pageSize: number;
  busy: boolean;
  emptyText: string;
  onActor: (actorId: number) => void;
  onTarget: (type: AuditTargetType, id: string) => void;
}

function Dimmed({ children }: { children: string }) {
  return (
    <Text span c="dimmed" size="sm">
      {children}
    </Text>
  );
}

/** Who acted: a signed-in user, a stranger (a throttled sign-in has an address) or the command line. */
function ActorCell({ event, onActor }: { event: AuditEvent; onActor: (id: number) => void }) {
  const name = actorLabel(event);
  if (event.actor_id === null || name === null) {
    return <Dimmed>{event.ip ? 'Not signed in' : 'Command line'}</Dimmed>;
  }
  const actorId = event.actor_id;
  const email = event.actor_email && event.actor_email !== name ? ` (${event.actor_email})` : '';
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => onActor(actorId)}
      title={`Show only events by ${name}${email}`}
    >
      {name}
    </Anchor>
  );
}

function TargetCell({ event, onTarget }: { event: AuditEvent; onTarget: AuditTableProps['onTarget'] }) {
  const label = targetLabel(event);
  if (!label) return <Dimmed>—</Dimmed>;
  if (!event.target_type || !event.target_id) return label;
  const { target_type: type, target_id: id } = event;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => onTarget(type, id)}
      title={`Show only events about ${label}`}
    >
      {label}
    </Anchor>
  );
}

export function AuditTable({ events, pageSize, busy, emptyText, onActor, onTarget }: AuditTableProps) {
  return (
    <ListTable
      label="Audit events"
      className={classes.table}
      busy={busy}
      head={COLUMNS.map((column) => <Table.Th key={column}>{column}</Table.Th>)}
      columnCount={COLUMNS.length}
      rows={events}
      pageSize={pageSize}
      emptyText={emptyText}
      renderRow={(event) => {
        const detail = summariseDetail(event.detail);
        return (
          <Table.Tr key={event.id}>
            <Table.Td>
              <time dateTime={event.at}>{formatAuditTime(event.at)}</time>
            </Table.Td>
            <Table.Td className={classes.person}>
              <ActorCell event={event} onActor={onActor} />
            </Table.Td>
            <Table.Td>
              <Text span size="sm" title={event.action}>
                {actionLabel(event.action)}
              </Text>
            </Table.Td>
            <Table.Td className={classes.person}>
              <TargetCell event={event} onTarget={onTarget} />
            </Table.Td>
            <Table.Td>{event.ip ?? <Dimmed>—</Dimmed>}</Table.Td>
            <Table.Td className={classes.detail}>{detail || <Dimmed>—</Dimmed>}</Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
