import type { FastifyRequest } from 'fastify';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { requestLocale, ValidationError } from '../../http/errors';
import { createUser, findUserByEmail, normalizeEmail } from '../account/service';
import { appOrigin, sendAccountMail } from './links';
import { pendingRegistrations } from './schema';
import { randomString, sha256Hex } from './tokens';

/** A registration link works for 24 hours. */
export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9]{64}$/;

export interface PendingInput {
  name: string;
  email: string;
  /** argon2, made before the answer whatever the e-mail (the same work either way). */
  passwordHash: string;
  referralCode: string | null;
}

/** Whether a referral code names an account (checked before the answer: it says nothing of the e-mail). */
export async function referralCodeExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return row !== undefined;
}

/**
 * Everything that depends on whether the e-mail has an account runs after the answer (a
 * background task), so the answer is the same, as fast, either way: a new e-mail gets a pending
 * registration (the newest replaces an older one) and a link to confirm it; a taken one gets a
 * mail saying so, with links to sign in and to reset the password.
 */
export function queueRegistration(request: FastifyRequest, input: PendingInput): void {
  const locale = requestLocale(request);
  const db = request.server.db;
  const email = normalizeEmail(input.email);
  request.server.background.run('registration', async () => {
    await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, new Date()));
    const existing = await findUserByEmail(db, email);
    if (existing) {
      await sendAccountMail(request, locale, 'register_taken', existing, appOrigin(request));
      return;
    }
    const token = randomString(64);
    const row = {
      name: input.name.trim(),
      passwordHash: input.passwordHash,
      referralCode: input.referralCode,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + REGISTRATION_TTL_MS),
      createdAt: new Date(),
    };
    await db
      .insert(pendingRegistrations)
      .values({ email, ...row })
      .onConflictDoUpdate({ target: pendingRegistrations.email, set: row });
    const link = `${appOrigin(request)}/register/confirm/${token}`;
    await sendAccountMail(request, locale, 'register_confirm', { email, name: row.name }, link);
  });
}

/**
 * Creates the account of a pending registration from its mailed token: single use (the row is
 * deleted by the statement that finds it), 24 hours; the e-mail is verified (the link proves
 * it). An unknown, expired or used token is a 422 on `token`; so is an e-mail that got an
 * account meanwhile (the unique index decides a race), with the "you already have an account"
 * message.
 */
export async function confirmRegistration(
  db: Db,
  token: string,
  startingBalanceCents: number,
): Promise<User> {
  if (!TOKEN.test(token)) throw ValidationError.field('token', 'register.invalid_token');
  // One transaction: the link is used up only if the account is made.
  const made = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(pendingRegistrations)
      .where(
        and(
          eq(pendingRegistrations.tokenHash, sha256Hex(token)),
          gt(pendingRegistrations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!pending) return null;
    // The referrer may have gone since: the account is made without one rather than refused.
    const referralCode =
      pending.referralCode && (await referralCodeExists(tx, pending.referralCode))
        ? pending.referralCode
        : null;
    try {
      return await createUser(
        tx,
        {
          name: pending.name,
          email: pending.email,
          password: null,
          passwordHash: pending.passwordHash,
          referralCode,
          emailVerified: true,
        },
        startingBalanceCents,
      );
    } catch (error) {
      if (error instanceof ValidationError && error.fields.email) {
        throw ValidationError.field('token', 'register.taken');
      }
      throw error;
    }
  });
  if (!made) throw ValidationError.field('token', 'register.invalid_token');
  return made;
}
