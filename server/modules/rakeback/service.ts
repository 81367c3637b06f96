import { eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { wageredCents } from '../wallet/ledger';
import { changeBalance, lockBalance } from '../wallet/service';
import { rakebackClaims } from './schema';

export const RAKEBACK_TYPES = ['instant', 'daily', 'weekly'] as const;
export type RakebackType = (typeof RAKEBACK_TYPES)[number];

const HOUR_MS = 60 * 60 * 1000;
/**
 * Rakeback returns 10% of a nominal 1% house edge on every wager, in three pots: 0.05% of
 * wagers claimable at any time, 0.03% once a day and 0.02% once a week. Each pot accrues on the
 * user's whole wagering history; what is claimable is the accrued amount minus earlier claims.
 */
export const RAKEBACK_PLANS: Record<RakebackType, { rateBps: number; cooldownMs: number }> = {
  instant: { rateBps: 5, cooldownMs: 0 },
  daily: { rateBps: 3, cooldownMs: 24 * HOUR_MS },
  weekly: { rateBps: 2, cooldownMs: 7 * 24 * HOUR_MS },
};

export interface RakebackPot {
  type: RakebackType;
  rateBps: number;
  accruedCents: number;
  claimedCents: number;
  availableCents: number;
  /** When this pot may be claimed next; null when it may be claimed now. */
  nextClaimAt: Date | null;
}

export interface RakebackStatus {
  wageredCents: number;
  pots: RakebackPot[];
}

export async function rakebackStatus(
  db: Db | Tx,
  userId: number,
  now = new Date(),
): Promise<RakebackStatus> {
  const [wagered, claims] = await Promise.all([
    wageredCents(db, [userId]),
    db
      .select({
        type: rakebackClaims.type,
        cents: sql<number>`coalesce(sum(${rakebackClaims.amountCents}), 0)`.mapWith(Number),
        last: max(rakebackClaims.createdAt),
      })
      .from(rakebackClaims)
      .where(eq(rakebackClaims.userId, userId))
      .groupBy(rakebackClaims.type),
  ]);
  const pots = RAKEBACK_TYPES.map((type): RakebackPot => {
    const plan = RAKEBACK_PLANS[type];
    const claim = claims.find((c) => c.type === type);
    const accruedCents = Math.floor((wagered * plan.rateBps) / 10_000);
    const claimedCents = claim?.cents ?? 0;
    const last = claim?.last ? new Date(claim.last) : null;
    const next = last ? new Date(last.getTime() + plan.cooldownMs) : null;
    return {
      type,
      rateBps: plan.rateBps,
      accruedCents,
      claimedCents,
      availableCents: Math.max(0, accruedCents - claimedCents),
      nextClaimAt: next && next.getTime() > now.getTime() ? next : null,
    };
  });
  return { wageredCents: wagered, pots };
}

/**
 * Credits a pot's available rakeback through the ledger. The balance row lock serializes claims
 * of one user, so two claims at once cannot both pay the same accrual.
 */
export async function claimRakeback(
  db: Db,
  userId: number,
  type: RakebackType,
): Promise<{ claimedCents: number; balanceCents: number }> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const now = new Date();
    const pot = (await rakebackStatus(tx, userId, now)).pots.find((p) => p.type === type)!;
    if (pot.nextClaimAt) {
      throw ValidationError.field('rakeback_type', 'rakeback.cooldown', {
        time: pot.nextClaimAt.toISOString(),
      });
    }
    if (pot.availableCents < 1) throw ValidationError.field('rakeback_type', 'rakeback.nothing');
    const [claim] = await tx
      .insert(rakebackClaims)
      .values({ userId, type, amountCents: pot.availableCents, createdAt: now })
      .returning({ id: rakebackClaims.id });
    const balanceCents = await changeBalance(tx, {
      userId,
      deltaCents: pot.availableCents,
      reason: 'rakeback',
      reference: `rakeback:${type}:${claim!.id}`,
    });
    return { claimedCents: pot.availableCents, balanceCents };
  });
}
