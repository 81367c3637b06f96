import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { findUserByEmail, hashPassword, setPasswordHash } from '../account/service';
import { appOrigin, queueAccountMail } from './links';
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
  queueAccountMail(request, 'reset', user, async () => {
    const token = randomString(64);
    const row = { tokenHash: sha256Hex(token), createdAt: new Date() };
    await request.server.db
      .insert(passwordResetTokens)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: passwordResetTokens.userId, set: row });
    return `${appOrigin(request)}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
  });
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
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllTokens(tx, user.id);
  });
}
