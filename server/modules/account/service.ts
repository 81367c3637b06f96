import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { users, type User } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { passwordResetTokens } from '../auth/schema';
import { randomString } from '../auth/tokens';
import { changeBalance } from '../wallet/service';

export interface NewUser {
  name: string;
  email: string;
  /** Plain password, hashed here; null for accounts created through OAuth. */
  password: string | null;
  /** An argon2 hash made before (a confirmed pending registration); wins over `password`. */
  passwordHash?: string;
  referralCode?: string | null | undefined;
  role?: string;
  emailVerified?: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(user: User, password: string): Promise<boolean> {
  if (!user.passwordHash) return false;
  try {
    return await verify(user.passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Every password change goes through here: the new hash is stored and any reset link mailed
 * before stops working (a link asked for by someone else must not outlive the change).
 */
export async function setPasswordHash(db: Db | Tx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await dropPasswordResetTokens(db, userId);
}

/** Forgets the account's reset token (password or e-mail changed). */
export async function dropPasswordResetTokens(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user;
}

/**
 * Creates an account and credits the demo balance through the ledger, in one transaction.
 * A taken e-mail or an unknown referral code is a 422 on that field.
 */
export async function createUser(
  db: Db,
  input: NewUser,
  startingBalanceCents: number,
): Promise<User> {
  const email = normalizeEmail(input.email);
  const passwordHash =
    input.passwordHash ?? (input.password === null ? null : await hashPassword(input.password));
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (taken) throw ValidationError.field('email', 'validation.unique');

    let referredBy: number | null = null;
    if (input.referralCode) {
      const [referrer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, input.referralCode))
        .limit(1);
      if (!referrer) throw ValidationError.field('referral_code', 'validation.in');
      referredBy = referrer.id;
    }

    const [user] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email,
        passwordHash,
        role: input.role ?? 'user',
        referralCode: randomString(10),
        referredBy,
        emailVerifiedAt: input.emailVerified ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent registration with the same e-mail won the race.
    if (!user) throw ValidationError.field('email', 'validation.unique');
    if (startingBalanceCents > 0) {
      user.balanceCents = await changeBalance(tx, {
        userId: user.id,
        deltaCents: startingBalanceCents,
        reason: 'signup_bonus',
        reference: `user:${user.id}`,
      });
    }
    return user;
  });
}

/** The user as GET /api/user answers it. */
export function userJson(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    role: user.role,
    image_id: user.imageId,
    referral_code: user.referralCode,
    two_factor_enabled: user.twoFactorEnabled,
    hide_name: user.hideName,
    created_at: user.createdAt.toISOString(),
  };
}
