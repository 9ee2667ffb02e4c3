// User administration: the list, the form, the spreadsheet import and the
// user search used by the game setup.
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';
import { Email, NAME_MAX_LENGTH, NewPassword, Phone, User } from './accounts';
import { pageQuery, paginated } from './paging';
import { GENDERS, Role } from './roles';

export const USER_PAGE_SIZES = [10, 20, 50] as const;
export const USER_DEFAULT_PAGE_SIZE = 10;
export const USER_DEFAULT_ROLE = 'staff';

/** A user's own fields, in the order the form, the list's columns and the import template give them. */
const USER_FIELDS = [
  'email',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
  'role',
  'gender',
  'is_active',
] as const;

/** Columns the list can be sorted by; `-` in front sorts descending. */
export const USER_ORDERING_FIELDS = ['id', ...USER_FIELDS] as const;
export type UserOrderingField = (typeof USER_ORDERING_FIELDS)[number];

/** The list's `ordering` parameter: a column, with `-` in front for descending (as DRF writes it). */
export type UserOrdering = UserOrderingField | `-${UserOrderingField}`;
export const USER_DEFAULT_ORDERING: UserOrdering = 'last_name';

const USER_ORDERINGS = USER_ORDERING_FIELDS.flatMap((f): UserOrdering[] => [f, `-${f}`]);

export const UserOrdering = z.enum(USER_ORDERINGS as [UserOrdering, ...UserOrdering[]], {
  error: (issue) =>
    `"${String(issue.input)}" is not a field you can order by. Choose one of: ${USER_ORDERING_FIELDS.join(', ')}.`,
});

/** An ordering taken apart: the column and its direction. */
export interface UserOrderingParts {
  field: UserOrderingField;
  descending: boolean;
}

/**
 * The one reading of an ordering, for the server's query and the web's URL alike:
 * '-email' → {field: 'email', descending: true}; null for anything the list cannot sort by.
 */
export function parseUserOrdering(value: string): UserOrderingParts | null {
  if (!UserOrdering.safeParse(value).success) return null;
  const descending = value.startsWith('-');
  return { field: (descending ? value.slice(1) : value) as UserOrderingField, descending };
}

/** The inverse of parseUserOrdering. */
export function formatUserOrdering({ field, descending }: UserOrderingParts): UserOrdering {
  return descending ? `-${field}` : field;
}

/** Longest search text the list and the user search take. */
export const USER_SEARCH_MAX_LENGTH = 200;

/** 'true'/'false' as query strings and form fields send them. */
export const BooleanString = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

export const UserListQuery = z.object({
  search: z.string().trim().max(USER_SEARCH_MAX_LENGTH).optional(),
  role: Role.optional(),
  is_active: BooleanString.optional(),
  ordering: UserOrdering.default(USER_DEFAULT_ORDERING),
  ...pageQuery(USER_PAGE_SIZES, USER_DEFAULT_PAGE_SIZE),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserPage = paginated(User);
export type UserPage = z.infer<typeof UserPage>;

const Name = z.string().trim().max(NAME_MAX_LENGTH);

const UserFields = z.object({
  email: z.string().trim().min(1).pipe(Email),
  first_name: Name.optional(),
  middle_name: Name.optional(),
  last_name: Name.optional(),
  phone: Phone.optional(),
  role: Role,
  gender: z.enum([...GENDERS, '']).optional(),
  is_active: z.union([z.boolean(), BooleanString]),
  /** Accepted for compatibility; the server always sets it to the e-mail. */
  username: z.string().optional(),
});

/** The user form on create, as multipart fields. */
export const UserCreate = UserFields.extend({
  role: Role.default(USER_DEFAULT_ROLE),
  is_active: z.union([z.boolean(), BooleanString]).default(true),
  password: NewPassword,
});
export type UserCreate = z.infer<typeof UserCreate>;
export type UserCreateInput = z.input<typeof UserCreate>;

/** The user form on edit: every field optional; an empty password keeps the current one. */
export const UserUpdate = UserFields.partial().extend({
  password: z.union([z.literal(''), NewPassword]).optional(),
});
export type UserUpdate = z.infer<typeof UserUpdate>;

/** Spreadsheet import: columns in template order. */
export const USER_IMPORT_COLUMNS = [...USER_FIELDS, 'password'] as const;
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const USER_IMPORT_MAX_ROWS = 5000;
/** Largest total uncompressed size of the workbook's parts. */
export const USER_IMPORT_MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;

export const UserImportProblem = z.object({
  /** Spreadsheet row number as the user sees it (the header is row 1). */
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type UserImportProblem = z.infer<typeof UserImportProblem>;

export const UserImportResult = z.object({ created: z.number().int(), detail: z.string() });
export type UserImportResult = z.infer<typeof UserImportResult>;

/** 400 body of a refused import: nothing was created. */
export const UserImportRefusal = z.object({
  detail: z.string(),
  problems: z.array(UserImportProblem),
});
export type UserImportRefusal = z.infer<typeof UserImportRefusal>;

/** The user search answers this many users unless asked for another number (spec 7: limit 10). */
export const USER_SEARCH_LIMIT = 10;
/** A larger limit is cut to this. */
export const USER_SEARCH_MAX_LIMIT = 50;

export const UserSearchQuery = z.object({
  q: z.string().trim().max(USER_SEARCH_MAX_LENGTH).default(''),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(USER_SEARCH_LIMIT)
    .transform((n) => Math.min(n, USER_SEARCH_MAX_LIMIT)),
});

/** One user found by GET /api/users/search/: display_name is the full name, else the e-mail. */
export const UserSearchHit = z.object({ id: z.number().int(), display_name: z.string() });
export type UserSearchHit = z.infer<typeof UserSearchHit>;
/** GET /api/users/search/ answers a plain array (not a page). */
export const UserSearchResult = z.array(UserSearchHit);
export type UserSearchResult = z.infer<typeof UserSearchResult>;

/**
 * Folds Vietnamese for accent-insensitive search: decomposes, drops combining
 * marks, maps đ/Đ to d (decomposition leaves them alone) and lower-cases.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
