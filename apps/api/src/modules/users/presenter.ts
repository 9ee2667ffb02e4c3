// Decides which user fields leave the server (a password hash never can): one user, which
// accounts' answers (sign-in, profile) use too, a page of them, a search hit, an import's count.
import {
  fullName,
  type Gender,
  type Role,
  type User,
  type UserImportResult,
  type UserPage,
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

/** `link(page)` is the list's URL for another page (http/public-url.ts pageLink); `origin` as for presentUser. */
export function presentUserPage(
  list: { count: number; rows: UserRow[] },
  page: { page: number; page_size: number },
  link: (page: number) => string,
  origin: string,
): UserPage {
  const lastPage = Math.max(1, Math.ceil(list.count / page.page_size));
  return {
    count: list.count,
    next: page.page < lastPage ? link(page.page + 1) : null,
    previous: page.page > 1 ? link(page.page - 1) : null,
    results: list.rows.map((row) => presentUser(row, origin)),
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
