import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { acceptOneTimePassword } from '../auth/oneTimePassword';
import { newTotpSecret, otpauthUrl } from '../auth/totp';

export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/** Step 1: a new secret, stored pending (two_factor_enabled stays false until confirmed). */
export async function startTwoFactor(db: Db, user: User, issuer: string): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabled) throw ValidationError.field('action', 'two_factor.already_enabled');
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ twoFactorSecret: secret, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)));
  const url = otpauthUrl(secret, user.email, issuer);
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/** Checks a code against a secret (once per step); the routes wrap it in the account's lock. */
export type CodeCheck = (secret: string, code: string) => Promise<boolean>;

/** Step 2: a valid code from the pending secret turns two-factor on. */
export async function confirmTwoFactor(
  db: Db,
  user: User,
  code: string | undefined,
  accept: CodeCheck = (secret, given) => acceptOneTimePassword(db, user.id, secret, given),
) {
  if (user.twoFactorEnabled) throw ValidationError.field('action', 'two_factor.already_enabled');
  if (!user.twoFactorSecret) throw ValidationError.field('action', 'two_factor.not_pending');
  if (!code) throw ValidationError.field('code', 'validation.required');
  if (!(await accept(user.twoFactorSecret, code))) {
    throw ValidationError.field('code', 'two_factor.invalid_code');
  }
  await db
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

/** Turning it off takes a valid code too: a stolen session alone cannot remove the second factor. */
export async function disableTwoFactor(
  db: Db,
  user: User,
  code: string | undefined,
  accept: CodeCheck = (secret, given) => acceptOneTimePassword(db, user.id, secret, given),
) {
  if (!user.twoFactorEnabled || !user.twoFactorSecret) {
    throw ValidationError.field('action', 'two_factor.not_enabled');
  }
  if (!code) throw ValidationError.field('code', 'validation.required');
  if (!(await accept(user.twoFactorSecret, code))) {
    throw ValidationError.field('code', 'two_factor.invalid_code');
  }
  await db
    .update(users)
    .set({ twoFactorEnabled: false, twoFactorSecret: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}
