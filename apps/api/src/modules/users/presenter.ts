// Decides which user fields leave the server (a password hash never can): one user, which
// accounts' answers (sign-in, profile) use too, a page of them, a search hit, an import's count.
import {
  fullName,
  type Gender,
  type Role,
  type User,
  type UserImportResult,
  type UserSearchResult,
} from '@staff/contracts';
import { toBool } from '../../db/dialect';
import type { UserRow } from './repo';

/** `origin` goes in front of the avatar's path: PUBLIC_URL, or '' for a root-relative avatar_url (http/public-url.ts). */
export function presentUser(row: UserRow, origin: string): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    full_name: fullName(row),
    phone: row.phone,
    gender: (row.gender || null) as Gender | null,
    role: row.role as Role,
    is_active: toBool(row.is_active),
    avatar: row.avatar,
    avatar_url: row.avatar ? `${origin}${row.avatar}` : null,
    must_change_password: toBool(row.must_change_password),
  };
}

/** A search hit names the user by full name, else e-mail. */
export function presentUserHit(row: {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
}): UserSearchResult[number] {
  return { id: row.id, display_name: fullName(row) || row.email };
}

export function presentImportResult(created: number): UserImportResult {
  return { created, detail: `Imported ${created} user${created === 1 ? '' : 's'}.` };
}
