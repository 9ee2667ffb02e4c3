// How roles, genders and statuses read on the user screens.
import type { Gender } from '@staff/contracts';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  manager: 'Manager',
  staff: 'Staff',
  ndf: 'NDF',
};

/** Known roles get a readable label; a role the server adds later shows as sent. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

export const ROLE_COLORS: Record<string, string> = {
  admin: 'grape',
  manager: 'blue',
  staff: 'teal',
  ndf: 'orange',
};

export const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
  { value: 'O', label: 'Other' },
];
