import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import {
  dropPasswordResetTokens,
  hashPassword,
  normalizeEmail,
  setPasswordHash,
  verifyPassword,
} from '../account/service';
import { revokeAllTokens } from '../auth/tokens';
import { UNIQUE_VIOLATION, sqlState } from '../../db/errors';

/**
 * New name and e-mail, and whether the name is hidden in public feeds (unchanged when not
 * given). A changed address is unverified until its new link is used; a taken one
 * is a 422 on email. Answers the updated user and whether the address changed.
 */
export async function updateProfile(
  db: Db,
  user: User,
  input: { name: string; email: string; hide_name?: boolean | undefined },
): Promise<{ user: User; emailChanged: boolean }> {
  const name = input.name.trim();
  if (!name) throw ValidationError.field('name', 'validation.required');
  const email = normalizeEmail(input.email);
  const emailChanged = email !== user.email;
  if (emailChanged) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, user.id)))
      .limit(1);
    if (taken) throw ValidationError.field('email', 'validation.unique');
  }
  // A reset link mailed to the old address must not outlive the change.
  if (emailChanged) await dropPasswordResetTokens(db, user.id);
  const [updated] = await db
    .update(users)
    .set({
      name,
      email,
      ...(input.hide_name === undefined ? {} : { hideName: input.hide_name }),
      updatedAt: new Date(),
      ...(emailChanged ? { emailVerifiedAt: null } : {}),
    })
    .where(eq(users.id, user.id))
    .returning()
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      if (sqlState(error) === UNIQUE_VIOLATION)
        throw ValidationError.field('email', 'validation.unique');
      throw error;
    });
  return { user: updated!, emailChanged };
}

/** A new password after the current one; every other token of the user is revoked. */
export async function changePassword(
  db: Db,
  user: User,
  currentTokenId: number,
  input: { current_password: string; password: string; password_confirmation: string },
): Promise<void> {
  if (!(await verifyPassword(user, input.current_password))) {
    throw ValidationError.field('current_password', 'auth.current_password');
  }
  if (input.password !== input.password_confirmation) {
    throw ValidationError.field('password', 'validation.confirmed');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllTokens(tx, user.id, currentTokenId);
  });
}
