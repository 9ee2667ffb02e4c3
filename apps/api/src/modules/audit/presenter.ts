// Decides how a stored event leaves the server: the instant as ISO-8601, `detail` as an object.
import type { AuditAction, AuditEvent, AuditTargetType } from '@staff/contracts';
import { toDate } from '../../db/dialect';
import type { AuditEventRow } from './repo';

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

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: toDate(row.at).toISOString(),
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action as AuditAction,
    target_type: row.target_type as AuditTargetType | null,
    target_id: row.target_id,
    ip: row.ip,
    detail: parseDetail(row.detail),
  };
}
