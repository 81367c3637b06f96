import { and, eq } from 'drizzle-orm';
import { capPayout, centsToAmount, payoutCents } from '../../../games/fairness/index';
import type { LiveRules, SteppedRules } from '../../../games/fairness/contract';
import type { Db, Tx } from '../../db/database';
import { notFound } from '../../http/errors';
import type { IdempotencyRequest } from '../bets/idempotency';
import { betJson, type BetAnswer } from '../bets/json';
import { pairOfBet, placeBet, type BetOutcome } from '../bets/settle';
import type { BetState } from '../bets/state';
import { changeBalance, lockBalance } from '../wallet/service';
import { bets, gameSessions, type Bet } from './schema';

/**
 * `game_sessions`, the one table that stepped games (mines, gem miner) and live rounds (the crash
 * game) keep their state in: one row per bet, `active` until the game or round ends. What the
 * state means is the rules' business; opening, finding, locking and ending a session is here.
 */

function openSessionOf(game: string, userId: number) {
  return and(
    eq(gameSessions.userId, userId),
    eq(gameSessions.game, game),
    eq(gameSessions.status, 'active'),
  );
}

/** The player's open session of one game, if any: its bet id and state. */
export async function findOpen(db: Db | Tx, game: string, userId: number) {
  const [row] = await db
    .select({ betId: gameSessions.betId, state: gameSessions.state })
    .from(gameSessions)
    .where(openSessionOf(game, userId))
    .limit(1);
  return row ?? null;
}

/** One session of the player with its bet; another player's or another game's is not there. */
function sessionOf(game: string, userId: number, betId: number) {
  return and(
    eq(gameSessions.betId, betId),
    eq(gameSessions.userId, userId),
    eq(gameSessions.game, game),
  );
}

/** A session and its bet as the player may see them (no lock); null when it is not theirs. */
export async function withBet(db: Db | Tx, game: string, userId: number, betId: number) {
  const [row] = await db
    .select({ session: gameSessions, bet: bets })
    .from(gameSessions)
    .innerJoin(bets, eq(bets.id, gameSessions.betId))
    .where(sessionOf(game, userId, betId));
  return row ?? null;
}

/**
 * A player's session of one game with its bet, under the player's balance-row lock (so moves,
 * cash-outs and endings of one player are served one after another); 404 when not theirs.
 */
export async function locked(tx: Tx, game: string, userId: number, betId: number) {
  const balance = await lockBalance(tx, userId);
  const row = await withBet(tx, game, userId, betId);
  if (!row) throw notFound();
  return { ...row, balance };
}

/** A start request as the routes pass it: the stake and the rules' parsed parameters. */
export interface StartRequest {
  userId: number;
  amountCents: number;
  params: unknown;
  idempotency: IdempotencyRequest | null;
  /** The bet's state as the route read it with the token (requireAuthWithBetState), if it did. */
  prefetched?: BetState | null;
}

type SessionRules = Pick<
  SteppedRules | LiveRules,
  'id' | 'wire' | 'floatsNeeded' | 'verifyValuesOf'
>;

export interface SessionOpening<State> {
  /** Refuses the start (e.g. a game already open); runs under the player's lock. */
  guard: (tx: Tx) => Promise<void>;
  /** The whole state, secrets included, from the bet's floats (the same for the same floats). */
  state: (floats: readonly number[]) => State;
  /** The bet's result while the session is open (secrets hidden). */
  result: (state: State) => Record<string, unknown>;
}

/** Debits the stake and opens the session with the bet (one statement, as every bet). */
export function open<State>(
  db: Db,
  rules: SessionRules,
  start: StartRequest,
  opening: SessionOpening<State>,
): Promise<BetOutcome> {
  const wire = rules.wire(start.params as never);
  return placeBet(db, {
    userId: start.userId,
    game: rules.id,
    amountCents: start.amountCents,
    params: wire,
    floatsNeeded: rules.floatsNeeded(rules.verifyValuesOf(wire)),
    idempotency: start.idempotency,
    prefetched: start.prefetched,
    guard: opening.guard,
    decide: (floats) => ({
      multiplierE4: 0,
      payoutCents: 0,
      result: opening.result(opening.state(floats)),
    }),
    sessionState: opening.state,
  });
}

export interface SessionWrite {
  /** The new state, when it changed. */
  state?: unknown;
  /** `active`, or how it ended. */
  status: string;
  /** When it ended; null while it is open. */
  endedAt: Date | null;
  multiplierE4: number;
  result: Record<string, unknown>;
}

/**
 * Writes a session's move or ending under the player's lock: its state and status, the bet's
 * multiplier, payout and result, and the payout's credit to the ledger.
 */
export async function write(
  tx: Tx,
  bet: Bet,
  balanceCents: number,
  write: SessionWrite,
): Promise<BetAnswer> {
  // The stake times the multiplier is paid once, when the session ends.
  const payout = write.endedAt ? capPayout(payoutCents(bet.amountCents, write.multiplierE4)) : 0;
  let balance = balanceCents;
  if (payout > 0) {
    balance = await changeBalance(tx, {
      userId: bet.userId,
      deltaCents: payout,
      reason: 'payout',
      reference: `bet:${bet.id}`,
    });
  }
  await tx
    .update(gameSessions)
    .set({
      ...(write.state === undefined ? {} : { state: write.state }),
      status: write.status,
      endedAt: write.endedAt,
    })
    .where(eq(gameSessions.betId, bet.id));
  const [updated] = await tx
    .update(bets)
    .set({ multiplierE4: write.multiplierE4, payoutCents: payout, result: write.result })
    .where(eq(bets.id, bet.id))
    .returning();
  return {
    bet: betJson(updated!, await pairOfBet(tx, updated!)),
    balance: centsToAmount(balance),
  };
}
