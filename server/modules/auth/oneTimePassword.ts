import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { twoFactorUsedSteps } from './schema';
import { totpStep } from './totp';

/**
 * Accepts a TOTP code once: valid within ±1 step and its step not used before by this account
 * (login, confirm and disable share the record). Steps older than the window are forgotten.
 */
export async function acceptOneTimePassword(
  db: Db,
  userId: number,
  secretBase32: string,
  code: string,
  timestamp = Date.now(),
): Promise<boolean> {
  const step = totpStep(secretBase32, code, timestamp);
  if (step === null) return false;
  const [fresh] = await db
    .insert(twoFactorUsedSteps)
    .values({ userId, step })
    .onConflictDoNothing()
    .returning({ step: twoFactorUsedSteps.step });
  await db
    .delete(twoFactorUsedSteps)
    .where(and(eq(twoFactorUsedSteps.userId, userId), lt(twoFactorUsedSteps.step, step - 2)));
  return fresh !== undefined;
}
