// Writes one audit event. Callers pass their transaction, so the event commits or rolls back
// with what it records; nothing updates or deletes these rows.
import type { AuditAction, AuditTargetType } from '@staff/contracts';
import type { FastifyRequest } from 'fastify';
import { toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import { currentAuth } from '../../http/auth';

/** Who is acting and from where, as a route knows it; actor null for a stranger or the command line. */
export interface AuditContext {
  actor: { id: number; email: string } | null;
  ip: string | null;
}

/** The context of a request past an authentication guard: the signed-in user, from the client's address. */
export function requestAuditContext(request: FastifyRequest): AuditContext {
  const { id, email } = currentAuth(request).user;
  return { actor: { id, email }, ip: request.ip };
}

export interface AuditEventInput {
  action: AuditAction;
  target?: { type: AuditTargetType; id: string | number } | null;
  detail?: Record<string, unknown>;
  /** The e-mail a stranger claimed (a throttled sign-in), when there is no actor. */
  actorEmail?: string;
}

export async function recordAuditEvent(
  tx: Db,
  context: AuditContext,
  event: AuditEventInput,
  at: Date,
): Promise<void> {
  await tx
    .insertInto('audit_events')
    .values({
      at: toIso(at),
      actor_id: context.actor?.id ?? null,
      actor_email: context.actor?.email ?? event.actorEmail?.slice(0, 254) ?? null,
      action: event.action,
      target_type: event.target?.type ?? null,
      target_id: event.target ? String(event.target.id) : null,
      ip: context.ip?.slice(0, 64) ?? null,
      detail: JSON.stringify(event.detail ?? {}),
    })
    .execute();
}

/** The command line acts as nobody, from nowhere. */
export const COMMAND_LINE: AuditContext = { actor: null, ip: null };
