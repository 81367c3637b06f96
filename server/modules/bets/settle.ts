import { and, eq, sql } from 'drizzle-orm';
import { capPayout, centsToAmount, floats } from '../../../games/fairness/index';
import type { Db, Tx } from '../../db/database';
import { users } from '../../db/schema';
import { InsufficientFundsError, changeBalance, lockBalance } from '../wallet/service';
import { activePair } from '../fairness/service';
import { seedPairs, type SeedPair } from '../fairness/schema';
import { bets, type Bet } from '../games/schema';
import { storeAnswer, storedAnswer, type IdempotencyRequest } from './idempotency';
import { betJson, type BetAnswer } from './json';

type NewBet = typeof bets.$inferInsert & { createdAt: Date };

export interface Decision {
  multiplierE4: number;
  /** Before the cap: placeBet() limits it to MAX_PAYOUT_CENTS. */
  payoutCents: number;
  result: Record<string, unknown>;
}

export interface BetRequest {
  userId: number;
  game: string;
  amountCents: number;
  /** The validated parameters as stored and shown (e.g. {target, condition}). */
  params: Record<string, unknown>;
  floatsNeeded: number;
  /** The outcome from the bet's floats: pure rules only. */
  decide: (floats: number[]) => Decision;
  /** Refusals that need the user's lock (e.g. one mines game at a time); runs before funds. */
  guard?: (tx: Tx) => Promise<void>;
  /** More rows of the same bet in the same transaction (the mines board). */
  afterInsert?: (tx: Tx, bet: Bet, floats: number[]) => Promise<void>;
  idempotency: IdempotencyRequest | null;
}

export interface BetOutcome {
  statusCode: number;
  body: BetAnswer;
}

/**
 * Settles a bet in one transaction (ARCHITECTURE.md "Money and bets"): lock the balance row,
 * answer a known Idempotency-Key from its stored answer, check funds, take the active pair's
 * nonce, decide from its floats, write the bet, debit the stake and credit the payout through
 * the ledger, bump the nonce, remember the answer under the key.
 */
export async function placeBet(db: Db, request: BetRequest): Promise<BetOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lockBalanceWithPair(tx, request.userId);
    if (request.idempotency) {
      const stored = await storedAnswer(tx, request.userId, request.idempotency);
      if (stored) return stored as BetOutcome;
    }
    await request.guard?.(tx);
    if (locked.balanceCents < request.amountCents) throw new InsufficientFundsError();

    const pair = locked.pair;
    const betFloats = floats(pair.serverSeed, pair.clientSeed, pair.nonce, request.floatsNeeded);
    const decision = request.decide(betFloats);
    const payoutCents = capPayout(decision.payoutCents);

    const bet = await insertBetAndBumpNonce(tx, pair, {
      userId: request.userId,
      game: request.game,
      amountCents: request.amountCents,
      multiplierE4: decision.multiplierE4,
      payoutCents,
      seedPairId: pair.id,
      nonce: pair.nonce,
      params: request.params,
      result: decision.result,
      createdAt: new Date(),
    });
    const reference = `bet:${bet.id}`;
    let after = await changeBalance(tx, {
      userId: request.userId,
      deltaCents: -request.amountCents,
      reason: 'bet',
      reference,
    });
    if (payoutCents > 0) {
      after = await changeBalance(tx, {
        userId: request.userId,
        deltaCents: payoutCents,
        reason: 'payout',
        reference,
      });
    }
    await request.afterInsert?.(tx, bet, betFloats);

    const outcome: BetOutcome = {
      statusCode: 200,
      body: { bet: betJson(bet, pair), balance: centsToAmount(after) },
    };
    if (request.idempotency) {
      await storeAnswer(tx, request.userId, request.idempotency, outcome);
    }
    return outcome;
  });
}

/**
 * Locks the user's balance row and reads the active seed pair in one round trip: SELECT ... FOR
 * UPDATE of both rows. Locking the pair too matters: a bet that waited for the lock re-reads
 * the locked rows' newest versions, so it sees the nonce the previous bet left (an unlocked
 * joined row would be the stale one of the first snapshot). With no active pair (first bet, or
 * the pair was rotated while waiting) it falls back to lockBalance and a fresh read.
 */
async function lockBalanceWithPair(
  tx: Tx,
  userId: number,
): Promise<{ balanceCents: number; pair: SeedPair }> {
  const [row] = await tx
    .select({ balanceCents: users.balanceCents, pair: seedPairs })
    .from(users)
    .innerJoin(seedPairs, and(eq(seedPairs.userId, users.id), eq(seedPairs.active, true)))
    .where(eq(users.id, userId))
    .for('update');
  if (row) return row;
  const balanceCents = await lockBalance(tx, userId);
  return { balanceCents, pair: await activePair(tx, userId) };
}

/**
 * Writes the bet and moves the pair's nonce on in one statement. The nonce update is guarded
 * (nonce = the one used), so a bet can never reuse or skip a nonce; no row means it moved.
 */
async function insertBetAndBumpNonce(tx: Tx, pair: SeedPair, bet: NewBet): Promise<Bet> {
  const bumped = tx.$with('bumped').as(
    tx
      .update(seedPairs)
      .set({ nonce: sql`${seedPairs.nonce} + 1` })
      .where(and(eq(seedPairs.id, pair.id), eq(seedPairs.nonce, pair.nonce)))
      .returning({ id: seedPairs.id }),
  );
  const result = await tx
    .with(bumped)
    .insert(bets)
    .select(
      tx
        .select({
          id: sql`nextval(pg_get_serial_sequence('bets', 'id'))`.as('id'),
          userId: sql`${bet.userId}`.as('user_id'),
          game: sql`${bet.game}`.as('game'),
          amountCents: sql`${bet.amountCents}`.as('amount_cents'),
          multiplierE4: sql`${bet.multiplierE4}`.as('multiplier_e4'),
          payoutCents: sql`${bet.payoutCents}`.as('payout_cents'),
          seedPairId: sql`${bet.seedPairId}`.as('seed_pair_id'),
          nonce: sql`${bet.nonce}`.as('nonce'),
          params: sql`${JSON.stringify(bet.params)}::jsonb`.as('params'),
          result: sql`${JSON.stringify(bet.result)}::jsonb`.as('result'),
          createdAt: sql`${bet.createdAt.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(bumped),
    )
    .returning();
  if (result.length !== 1) throw new Error(`nonce of seed pair ${pair.id} moved during a bet`);
  return result[0]!;
}

/** The seed pair columns a bet answer shows. */
export async function pairOfBet(db: Db | Tx, bet: Bet): Promise<SeedPair> {
  const [pair] = await db.select().from(seedPairs).where(eq(seedPairs.id, bet.seedPairId));
  return pair!;
}
