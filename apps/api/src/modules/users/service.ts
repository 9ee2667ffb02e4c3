// User administration: the list, the form's create/edit/delete with the rules
// that keep an administrator in charge, the all-or-nothing spreadsheet import
// and the user search for the game setup.
import { availableParallelism } from 'node:os';
import {
  foldForSearch,
  parseUserOrdering,
  type UserCreate,
  type UserImportProblem,
  type UserImportRefusal,
  type UserListQuery,
  type UserOrderingParts,
  type UserSearchResult,
  type UserUpdate,
} from '@staff/contracts';
import { isUniqueViolation, lockRowForUpdate, toBool } from '../../db/dialect';
import type { Db } from '../../db/index';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { ifMatchAllows, preconditionFailed, strongEtag } from '../../http/etag';
import { pageWindow, refusePastLastPage } from '../../http/pages';
import { type AuditContext, recordAuditEvent } from '../audit/index';
import { checkImportRows, type PasswordRefusal, pickImportSheet } from './import';
import { presentUserHit } from './presenter';
import { createUsersRepo, type NewUser, type UserPatch, type UserRow } from './repo';
import { readWorkbook, WORKBOOK_MESSAGES, WorkbookRefused } from './workbook';

export const DUPLICATE_EMAIL = 'A user with this email already exists.';
export const SELF_DELETE = 'You cannot delete your own account.';
export const SELF_DEACTIVATE = 'You cannot deactivate your own account.';
export const LAST_ADMIN =
  'This is the last active administrator: make another user an active admin before removing, deactivating or demoting this one.';
export const USER_CHANGED_SINCE_READ = 'This user was changed by someone else since you opened it.';
export const IMPORT_NO_ROWS = 'The file has no users to import.';
export const IMPORT_REFUSED = 'Nothing was imported: fix the problems listed and upload the file again.';
/** Enough to fix a file by; a wholly wrong file would otherwise answer with thousands. */
export const IMPORT_PROBLEMS_LISTED = 500;
/**
 * Password hashing (Argon2id, decision 0003) runs on libuv's four worker threads and is deliberately slow: hash on
 * as many as there are cores, up to three, so one is always left for sign-ins
 * and file reads while an import hashes.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(3, availableParallelism()));
/** More search words than this add nothing but work. */
const MAX_SEARCH_WORDS = 8;

/**
 * Accounts' password rules, as user administration applies them. app.ts hands over accounts' own
 * (`passwordRules`): accounts reads and writes user rows through this module, so this module
 * importing accounts would make the two depend on each other in a circle.
 */
export interface PasswordRules {
  /** The hash to store (Argon2id, decision 0003). */
  hash: (password: string) => Promise<string>;
  /** Why this password may not be used (a common one), or null. */
  refusal: PasswordRefusal;
}

/** Ends every live sign-in of a user but `keep`, in the caller's transaction (accounts' `endSignIns`). */
export type EndSignIns = (tx: Db, userId: number, at: Date, keep?: string) => Promise<void>;

/** The signed-in administrator and the sign-in they act from (accounts' AuthenticatedUser is one). */
export interface Actor {
  user: { id: number };
  family: string;
}

export interface UsersDeps {
  db: Db;
  now: () => Date;
  passwords: PasswordRules;
  endSignIns: EndSignIns;
  /**
   * A deleted user's avatar, once the deletion has committed (accounts' `removeAvatarFile`): the
   * database store's row went with the user (cascade); a bucket's object is deleted then.
   */
  removeAvatar: (avatar: string | null) => Promise<void>;
}

export function searchWords(text: string | undefined): string[] {
  return foldForSearch(text ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/** The contracts' reading of the ordering; the query schema has already refused any other value. */
function parseOrdering(ordering: string): UserOrderingParts {
  const parts = parseUserOrdering(ordering);
  if (!parts) throw new Error(`An unvalidated ordering reached the users service: ${ordering}`);
  return parts;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The user the form or a spreadsheet row creates: its fields, with the table's blanks for those left out. */
function newUserOf(user: UserCreate, passwordHash: string): NewUser {
  return {
    email: user.email,
    passwordHash,
    firstName: user.first_name ?? '',
    middleName: user.middle_name ?? '',
    lastName: user.last_name ?? '',
    phone: user.phone ?? '',
    gender: user.gender || null,
    role: user.role,
    isActive: user.is_active,
  };
}

/**
 * The ETag of a user as GET presents it: a hash of the stored fields the representation carries
 * (avatar_url is the avatar path on an origin, so the path stands for it).
 */
export function userEtag(row: UserRow): string {
  return strongEtag([
    row.id,
    row.email,
    row.username,
    row.first_name,
    row.middle_name,
    row.last_name,
    row.phone,
    row.gender || null,
    row.role,
    toBool(row.is_active),
    row.avatar,
  ]);
}

/** A user with the ETag of the row it was read from. */
export interface UserVersion {
  user: UserRow;
  etag: string;
}

/** The fields of the form as the API names them, compared with what is stored. */
function changedFields(target: UserRow, patch: UserPatch): string[] {
  const stored: Record<keyof Omit<UserPatch, 'passwordHash'>, [string, unknown]> = {
    email: ['email', target.email],
    firstName: ['first_name', target.first_name],
    middleName: ['middle_name', target.middle_name],
    lastName: ['last_name', target.last_name],
    phone: ['phone', target.phone],
    gender: ['gender', target.gender || null],
    role: ['role', target.role],
    isActive: ['is_active', toBool(target.is_active)],
  };
  return Object.entries(stored)
    .filter(([key, [, before]]) => {
      const after = patch[key as keyof UserPatch];
      return after !== undefined && after !== before;
    })
    .map(([, [name]]) => name);
}

function refuseImport(problems: UserImportProblem[]): never {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const body: UserImportRefusal = {
    detail:
      sorted.length > IMPORT_PROBLEMS_LISTED
        ? `${IMPORT_REFUSED} ${sorted.length} problems were found; the first ${IMPORT_PROBLEMS_LISTED} are listed.`
        : IMPORT_REFUSED,
    problems: sorted.slice(0, IMPORT_PROBLEMS_LISTED),
  };
  throw new ApiError(400, body);
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * user.update names the fields that changed (a role or active change with its from and to);
 * user.password_set says a password was set, never which. A save that changed nothing records nothing.
 */
async function recordUserChange(
  tx: Db,
  context: AuditContext,
  target: UserRow,
  patch: UserPatch,
  at: Date,
): Promise<void> {
  const fields = changedFields(target, patch);
  const userTarget = { type: 'user' as const, id: target.id };
  if (fields.length > 0) {
    const detail: Record<string, unknown> = { fields };
    if (fields.includes('role')) detail.role = { from: target.role, to: patch.role };
    if (fields.includes('is_active')) {
      detail.is_active = { from: toBool(target.is_active), to: patch.isActive };
    }
    await recordAuditEvent(tx, context, { action: 'user.update', target: userTarget, detail }, at);
  }
  if (patch.passwordHash) {
    await recordAuditEvent(tx, context, { action: 'user.password_set', target: userTarget }, at);
  }
}

export function createUsersService(deps: UsersDeps) {
  const { db, now, passwords, endSignIns, removeAvatar } = deps;
  const repo = createUsersRepo(db);

  async function mustFind(id: number): Promise<UserRow> {
    const user = await repo.findUser(id);
    if (!user) throw notFound();
    return user;
  }

  /**
   * Applies a change to one user under a lock on the active administrators,
   * refusing it when it would leave none (two admins removing each other at
   * once cannot both pass).
   */
  async function changeGuarded<T>(
    id: number,
    check: (target: UserRow) => void,
    becomes: (target: UserRow) => { activeAdmin: boolean },
    write: (tx: Db, target: UserRow) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (tx) => {
      const txRepo = createUsersRepo(tx);
      const admins = await txRepo.lockActiveAdminIds();
      // The target is read after its lock, so what is checked and merged is what gets overwritten.
      if (!(await lockRowForUpdate(tx, 'users', id))) throw notFound();
      const target = await txRepo.findUser(id);
      if (!target) throw notFound();
      check(target);
      const isActiveAdmin = admins.includes(id);
      if (isActiveAdmin && !becomes(target).activeAdmin && admins.length <= 1) {
        throw new ApiError(400, { detail: LAST_ADMIN });
      }
      return write(tx, target);
    });
  }

  return {
    async list(query: UserListQuery): Promise<{ count: number; rows: UserRow[] }> {
      const result = await repo.listUsers(
        { words: searchWords(query.search), role: query.role, isActive: query.is_active },
        parseOrdering(query.ordering),
        pageWindow(query),
      );
      refusePastLastPage(result.rows.length, query);
      return result;
    },

    async get(id: number): Promise<UserVersion> {
      const user = await mustFind(id);
      return { user, etag: userEtag(user) };
    },

    async create(input: UserCreate, context: AuditContext): Promise<UserRow> {
      const email = normaliseEmail(input.email);
      const refused = passwords.refusal(input.password);
      if (refused) throw fieldError('password', refused);
      if (await repo.emailTakenByOther(email)) throw fieldError('email', DUPLICATE_EMAIL);
      const user = newUserOf({ ...input, email }, await passwords.hash(input.password));
      let id: number;
      try {
        id = await db.transaction().execute(async (tx) => {
          const at = now();
          const created = await createUsersRepo(tx).insertUser(user, at);
          await recordAuditEvent(
            tx,
            context,
            {
              action: 'user.create',
              target: { type: 'user', id: created },
              detail: { email, role: user.role },
            },
            at,
          );
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', DUPLICATE_EMAIL);
        throw err;
      }
      return mustFind(id);
    },

    /**
     * The administrator's edit: the lock, the If-Match check, the e-mail check, the merge and the
     * write in one transaction, with its audit events.
     */
    async update(
      actor: Actor,
      id: number,
      input: UserUpdate,
      options: { ifMatch?: string | undefined; context: AuditContext },
    ): Promise<UserVersion> {
      if (actor.user.id === id && input.is_active === false) {
        throw new ApiError(400, { detail: SELF_DEACTIVATE });
      }
      const refused = input.password ? passwords.refusal(input.password) : null;
      if (refused) throw fieldError('password', refused);
      const patch: UserPatch = {};
      if (input.email !== undefined) patch.email = normaliseEmail(input.email);
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.middle_name !== undefined) patch.middleName = input.middle_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.phone !== undefined) patch.phone = input.phone;
      if (input.gender !== undefined) patch.gender = input.gender || null;
      if (input.role !== undefined) patch.role = input.role;
      if (input.is_active !== undefined) patch.isActive = input.is_active;
      // Hashed before the transaction, which should hold its locks for milliseconds, not the hash's time.
      if (input.password) patch.passwordHash = await passwords.hash(input.password);

      try {
        return await changeGuarded(
          id,
          (target) => {
            if (!ifMatchAllows(options.ifMatch, userEtag(target))) {
              throw preconditionFailed(USER_CHANGED_SINCE_READ);
            }
          },
          (target) => ({
            activeAdmin:
              (patch.role ?? target.role) === 'admin' && (patch.isActive ?? toBool(target.is_active)),
          }),
          async (tx, target) => {
            const txRepo = createUsersRepo(tx);
            if (patch.email !== undefined && (await txRepo.emailTakenByOther(patch.email, id))) {
              throw fieldError('email', DUPLICATE_EMAIL);
            }
            const at = now();
            await txRepo.updateUser(id, patch, at);
            const deactivated = patch.isActive === false && toBool(target.is_active);
            if (deactivated || patch.passwordHash) {
              // A new password signs them out everywhere, except the admin's own current session.
              const keep = actor.user.id === id && !deactivated ? actor.family : undefined;
              await endSignIns(tx, id, at, keep);
            }
            await recordUserChange(tx, options.context, target, patch, at);
            const updated = await txRepo.findUser(id);
            if (!updated) throw notFound();
            return { user: updated, etag: userEtag(updated) };
          },
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', DUPLICATE_EMAIL);
        throw err;
      }
    },

    /** Deletes a user with their avatar (the media row cascades; a bucket's object after the commit). */
    async remove(actor: Actor, id: number, context: AuditContext): Promise<void> {
      if (actor.user.id === id) throw new ApiError(400, { detail: SELF_DELETE });
      const avatar = await changeGuarded(
        id,
        () => {},
        () => ({ activeAdmin: false }),
        async (tx, target) => {
          const at = now();
          // The foreign key would delete them too; revoking first says what is meant.
          await endSignIns(tx, id, at);
          await createUsersRepo(tx).deleteUser(id);
          await recordAuditEvent(
            tx,
            context,
            { action: 'user.delete', target: { type: 'user', id }, detail: { email: target.email } },
            at,
          );
          return target.avatar;
        },
      );
      await removeAvatar(avatar);
    },

    /** Creates every user of the workbook in one transaction, or none and says why. */
    async importWorkbook(file: Buffer, context: AuditContext): Promise<{ created: number }> {
      let checked: ReturnType<typeof checkImportRows>;
      try {
        const sheet = pickImportSheet(await readWorkbook(file));
        if (!sheet) throw new WorkbookRefused('corrupt', WORKBOOK_MESSAGES.corrupt);
        checked = checkImportRows(sheet.rows, passwords.refusal);
      } catch (err) {
        if (err instanceof WorkbookRefused) throw fieldError('file', err.message);
        throw err;
      }
      const { candidates, problems } = checked;
      if (candidates.length === 0 && problems.length === 0) throw fieldError('file', IMPORT_NO_ROWS);

      const takenProblems = async () => {
        const taken = await repo.existingEmails(candidates.map((c) => c.user.email));
        return candidates
          .filter((c) => taken.has(c.user.email))
          .map((c) => ({ row: c.row, column: 'email', message: DUPLICATE_EMAIL }));
      };
      const all = [...problems, ...(await takenProblems())];
      if (all.length > 0) refuseImport(all);

      const hashes = await mapLimited(candidates, HASH_CONCURRENCY, (c) => passwords.hash(c.user.password));
      const users = candidates.map(({ user }, i) => newUserOf(user, hashes[i] as string));
      try {
        await db.transaction().execute(async (tx) => {
          const at = now();
          await createUsersRepo(tx).insertUsers(users, at);
          await recordAuditEvent(
            tx,
            context,
            { action: 'user.import', detail: { created: users.length } },
            at,
          );
        });
      } catch (err) {
        // Someone created one of these e-mails while the passwords were being hashed.
        if (isUniqueViolation(err)) refuseImport(await takenProblems());
        throw err;
      }
      return { created: users.length };
    },

    async search(q: string, limit: number): Promise<UserSearchResult> {
      const rows = await repo.searchActiveUsers(searchWords(q), limit);
      return rows.map(presentUserHit);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
