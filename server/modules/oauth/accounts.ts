import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { Value } from 'typebox/value';
import { HttpError, ValidationError } from '../../http/errors';
import { Email } from '../../http/schemas';
import { isStorableText } from '../../http/text';
import { createUser, findUserByEmail } from '../account/service';
import type { OAuthProfile } from './flow';
import { oauthAccounts } from './schema';

async function linkedUser(db: Db, provider: string, subject: string): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return row?.user;
}

/**
 * The account for a provider identity: the one already linked; else the account with the same
 * e-mail when the provider says that address is verified (then linked); else a new account.
 * An existing account is never taken over through an unverified address.
 */
export async function accountForProfile(
  db: Db,
  provider: string,
  profile: OAuthProfile,
  startingBalanceCents: number,
): Promise<User> {
  const linked = await linkedUser(db, provider, profile.subject);
  if (linked) return linked;
  if (!profile.email) throw new HttpError(403, 'oauth.no_email');
  // The provider's word is not an address check: the same rule as the API's e-mail fields.
  if (!isStorableText(profile.email) || !Value.Check(Email, profile.email)) {
    throw new HttpError(403, 'oauth.bad_email');
  }

  let user = await findUserByEmail(db, profile.email);
  if (user && !profile.emailVerified) throw new HttpError(403, 'oauth.email_taken');
  if (!user) {
    try {
      user = await createUser(
        db,
        {
          name: profile.name,
          email: profile.email,
          password: null,
          emailVerified: profile.emailVerified,
        },
        startingBalanceCents,
      );
    } catch (error) {
      if (error instanceof ValidationError) throw new HttpError(403, 'oauth.email_taken');
      throw error;
    }
  } else if (!user.emailVerifiedAt) {
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  }
  await db
    .insert(oauthAccounts)
    .values({ userId: user.id, provider, subject: profile.subject, email: profile.email })
    .onConflictDoNothing();
  // A concurrent callback for the same identity may have linked first: its link wins.
  return (await linkedUser(db, provider, profile.subject)) ?? user;
}
