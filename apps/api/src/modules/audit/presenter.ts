// Decides how a stored event leaves the server: the instant as ISO-8601, `detail` as an object, and
// the users it mentions by name (full name, else e-mail) as well as by id.
import type { AuditAction, AuditEvent, AuditTargetType } from '@staff/contracts';
import { toDate } from '../../db/dialect';
import type { AuditEventRow } from './repo';
import type { UserNames } from './service';

/** `detail` is JSON object text written by record.ts; anything else is shown as no detail, not an error. */
function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The target user's name now, else (a deleted user) the e-mail its event recorded, else null. */
function targetName(row: AuditEventRow, detail: Record<string, unknown>, names: UserNames): string | null {
  if (row.target_type !== 'user' || !row.target_id) return null;
  const known = names.get(Number(row.target_id));
  if (known) return known;
  return typeof detail.email === 'string' && row.action.startsWith('user.') ? detail.email : null;
}

export function presentAuditEvent(row: AuditEventRow, names: UserNames = new Map()): AuditEvent {
  const detail = parseDetail(row.detail);
  return {
    id: row.id,
    at: toDate(row.at).toISOString(),
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action as AuditAction,
    target_type: row.target_type as AuditTargetType | null,
    target_id: row.target_id,
    ip: row.ip,
    detail,
    actor_name: row.actor_id === null ? null : (names.get(row.actor_id) ?? null),
    target_name: targetName(row, detail, names),
  };
}
