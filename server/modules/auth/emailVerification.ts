import type { FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { checkSignature, signedQuery } from './signedUrl';
import { appOrigin, queueAccountMail } from './links';

/** Verification links last an hour (Laravel's default). */
export const VERIFY_LINK_TTL_SECONDS = 60 * 60;
const PURPOSE = 'verify-email';

/** The signed payload names the address too: a link for an old address dies with it. */
const payload = (user: Pick<User, 'id' | 'email'>) => `${user.id}|${user.email}`;

export function verificationPath(
  key: Buffer,
  user: Pick<User, 'id' | 'email'>,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const expires = nowSeconds + VERIFY_LINK_TTL_SECONDS;
  return `/email/verify/${user.id}?${signedQuery(key, PURPOSE, payload(user), expires)}`;
}

/** Queues the verification mail; it goes out after the answer (see queueAccountMail). */
export function queueVerificationMail(request: FastifyRequest, user: User): void {
  queueAccountMail(
    request,
    'verify',
    user,
    () => appOrigin(request) + verificationPath(request.server.appKey, user),
  );
}

/**
 * Marks the address verified when the link is genuine and fresh: 'verified', or 'already' when
 * it was verified before. A forged, foreign or stale link is a 403.
 */
export async function verifyEmail(
  db: Db,
  key: Buffer,
  userId: number,
  expires: string | undefined,
  given: string | undefined,
): Promise<'verified' | 'already'> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const check = user ? checkSignature(key, PURPOSE, payload(user), expires, given) : 'invalid';
  if (check === 'expired') throw new HttpError(403, 'verify.expired');
  if (check !== 'valid' || !user) throw new HttpError(403, 'verify.invalid');
  if (user.emailVerifiedAt) return 'already';
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
  return 'verified';
}
