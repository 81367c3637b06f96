import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { ledgerEntries, users } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { BET_REASON, referredWageredCents } from '../wallet/ledger';
import { changeBalance, lockBalance } from '../wallet/service';
import { referralClaims } from './schema';

/** A referrer earns 0.10% of every wager placed by the players they referred. */
export const REFERRAL_COMMISSION_BPS = 10;
export const REFERRED_LIST_LIMIT = 100;

export interface ReferralEarnings {
  earnedCents: number;
  claimedCents: number;
  availableCents: number;
}

export async function referralEarnings(db: Db | Tx, userId: number): Promise<ReferralEarnings> {
  const [wagered, [claimed]] = await Promise.all([
    referredWageredCents(db, userId),
    db
      .select({
        cents: sql<number>`coalesce(sum(${referralClaims.amountCents}), 0)`.mapWith(Number),
      })
      .from(referralClaims)
      .where(eq(referralClaims.userId, userId)),
  ]);
  const earnedCents = commissionCents(wagered);
  const claimedCents = claimed?.cents ?? 0;
  return { earnedCents, claimedCents, availableCents: Math.max(0, earnedCents - claimedCents) };
}

/** Commission on a wager total, in cents (rounded down). */
export const commissionCents = (wageredCents: number): number =>
  Math.floor((wageredCents * REFERRAL_COMMISSION_BPS) / 10_000);

/** What each of the given users has staked on bets, in cents (users without bets are absent). */
async function wageredByUser(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: ledgerEntries.userId,
      cents: sql<number>`coalesce(-sum(${ledgerEntries.deltaCents}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.userId, userIds), eq(ledgerEntries.reason, BET_REASON)))
    .groupBy(ledgerEntries.userId);
  return new Map(rows.map((r) => [r.userId, r.cents]));
}

/** The newest referred players with what each has wagered, and how many there are in all. */
export async function referredUsers(db: Db, userId: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.referredBy, userId))
      .orderBy(desc(users.id))
      .limit(REFERRED_LIST_LIMIT),
    db.select({ n: count() }).from(users).where(eq(users.referredBy, userId)),
  ]);
  const wagered = await wageredByUser(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => ({ ...r, wageredCents: wagered.get(r.id) ?? 0 }));
  return { list, total: Number(total?.n ?? 0) };
}

/** Credits the available commission through the ledger; the balance lock serializes claims. */
export async function claimReferralEarnings(
  db: Db,
  userId: number,
): Promise<{ claimedCents: number; balanceCents: number }> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const { availableCents } = await referralEarnings(tx, userId);
    if (availableCents < 1) throw ValidationError.field('referrals', 'referrals.nothing');
    const [claim] = await tx
      .insert(referralClaims)
      .values({ userId, amountCents: availableCents })
      .returning({ id: referralClaims.id });
    const balanceCents = await changeBalance(tx, {
      userId,
      deltaCents: availableCents,
      reason: 'referral_commission',
      reference: `referral_claim:${claim!.id}`,
    });
    return { claimedCents: availableCents, balanceCents };
  });
}
