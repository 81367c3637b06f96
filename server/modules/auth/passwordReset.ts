import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { findUserByEmail, hashPassword } from '../account/service';
import { appOrigin, sendAccountMail } from './links';
import { passwordResetTokens } from './schema';
import { randomString, revokeAllTokens, sha256Hex } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Mails a reset link when the account exists; silent otherwise (the answer must not tell). The
 * token and the mail are made after the answer (background tasks), so a known address does not
 * answer slower than an unknown one. A new request replaces the account's previous token.
 */
export async function requestPasswordReset(request: FastifyRequest, email: string): Promise<void> {
  const user = await findUserByEmail(request.server.db, email);
  if (!user) return;
  request.server.background.run('password reset mail', () => mailResetLink(request, user));
}

async function mailResetLink(request: FastifyRequest, user: User): Promise<void> {
  const token = randomString(64);
  const row = { tokenHash: sha256Hex(token), createdAt: new Date() };
  await request.server.db
    .insert(passwordResetTokens)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: row });
  const link = `${appOrigin(request)}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
  await sendAccountMail(request, 'reset', user, link);
}

/**
 * Sets a new password with a mailed token: single use (the row is deleted by the same statement
 * that checks it), 60 minutes, and every token of the account is revoked.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  const invalid = () => ValidationError.field('email', 'passwords.token');
  if (!user || !/^[A-Za-z0-9]{64}$/.test(input.token)) throw invalid();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          eq(passwordResetTokens.tokenHash, sha256Hex(input.token)),
          gt(passwordResetTokens.createdAt, new Date(Date.now() - RESET_TOKEN_TTL_MS)),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw invalid();
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeAllTokens(tx, user.id);
  });
}
