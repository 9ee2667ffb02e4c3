// How audit events read on the audit screen: action names, targets, times in Vietnam, and a
// one-line summary of an event's detail.
import type { AuditAction, AuditEvent } from '@staff/contracts';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.delete': 'User deleted',
  'user.import': 'Users imported',
  'user.password_set': 'Password set',
  'auth.token_reuse': 'Refresh token reused',
  'auth.throttled': 'Sign-in throttled',
  'diary.read_other': "Another user's diary read",
};

/** Known actions get a readable label; one the server adds later shows as sent. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action as AuditAction] ?? action;
}

export const TARGET_TYPE_LABELS: Record<string, string> = { user: 'User', diary: 'Diary' };

/** "User #5", or null for an event about no one object (an import, a throttled sign-in). */
export function targetLabel(event: Pick<AuditEvent, 'target_type' | 'target_id'>): string | null {
  if (!event.target_type) return null;
  const type = TARGET_TYPE_LABELS[event.target_type] ?? event.target_type;
  return event.target_id ? `${type} #${event.target_id}` : type;
}

const TIME = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The instant as Vietnamese people read it, in Vietnam's time (the date range's zone too). */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
}

function readable(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(readable).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** `{"fields": ["role", "is_active"], "created": 12}` → "fields: role, is_active · created: 12". */
export function summariseDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${readable(value)}`)
    .join(' · ');
}
