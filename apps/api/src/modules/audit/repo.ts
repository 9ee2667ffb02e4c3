// Reads of the audit log: one filtered page, newest first, and its total from the same filters.
// Nothing here writes; events are written only by record.ts.
import type { SelectQueryBuilder } from 'kysely';
import { toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export interface AuditFilters {
  action?: string | undefined;
  actorId?: number | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Inclusive lower bound. */
  from?: Date | undefined;
  /** Exclusive upper bound. */
  before?: Date | undefined;
}

export const AUDIT_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'ip',
  'detail',
] as const;

function whereMatching<O>(
  q: SelectQueryBuilder<Database, 'audit_events', O>,
  f: AuditFilters,
): SelectQueryBuilder<Database, 'audit_events', O> {
  let out = q;
  if (f.action !== undefined) out = out.where('action', '=', f.action);
  if (f.actorId !== undefined) out = out.where('actor_id', '=', f.actorId);
  if (f.targetType !== undefined) out = out.where('target_type', '=', f.targetType);
  if (f.targetId !== undefined) out = out.where('target_id', '=', f.targetId);
  // Bounds are computed in TypeScript and compared as instants: ISO text on SQLite, timestamptz on PostgreSQL.
  if (f.from !== undefined) out = out.where('at', '>=', toIso(f.from));
  if (f.before !== undefined) out = out.where('at', '<', toIso(f.before));
  return out;
}

export function createAuditRepo(db: Db) {
  return {
    /** One page (newest first, ties by id) and the total, both cut and counted in the database. */
    async listEvents(filters: AuditFilters, page: { offset: number; limit: number }) {
      const rowsQuery = whereMatching(db.selectFrom('audit_events').select(AUDIT_COLUMNS), filters)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit);
      const countQuery = whereMatching(
        db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')),
        filters,
      );
      const [rows, total] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
      return { count: Number(total.n), rows };
    },
  };
}

export type AuditEventRow = Awaited<
  ReturnType<ReturnType<typeof createAuditRepo>['listEvents']>
>['rows'][number];
