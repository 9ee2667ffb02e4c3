// Reading the audit log for administrators: the query's calendar dates become instants here, in
// TypeScript, so both databases compare the same parameters (DESIGN "Two databases, one behaviour").
import { type AuditListQuery, fullName } from '@staff/contracts';
import type { Db } from '../../db/index';
import { pageWindow, refusePastLastPage } from '../../http/pages';
import { type AuditEventRow, createAuditRepo } from './repo';

/** Asia/Ho_Chi_Minh has been UTC+7 all year since 1975. */
const VIETNAM_OFFSET = '+07:00';

/** The instant a Vietnamese calendar day (YYYY-MM-DD) begins. */
export function startOfVietnamDay(date: string): Date {
  return new Date(`${date}T00:00:00${VIETNAM_OFFSET}`);
}

/**
 * The exclusive end of an inclusive `to` day: the start of the next day. Past year 9999 it is
 * undefined (no bound), since nothing is recorded that late and the instant has no 4-digit ISO form.
 */
export function endOfVietnamDay(date: string): Date | undefined {
  const end = new Date(startOfVietnamDay(date).getTime() + 86_400_000);
  return end.getUTCFullYear() > 9999 ? undefined : end;
}

/** A user as the audit log names one. */
export interface UserName {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** Users' ids → how the log names them: full name, else e-mail. */
export type UserNames = ReadonlyMap<number, string>;

/** The user ids a page of events mentions, as actor or as a user target. */
function mentionedUserIds(rows: readonly AuditEventRow[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.actor_id !== null) ids.add(row.actor_id);
    if (row.target_type === 'user' && row.target_id && /^\d{1,10}$/.test(row.target_id)) {
      ids.add(Number(row.target_id));
    }
  }
  return [...ids];
}

export function createAuditService(deps: {
  db: Db;
  /** Users' names and e-mails by id (users' records, handed in by app.ts: users records through audit). */
  findUserNames?: (ids: readonly number[]) => Promise<UserName[]>;
}) {
  const repo = createAuditRepo(deps.db);
  return {
    /** How the users a page mentions are named, read once for the page (one query, not one per row). */
    async namesFor(rows: readonly AuditEventRow[]): Promise<UserNames> {
      const ids = mentionedUserIds(rows);
      if (!deps.findUserNames || ids.length === 0) return new Map();
      const users = await deps.findUserNames(ids);
      return new Map(users.map((u) => [u.id, fullName(u) || u.email]));
    },

    async list(query: AuditListQuery): Promise<{ count: number; rows: AuditEventRow[] }> {
      const result = await repo.listEvents(
        {
          action: query.action,
          actorId: query.actor,
          targetType: query.target_type,
          targetId: query.target_id,
          from: query.from === undefined ? undefined : startOfVietnamDay(query.from),
          before: query.to === undefined ? undefined : endOfVietnamDay(query.to),
        },
        pageWindow(query),
      );
      refusePastLastPage(result.rows.length, query);
      return result;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
