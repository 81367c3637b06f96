import { eq, sql } from 'drizzle-orm';
import { capPayout, centsToAmount, floats } from '../../../games/fairness/index';
import type { Db, Tx } from '../../db/database';
import { ValidationError } from '../../http/errors';
import {
  InsufficientFundsError,
  lockBalance,
  rowsOf,
  balanceChangeCtes,
  type LedgerChange,
} from '../wallet/service';
import { activePair } from '../fairness/service';
import { seedPairs, type SeedPair } from '../fairness/schema';
import type { Bet } from '../games/schema';
import type { IdempotencyRequest, StoredAnswer } from './idempotency';
import { betJson, type BetAnswer } from './json';

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
 * Settles a bet in one transaction (ARCHITECTURE.md "Money and bets") of four round trips:
 * BEGIN; lock the user's balance row and active seed pair (reading the Idempotency-Key's stored
 * answer and the bet's id on the way); decide from the pair's floats; one statement that bumps
 * the nonce, writes the bet, debits the stake, credits the payout, writes both ledger lines and
 * stores the answer under the key; COMMIT.
 */
export async function placeBet(db: Db, request: BetRequest): Promise<BetOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lockForBet(tx, request);
    if (locked.stored) return locked.stored as BetOutcome;
    await request.guard?.(tx);
    if (locked.balanceCents < request.amountCents) throw new InsufficientFundsError();

    const { pair } = locked;
    const betFloats = floats(pair.serverSeed, pair.clientSeed, pair.nonce, request.floatsNeeded);
    const decision = request.decide(betFloats);
    const payoutCents = capPayout(decision.payoutCents);
    const bet: Bet = {
      id: locked.betId,
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
    };
    const outcome: BetOutcome = {
      statusCode: 200,
      body: {
        bet: betJson(bet, pair),
        balance: centsToAmount(locked.balanceCents - request.amountCents + payoutCents),
      },
    };
    await recordBet(tx, bet, request.idempotency, outcome);
    await request.afterInsert?.(tx, bet, betFloats);
    return outcome;
  });
}

type LockedPair = Pick<SeedPair, 'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce'>;

interface LockedForBet {
  balanceCents: number;
  pair: LockedPair;
  /** The id the bet will have (drawn from its sequence now: the answer is built before writing). */
  betId: number;
  /** The answer stored under the request's Idempotency-Key, when it was seen before. */
  stored: StoredAnswer | null;
}

/**
 * Locks the user's balance row and active seed pair in one round trip (SELECT ... FOR UPDATE of
 * both). Locking the pair too matters: a bet that waited for the lock re-reads the locked rows'
 * newest versions, so it sees the nonce the previous bet left. The stored answer is read under
 * the lock, so two retries of one key cannot both miss it. With no active pair (first bet, or
 * the pair was rotated while waiting) it takes the balance lock, commits a pair and reads again.
 */
async function lockForBet(tx: Tx, request: BetRequest): Promise<LockedForBet> {
  let row = await lockedRow(tx, request);
  if (!row) {
    await lockBalance(tx, request.userId);
    await activePair(tx, request.userId);
    row = await lockedRow(tx, request);
    if (!row) throw new Error(`user ${request.userId} has no active seed pair`);
  }
  let stored: StoredAnswer | null = null;
  if (row.request_hash !== null) {
    if (row.request_hash !== request.idempotency?.requestHash) {
      throw ValidationError.field('idempotency_key', 'idempotency.mismatch');
    }
    stored = { statusCode: row.status_code!, body: row.response };
  }
  return {
    balanceCents: Number(row.balance_cents),
    pair: {
      id: row.pair_id,
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
    },
    betId: Number(row.bet_id),
    stored,
  };
}

interface LockedRow {
  balance_cents: string;
  pair_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet_id: string;
  request_hash: string | null;
  status_code: number | null;
  response: unknown;
}

async function lockedRow(tx: Tx, request: BetRequest): Promise<LockedRow | undefined> {
  // Table and column names as in server/db/schema and the games and fairness schemas.
  const [row] = rowsOf<LockedRow>(
    await tx.execute(sql`
      SELECT users.balance_cents::text AS balance_cents, pair.id AS pair_id, pair.server_seed,
        pair.server_seed_hash, pair.client_seed, pair.nonce,
        nextval(pg_get_serial_sequence('bets', 'id'))::text AS bet_id,
        stored.request_hash, stored.status_code, stored.response
      FROM users
      JOIN seed_pairs AS pair ON pair.user_id = users.id AND pair.active
      LEFT JOIN idempotency_keys AS stored
        ON stored.user_id = users.id AND stored.key = ${request.idempotency?.key ?? null}::text
      WHERE users.id = ${request.userId}
      FOR UPDATE OF users, pair`),
  );
  return row;
}

/**
 * One statement: moves the pair's nonce on (guarded: nonce = the one used, so a bet can never
 * reuse or skip one), inserts the bet, debits the stake and credits the payout with their ledger
 * lines (balanceChangeCtes), and stores the answer under the Idempotency-Key.
 */
async function recordBet(
  tx: Tx,
  bet: Bet,
  idempotency: IdempotencyRequest | null,
  outcome: BetOutcome,
): Promise<void> {
  const reference = `bet:${bet.id}`;
  const lines: LedgerChange[] = [{ deltaCents: -bet.amountCents, reason: 'bet', reference }];
  if (bet.payoutCents > 0) lines.push({ deltaCents: bet.payoutCents, reason: 'payout', reference });
  const storeAnswer = idempotency
    ? sql`, stored AS (
        INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
        SELECT ${bet.userId}, ${idempotency.key}, ${idempotency.requestHash}, ${outcome.statusCode},
          ${JSON.stringify(outcome.body)}::jsonb
        FROM balance
      )`
    : sql``;
  const [row] = rowsOf<{ balance: string }>(
    await tx.execute(sql`
      WITH bumped AS (
        UPDATE seed_pairs SET nonce = nonce + 1
        WHERE id = ${bet.seedPairId} AND nonce = ${bet.nonce}
        RETURNING id
      ), bet AS (
        INSERT INTO bets (id, user_id, game, amount_cents, multiplier_e4, payout_cents,
          seed_pair_id, nonce, params, result, created_at)
        SELECT ${bet.id}, ${bet.userId}, ${bet.game}, ${bet.amountCents}, ${bet.multiplierE4},
          ${bet.payoutCents}, bumped.id, ${bet.nonce}, ${JSON.stringify(bet.params)}::jsonb,
          ${JSON.stringify(bet.result)}::jsonb, ${bet.createdAt.toISOString()}::timestamptz
        FROM bumped
        RETURNING id
      ), ${balanceChangeCtes(bet.userId, lines, sql`EXISTS (SELECT 1 FROM bet)`)}${storeAnswer}
      SELECT balance_cents::text AS balance FROM balance`),
  );
  // Under the row locks neither the nonce nor the funds can have moved: this is a broken invariant.
  if (!row || centsToAmount(Number(row.balance)) !== outcome.body.balance) {
    throw new Error(`bet ${bet.id} could not be recorded as decided`);
  }
}

/** The seed pair columns a bet answer shows. */
export async function pairOfBet(db: Db | Tx, bet: Bet): Promise<SeedPair> {
  const [pair] = await db.select().from(seedPairs).where(eq(seedPairs.id, bet.seedPairId));
  return pair!;
}
