// Users for the benches, inserted straight into the table with one shared password hash (hashing a
// password per user would take hours) and the same search text every write in the app stores.
import { apiSource, pick, weighted } from '../lib.mjs';

const { userSearchText } = await import(apiSource('modules/users/index.ts'));

/** Vietnamese family names at roughly their real frequencies, as [name, weight]. */
export const LAST_NAMES = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 5],
  ['Huỳnh', 5],
  ['Phan', 4.5],
  ['Vũ', 3.9],
  ['Võ', 3.9],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Đinh', 0.8],
  ['Trương', 0.8],
  ['Lý', 0.5],
];
export const MIDDLE_NAMES = [
  'Văn',
  'Thị',
  'Minh',
  'Ngọc',
  'Đức',
  'Thanh',
  'Hữu',
  'Quang',
  'Thu',
  'Xuân',
  'Anh',
  '',
];
export const FIRST_NAMES = (
  'An Bình Chi Dũng Đạt Giang Hà Hải Hạnh Hiếu Hoa Hùng Hương Khoa Lan Linh Long Mai Minh Nam Nga ' +
  'Ngọc Phong Phúc Quân Sơn Tâm Thảo Thắng Trang Trung Tuấn Tú Việt Vy Yến Đức Dương Khánh Lộc'
).split(' ');
const ROLES = [
  ['staff', 70],
  ['manager', 15],
  ['ndf', 10],
  ['admin', 5],
];
/** Each gender equally likely (a weighted draw over equal weights picks as `pick` does). */
const EVEN_GENDERS = [
  ['M', 1],
  ['F', 1],
  ['O', 1],
  [null, 1],
];

/** Lower-case ASCII: marks dropped, đ → d (for e-mail addresses). */
const ascii = (s) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

/**
 * A whole `users` row: `fields` (at least `email`, `first_name`, `last_name`) over the defaults of
 * an active staff member without phone, gender or middle name, signing in with `passwordHash`.
 */
export function userRow(fields, { passwordHash, nowIso }) {
  const row = {
    username: fields.email,
    password_hash: passwordHash,
    middle_name: '',
    phone: '',
    gender: null,
    role: 'staff',
    is_active: 1,
    avatar: null,
    created_at: nowIso,
    updated_at: nowIso,
    last_login_at: null,
    ...fields,
  };
  return { ...row, search: userSearchText(row) };
}

/**
 * Inserts `count` users with Vietnamese names (`<first>.<last><i>@corp.vn`), 80 % with a phone,
 * roles 70/15/10/5 % staff/manager/ndf/admin and 90 % active, 500 a transaction, drawn from
 * `random`. `lastNames`, `middleNames` and `genders` ([value, weight]) change the mix;
 * `spacedPhone` writes `09x xxx xxxx` instead of `09x xxxxxxx`; the first `activeFirst` users are
 * always active (without a draw).
 */
export async function insertCrowd(
  db,
  {
    random,
    count,
    passwordHash,
    nowIso,
    lastNames = LAST_NAMES,
    middleNames = MIDDLE_NAMES,
    genders = EVEN_GENDERS,
    spacedPhone = false,
    activeFirst = 0,
  },
) {
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const last = weighted(random, lastNames);
      const middle = pick(random, middleNames);
      const first = pick(random, FIRST_NAMES);
      let phone = '';
      if (random() < 0.8) {
        const prefix = `09${Math.floor(random() * 10)}`;
        const digits = String(Math.floor(random() * 1e7)).padStart(7, '0');
        phone = `${prefix} ${spacedPhone ? digits.replace(/(\d{3})(\d{4})/, '$1 $2') : digits}`;
      }
      rows.push(
        userRow(
          {
            email: `${ascii(first)}.${ascii(last)}${i}@corp.vn`,
            first_name: first,
            middle_name: middle,
            last_name: last,
            phone,
            gender: weighted(random, genders),
            role: weighted(random, ROLES),
            is_active: i < activeFirst || random() < 0.9 ? 1 : 0,
          },
          { passwordHash, nowIso },
        ),
      );
    }
    await db.transaction().execute((tx) => tx.insertInto('users').values(rows).execute());
  }
}
