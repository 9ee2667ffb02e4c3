// The accounts the end-to-end tests sign in with. global-setup creates them through the API on every
// test server; specs that change a user's data or password get a user of their own.
export type Role = 'admin' | 'manager' | 'staff' | 'ndf';

export interface TestUser {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
}

/** Created by the server itself from ADMIN_EMAIL/ADMIN_PASSWORD on its empty database. */
export const ADMIN: TestUser = {
  email: 'admin@e2e.test',
  password: 'Admin-pass-2024',
  role: 'admin',
  firstName: '',
  lastName: '',
};

export const MANAGER: TestUser = {
  email: 'manager@e2e.test',
  password: 'Manager-pass-2024',
  role: 'manager',
  firstName: 'Minh',
  lastName: 'Trần',
};

export const STAFF: TestUser = {
  email: 'staff@e2e.test',
  password: 'Staff-pass-2024',
  role: 'staff',
  firstName: 'Lan',
  lastName: 'Nguyễn',
};

export const NDF: TestUser = {
  email: 'ndf@e2e.test',
  password: 'Ndf-pass-2024',
  role: 'ndf',
  firstName: 'Hoa',
  lastName: 'Lê',
};

/** Edited by profile.spec.ts. */
export const PROFILE_USER: TestUser = {
  email: 'profile@e2e.test',
  password: 'Profile-pass-2024',
  role: 'staff',
  firstName: 'Bình',
  lastName: 'Phạm',
};

/** Has its password changed by password.spec.ts. */
export const PASSWORD_USER: TestUser = {
  email: 'password@e2e.test',
  password: 'Password-old-2024',
  role: 'staff',
  firstName: 'Đức',
  lastName: 'Võ',
};

/** Keeps a diary in diary.spec.ts (a manager, so the analysis is open). */
export const DIARY_USER: TestUser = {
  email: 'diary@e2e.test',
  password: 'Diary-pass-2024',
  role: 'manager',
  firstName: 'Thu',
  lastName: 'Đỗ',
};

/** Signed in on the short-token server by token-expiry.spec.ts. */
export const EXPIRY_USER: TestUser = {
  email: 'expiry@e2e.test',
  password: 'Expiry-pass-2024',
  role: 'staff',
  firstName: 'Quang',
  lastName: 'Hồ',
};

/** Chosen with the user picker as a registered player in cashflow-results.spec.ts. */
export const CASHFLOW_PLAYER: TestUser = {
  email: 'player@e2e.test',
  password: 'Player-pass-2024',
  role: 'staff',
  firstName: 'Tâm',
  lastName: 'Đinh',
};

export const USERS_BY_ROLE: Record<Role, TestUser> = {
  admin: ADMIN,
  manager: MANAGER,
  staff: STAFF,
  ndf: NDF,
};

/** Users global-setup creates on each server (the admin already exists). */
export const CREATED_USERS: TestUser[] = [
  MANAGER,
  STAFF,
  NDF,
  PROFILE_USER,
  PASSWORD_USER,
  EXPIRY_USER,
  DIARY_USER,
  CASHFLOW_PLAYER,
];

/** How the shell shows a user: the full name (last, middle, first), else the e-mail. */
export function shownName(user: Pick<TestUser, 'email' | 'firstName' | 'lastName'>): string {
  return [user.lastName, user.firstName].filter(Boolean).join(' ') || user.email;
}
