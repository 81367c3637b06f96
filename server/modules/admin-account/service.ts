import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users, type User } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { createUser, findUserByEmail, hashPassword, setPasswordHash } from '../account/service';

export interface AdminAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Makes sure an admin account exists for `email`: creates it (verified, with the usual demo
 * credit through the ledger) or promotes the existing account. The password of an existing
 * account is replaced only when `resetPassword` is set (the npm script), so a restart with
 * ADMIN_PASSWORD never undoes a password changed in the app.
 */
export async function ensureAdmin(
  db: Db,
  admin: AdminAccount,
  startingBalanceCents: number,
  options: { resetPassword?: boolean } = {},
): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByEmail(db, admin.email);
  if (!existing) {
    try {
      const user = await createUser(
        db,
        {
          name: admin.name,
          email: admin.email,
          password: admin.password,
          role: 'admin',
          emailVerified: true,
        },
        startingBalanceCents,
      );
      return { user, created: true };
    } catch (error) {
      // Another instance created it at the same moment: promote below.
      if (!(error instanceof ValidationError)) throw error;
    }
  }
  const current = existing ?? (await findUserByEmail(db, admin.email));
  if (!current) throw new Error(`could not create the admin account ${admin.email}`);
  if (options.resetPassword) {
    await setPasswordHash(db, current.id, await hashPassword(admin.password));
  }
  const [user] = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(eq(users.id, current.id))
    .returning();
  return { user: user!, created: false };
}
