// The audit log: security-relevant events, written by the server in the transaction of what
// they record and never changed through the API (docs/decisions/0014-audit-log.md).
import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.import',
  'user.password_set',
  'auth.token_reuse',
  'auth.throttled',
  'diary.read_other',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AUDIT_TARGET_TYPES = ['user', 'diary'] as const;
export const AuditTargetType = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditEvent = z.object({
  id: z.number().int(),
  /** ISO-8601 instant. */
  at: z.string(),
  /** The signed-in user who acted; null for a stranger (a throttled sign-in) or the command line. */
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: AuditAction,
  target_type: AuditTargetType.nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  /** What changed or what happened, e.g. {"fields": ["role", "is_active"]} or {"created": 12}. */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
