import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';

export const ROLES = ['admin', 'manager', 'staff', 'ndf'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const GENDERS = ['M', 'F', 'O'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

/**
 * Which roles may use each module (spec section 6). The web hides menu items
 * with it and the server enforces it on every module's routes.
 */
export const MODULE_ROLES = {
  dashboard: ['admin', 'manager', 'staff'],
  diary: ['admin', 'manager', 'staff'],
  diaryAnalysis: ['admin', 'manager'],
  stocks: ['admin', 'manager', 'staff'],
  /** The stock catalogue and price records (issue 26): who creates and edits stocks and bars. */
  stocksAdmin: ['admin', 'manager'],
  /** The market holiday table (issue 26). */
  stockHolidays: ['admin'],
  forex: ['admin', 'manager', 'staff'],
  cashflow: ['admin', 'ndf'],
  users: ['admin'],
  audit: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type AppModule = keyof typeof MODULE_ROLES;

export function canUseModule(role: Role | string | null | undefined, module: AppModule): boolean {
  return (MODULE_ROLES[module] as readonly string[]).includes(role ?? '');
}
