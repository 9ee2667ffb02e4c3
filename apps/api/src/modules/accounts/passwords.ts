// Password hashing with Argon2id (memory-hard) and a per-user random salt, stored
// as its PHC string so the parameters travel with each hash; older scrypt hashes
// still verify and are replaced at the next sign-in. See
// docs/decisions/0003-password-hashing.md.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify, parseOptions } from '@node-rs/argon2';

type CommonLanguagePackage = typeof import('@zxcvbn-ts/language-common');
const require = createRequire(import.meta.url);

/**
 * OWASP's first-listed Argon2id configuration: 19 MiB, two passes, one lane
 * (about 25 ms of CPU per hash here).
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Algorithm.Argon2id; the package's const enum cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common.';

function normalised(password: string): string {
  // The same visible password typed on different keyboards must match.
  return password.normalize('NFKC');
}

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalised(password), { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    try {
      return await argon2Verify(stored, normalised(password));
    } catch {
      return false; // a malformed stored hash refuses; it never throws at the caller
    }
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** Whether two passwords are the same password, compared as they are hashed (NFKC-normalised). */
export function samePassword(a: string, b: string): boolean {
  return normalised(a) === normalised(b);
}

/** True when the stored hash is not Argon2id with today's parameters: rehash it after a good sign-in. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const p = parseOptions(stored);
    return (
      p.memoryCost < ARGON2_PARAMS.memoryCost ||
      p.timeCost < ARGON2_PARAMS.timeCost ||
      p.parallelism !== ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

/** A hash of a random password, checked when the e-mail is unknown so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** A readable random password for generated accounts. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

let commonPasswords: Set<string> | undefined;
/**
 * One of the ≈49,000 most common passwords (zxcvbn's list), compared like
 * Django's CommonPasswordValidator: trimmed, case-insensitive. The list (about
 * 100 ms to decompress and index) is loaded on first use, not at every start.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}

/**
 * The rules user administration applies when an administrator or an import sets a password:
 * this hash, and a common password refused with its message. app.ts hands them to the users
 * service, which cannot import accounts (accounts uses its rows).
 */
export const passwordRules = {
  hash: hashPassword,
  refusal: (password: string): string | null => (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null),
};

function loadCommonPasswords(): Set<string> {
  const { dictionary } = require('@zxcvbn-ts/language-common') as CommonLanguagePackage;
  return new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()));
}

// Hashes written before Argon2id: scrypt$N$r$p$salt$key. Verified only, never written.
function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(normalised(password), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  // Bounds keep a tampered row from asking for gigabytes; 2^15..2^17 were ever written.
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 17 || !Number.isInteger(R) || R < 1 || R > 16) return false;
  if (!Number.isInteger(P) || P < 1 || P > 4) return false;
  const expected = Buffer.from(keyB64, 'base64');
  if (expected.length === 0) return false;
  try {
    // 128·N·r bytes are needed; leave headroom so node never refuses.
    const key = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
      N,
      r: R,
      p: P,
      maxmem: 256 * N * R,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}
