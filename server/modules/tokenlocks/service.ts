import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { HttpError, ValidationError } from '../../http/errors';
import { centsToAmount, changeBalance, changeBalances } from '../wallet/service';
import { tokenLocks, type TokenLock } from './schema';

/** Lock durations on offer and their yearly reward rates in basis points. */
export const LOCK_OPTIONS: readonly { days: number; rateBps: number }[] = [
  { days: 7, rateBps: 200 },
  { days: 30, rateBps: 500 },
  { days: 90, rateBps: 800 },
  { days: 180, rateBps: 1000 },
  { days: 365, rateBps: 1200 },
];
export const MAX_LOCK_CENTS = 100_000_000; // 1,000,000.00
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reward for the whole term: amount * yearly rate * days / 365, rounded down to a cent. */
export function fullRewardCents(lock: Pick<TokenLock, 'amountCents' | 'rateBps' | 'days'>): number {
  return Math.floor((lock.amountCents * lock.rateBps * lock.days) / (10_000 * 365));
}

/** Reward earned so far: linear over the term, rounded down, capped at the full reward. */
export function accruedRewardCents(lock: TokenLock, now: Date): number {
  if (lock.rewardCents !== null) return lock.rewardCents;
  const full = fullRewardCents(lock);
  const term = lock.endsAt.getTime() - lock.startsAt.getTime();
  const elapsed = Math.min(Math.max(now.getTime() - lock.startsAt.getTime(), 0), term);
  return term <= 0 ? full : Math.min(full, Math.floor(full * (elapsed / term)));
}

export function lockJson(lock: TokenLock, now: Date) {
  return {
    id: lock.id,
    amount: centsToAmount(lock.amountCents),
    days: lock.days,
    rate: lock.rateBps / 100,
    starts_at: lock.startsAt.toISOString(),
    ends_at: lock.endsAt.toISOString(),
    unlocked_at: lock.unlockedAt?.toISOString() ?? null,
    reward: centsToAmount(fullRewardCents(lock)),
    reward_accrued: centsToAmount(accruedRewardCents(lock, now)),
    status: lock.unlockedAt
      ? ('unlocked' as const)
      : lock.endsAt.getTime() <= now.getTime()
        ? ('unlockable' as const)
        : ('locked' as const),
  };
}

export async function listLocks(db: Db, userId: number): Promise<TokenLock[]> {
  return db
    .select()
    .from(tokenLocks)
    .where(eq(tokenLocks.userId, userId))
    .orderBy(desc(tokenLocks.id))
    .limit(200);
}

/** Principal of the user's locks that are not unlocked yet, in cents. */
export async function lockedPrincipalCents(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${tokenLocks.amountCents}), 0)`.mapWith(Number) })
    .from(tokenLocks)
    .where(and(eq(tokenLocks.userId, userId), isNull(tokenLocks.unlockedAt)));
  return row?.cents ?? 0;
}

export interface LockRewards {
  accruedCents: number;
  paidCents: number;
  projectedCents: number;
}

/** Rewards of all the user's locks: earned so far on open ones, paid on unlocked ones. */
export function summarizeRewards(locks: TokenLock[], now: Date): LockRewards {
  const totals = { accruedCents: 0, paidCents: 0, projectedCents: 0 };
  for (const lock of locks) {
    if (lock.rewardCents !== null) {
      totals.paidCents += lock.rewardCents;
    } else {
      totals.accruedCents += accruedRewardCents(lock, now);
      totals.projectedCents += fullRewardCents(lock);
    }
  }
  return totals;
}

/** Moves `amountCents` from the balance into a new lock (ledger reason 'tokenlock'). */
export async function createLock(
  db: Db,
  userId: number,
  amountCents: number,
  days: number,
): Promise<{ lock: TokenLock; balanceCents: number }> {
  const option = LOCK_OPTIONS.find((o) => o.days === days);
  if (!option) {
    throw ValidationError.field('days', 'validation.in');
  }
  return db.transaction(async (tx) => {
    const startsAt = new Date();
    const [lock] = await tx
      .insert(tokenLocks)
      .values({
        userId,
        amountCents,
        rateBps: option.rateBps,
        days,
        startsAt,
        endsAt: new Date(startsAt.getTime() + days * DAY_MS),
      })
      .returning();
    const balanceCents = await changeBalance(tx, {
      userId,
      deltaCents: -amountCents,
      reason: 'tokenlock',
      reference: `tokenlock:${lock!.id}`,
    });
    return { lock: lock!, balanceCents };
  });
}

/** After its end, returns a lock's principal and reward to the balance through the ledger. */
export async function unlock(
  db: Db,
  userId: number,
  lockId: number,
  now = new Date(),
): Promise<{ lock: TokenLock; balanceCents: number }> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select()
      .from(tokenLocks)
      .where(and(eq(tokenLocks.id, lockId), eq(tokenLocks.userId, userId)))
      .for('update');
    if (!lock) throw new HttpError(404, 'error.not_found');
    if (lock.unlockedAt) throw ValidationError.field('id', 'tokenlock.unlocked');
    if (lock.endsAt.getTime() > now.getTime()) {
      throw ValidationError.field('id', 'tokenlock.locked', { time: lock.endsAt.toISOString() });
    }
    const rewardCents = fullRewardCents(lock);
    const [updated] = await tx
      .update(tokenLocks)
      .set({ unlockedAt: now, rewardCents })
      .where(eq(tokenLocks.id, lock.id))
      .returning();
    // The stake back and its reward in one statement; a reward of 0 writes no ledger line.
    const reference = `tokenlock:${lock.id}`;
    const balanceCents = await changeBalances(tx, userId, [
      { deltaCents: lock.amountCents, reason: 'tokenlock_release', reference },
      { deltaCents: rewardCents, reason: 'tokenlock_reward', reference },
    ]);
    return { lock: updated!, balanceCents };
  });
}
