// Sign-in, tokens, profile and password: the shapes both sides agree on.
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';
import { GENDERS, Gender, Role } from './roles';

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 150;
export const PHONE_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 1024;
export const AVATAR_QUALITY = 0.8;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const Email = z.email().max(EMAIL_MAX_LENGTH);

export const LoginRequest = z.object({
  email: z.string().trim().min(1).pipe(Email),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string(),
  gender: Gender.nullable(),
  role: Role,
  is_active: z.boolean(),
  /** Path of the avatar under /media/, or null. */
  avatar: z.string().nullable(),
  /** Absolute URL of the avatar, or null. */
  avatar_url: z.string().nullable(),
  /**
   * True for the first administrator's generated password: until a new one is chosen, every
   * route but the profile, the password change and logout answers 403 password_change_required.
   * Defaults to false for a user a browser stored before the field existed.
   */
  must_change_password: z.boolean().default(false),
});
export type User = z.infer<typeof User>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const LoginResponse = TokenPair.extend({ user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({ refresh: z.string().min(1).max(4096) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** Logout (SimpleJWT's token blacklist): the refresh token alone names the sign-in to end. */
export const LogoutRequest = RefreshRequest;
export type LogoutRequest = z.infer<typeof LogoutRequest>;
/** SimpleJWT answers a blacklisted token with an empty object. */
export const LogoutResponse = z.object({});
export type LogoutResponse = z.infer<typeof LogoutResponse>;

const Name = z.string().trim().max(NAME_MAX_LENGTH);
export const Phone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH)
  .regex(/^[0-9+().\s-]*$/, 'Enter a valid phone number.');

/**
 * Profile fields as sent in the multipart form. A field left out keeps its
 * value; '' for gender means "not set".
 */
export const ProfileUpdate = z.object({
  first_name: Name.optional(),
  middle_name: Name.optional(),
  last_name: Name.optional(),
  phone: Phone.optional(),
  gender: z.enum([...GENDERS, '']).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdate>;

export const NewPassword = z
  .string()
  .min(
    PASSWORD_MIN_LENGTH,
    `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  )
  .max(1024);

export const ChangePasswordRequest = z.object({
  old_password: z.string().min(1).max(1024),
  new_password: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'You must change your password before continuing.';
export const PASSWORD_EQUALS_EMAIL_MESSAGE = 'The password is too similar to the email address.';

export const ChangePasswordResponse = z.object({ detail: z.string() });

export const RolesResponse = z.array(Role);

export const HealthResponse = z.object({ status: z.literal('ok') });

/** Vietnamese order: last, middle, first. */
export function fullName(u: { first_name: string; middle_name: string; last_name: string }): string {
  return [u.last_name, u.middle_name, u.first_name]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}
