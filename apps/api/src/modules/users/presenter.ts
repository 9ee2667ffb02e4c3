// Decides how this module's answers leave the server: a page of users (each through accounts'
// presentUser, which decides a user's fields), a search hit, an import's count. The users table
// belongs to accounts, so one user's shape is accounts' presenter, not a second one here.
import { fullName, type UserImportResult, type UserPage, type UserSearchResult } from '@staff/contracts';
import { presentUser } from '../accounts/presenter';
import type { UserRow } from '../accounts/repo';

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
