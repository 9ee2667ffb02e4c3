// The audit log: security-relevant events, written by the server in the transaction of what
// they record and never changed through the API (docs/decisions/0014-audit-log.md).
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';
import { isIsoDate } from './diary';
import { pageQuery, paginated } from './paging';

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
  /**
   * Added for the screen (issue 27): the acting user's full name, else e-mail; null when the event
   * names no user or the user is gone (then `actor_email` still says who it was).
   */
  actor_name: z.string().nullable().optional(),
  /**
   * The target user's full name, else e-mail (for a deleted user, the e-mail its event recorded);
   * null for a target that is not a user, or a user nothing is known of.
   */
  target_name: z.string().nullable().optional(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AUDIT_PAGE_SIZES = [10, 20, 50] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 20;
/** The date range's calendar days are Vietnamese days (UTC+7 all year), whatever the browser's zone. */
export const AUDIT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

export const AUDIT_MESSAGES = {
  dateFormat: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  actor: 'A valid integer is required.',
  range: 'The end date must be on or after the start date.',
} as const;

const CalendarDate = z.string().trim().refine(isIsoDate, AUDIT_MESSAGES.dateFormat);

/**
 * GET /api/audit-events/: every filter optional and combined with AND. `from` and `to` are
 * inclusive calendar dates (YYYY-MM-DD) in Asia/Ho_Chi_Minh: `from=2026-03-01&to=2026-03-01` is
 * 2026-02-28T17:00Z up to (not including) 2026-03-01T17:00Z.
 */
export const AuditListQuery = z
  .object({
    action: AuditAction.optional(),
    /** The acting user's id. */
    actor: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,9}$/, AUDIT_MESSAGES.actor)
      .transform(Number)
      .refine((n) => n <= 2_147_483_647, AUDIT_MESSAGES.actor)
      .optional(),
    target_type: AuditTargetType.optional(),
    target_id: z.string().trim().max(64).optional(),
    from: CalendarDate.optional(),
    to: CalendarDate.optional(),
    ...pageQuery(AUDIT_PAGE_SIZES, AUDIT_DEFAULT_PAGE_SIZE),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: AUDIT_MESSAGES.range,
    path: ['to'],
  });
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditEventPage = paginated(AuditEvent);
export type AuditEventPage = z.infer<typeof AuditEventPage>;
