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

/**
 * The target as a person reads it: a user by name or e-mail (the server's `target_name`), else
 * "User #5" (a user nothing is known of, a diary), or null for an event about no one object (an
 * import, a throttled sign-in).
 */
export function targetLabel(
  event: Pick<AuditEvent, 'target_type' | 'target_id'> & { target_name?: string | null | undefined },
): string | null {
  if (!event.target_type) return null;
  if (event.target_name) return event.target_name;
  const type = TARGET_TYPE_LABELS[event.target_type] ?? event.target_type;
  return event.target_id ? `${type} #${event.target_id}` : type;
}

/** The actor as a person reads it: name, else e-mail, else "User #3"; null for no signed-in user. */
export function actorLabel(
  event: Pick<AuditEvent, 'actor_id' | 'actor_email'> & { actor_name?: string | null | undefined },
): string | null {
  if (event.actor_id === null) return null;
  return event.actor_name || event.actor_email || `User #${event.actor_id}`;
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

/** What the keys of an event's detail mean, as the user form and the list name them. */
const DETAIL_LABELS: Record<string, string> = {
  fields: 'Changed',
  is_active: 'Active',
  role: 'Role',
  email: 'Email',
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  phone: 'Phone',
  gender: 'Gender',
  password: 'Password',
  avatar: 'Avatar',
  created: 'Users created',
  tier: 'Limit',
  session: 'Session',
  read: 'Read',
};

const ROLE_WORDS: Record<string, string> = { admin: 'Admin', manager: 'Manager', staff: 'Staff', ndf: 'NDF' };
const GENDER_WORDS: Record<string, string> = { M: 'Male', F: 'Female', O: 'Other' };

/** A key the list does not know: "old_role" → "Old role". */
function keyLabel(key: string): string {
  const known = DETAIL_LABELS[key];
  if (known) return known;
  const words = key.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    'from' in value &&
    'to' in value &&
    Object.keys(value).length === 2
  );
}

/** One value in words: yes/no, a role or gender by its label, a list joined, an object as "key: value". */
export function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('vi-VN');
  if (typeof value === 'string') {
    if (key === 'role') return ROLE_WORDS[value] ?? value;
    if (key === 'gender') return GENDER_WORDS[value] ?? value;
    // The changed fields are column names: say them as the form does.
    if (key === 'fields') return keyLabel(value);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => detailValue(key, item)).join(', ');
  }
  if (isChange(value)) return `${detailValue(key, value.from)} → ${detailValue(key, value.to)}`;
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([inner, innerValue]) => `${keyLabel(inner)}: ${detailValue(inner, innerValue)}`,
    );
    return parts.length === 0 ? '—' : parts.join(', ');
  }
  return String(value);
}

/**
 * An event's detail in words, one part a key: `{"is_active": {"from": true, "to": false}}` →
 * "Active: yes → no". A `fields` list whose every field is also told with its change is left out
 * (it would say the same twice). Never JSON.
 */
export function describeDetail(detail: Record<string, unknown>): string[] {
  const entries = Object.entries(detail);
  const told = new Set(entries.filter(([, value]) => isChange(value)).map(([key]) => key));
  return entries
    .filter(
      ([key, value]) =>
        !(
          key === 'fields' &&
          Array.isArray(value) &&
          value.length > 0 &&
          value.every((f) => told.has(String(f)))
        ),
    )
    .map(([key, value]) => `${keyLabel(key)}: ${detailValue(key, value)}`);
}

/** The detail on one line: "Changed: Role, Active · Role: Staff → Manager · Active: yes → no". */
export function summariseDetail(detail: Record<string, unknown>): string {
  return describeDetail(detail).join(' · ');
}
