import { eq } from 'drizzle-orm';
import { capPayout, centsToAmount, floats } from '../../../games/fairness/index';
import type { Db, Tx } from '../../db/database';
import { STATEMENT_ASSERT, UNIQUE_VIOLATION, sqlState } from '../../db/errors';
import { ValidationError } from '../../http/errors';
import { InsufficientFundsError, lockBalance } from '../wallet/service';
import { activePair } from '../fairness/service';
import { seedPairs, type SeedPair } from '../fairness/schema';
import type { Bet } from '../games/schema';
import type { IdempotencyRequest } from './idempotency';
import { enforcePlayRules } from '../responsible-play/enforce';
import { betJson, type BetAnswer } from './json';
import { recordBet, type RecordedBet } from './record';
import { betState, type BetState } from './state';

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
  /**
   * Refusals that need the user's lock (e.g. one stepped game at a time), on the locked path
   * only; runs before funds.
   */
  guard?: (tx: Tx) => Promise<void>;
  /**
   * The bet opens a session of its game (a stepped game or live round): its state from the bet's
   * floats, written with the bet. A session of the game already open makes the optimistic path
   * give way to the locked one, where `guard` decides.
   */
  sessionState?: (floats: number[]) => unknown;
  idempotency: IdempotencyRequest | null;
  /**
   * The unlocked read of the state, when the route already made it (with the token:
   * requireAuthWithBetState); null when it found no active seed pair.
   */
  prefetched?: BetState | null;
}

export interface BetOutcome {
  statusCode: number;
  body: BetAnswer;
  /** The answer stored under the request's Idempotency-Key: the bet was settled before. */
  replayed?: boolean;
  /** The player as the live feed names them, read with the bet (absent on a replay). */
  player?: { name: string; hideName: boolean };
}

/**
 * Settles a bet (docs/developers/bet-path.md). The state (balance, seed pair, stored answer)
 * is read, the outcome decided from the pair's floats, and one atomic statement (recordBet)
 * bumps the nonce, debits the stake, credits the payout, writes the bet, both ledger lines, the
 * stored answer and the session it opens, guarded by the nonce and the funds: three round trips
 * with the auth lookup, two where the route read the state with the token
 * (requireAuthWithBetState), one where that state was warm (the player's previous bet on this
 * process left it, and the statement checks the token instead; on any refusal the state is read
 * and the bet settled as usual). When the guard finds another bet of the same user got there
 * first, or a session of the game is already open, the bet is settled again in a transaction
 * that locks the balance row and pair before reading (settleLocked), where the request's guard
 * runs.
 */
export async function placeBet(db: Db, request: BetRequest): Promise<BetOutcome> {
  let prefetched = request.prefetched;
  if (prefetched?.warm) {
    const settled = await settleUnlocked(db, request, prefetched);
    if (settled) return settled;
    prefetched = await prefetched.warm.reread();
  }
  const settled = await settleUnlocked(db, request, prefetched);
  return settled ?? settleLocked(db, request, prefetched?.remember);
}

/**
 * The optimistic path: null when a concurrent change of the user's pair or funds intervened, or
 * when a warm state's guess did not hold (its funds too: the read decides on a refusal).
 */
async function settleUnlocked(
  db: Db,
  request: BetRequest,
  prefetched: BetState | null | undefined,
): Promise<BetOutcome | null> {
  const state =
    prefetched !== undefined
      ? prefetched
      : await betState(db, request.userId, request.idempotency, { lock: false });
  if (!state) return null; // no seed pair yet: the locked path commits one
  const stored = storedOutcome(state, request);
  if (stored) return stored;
  // A player with a limit, a break or an exclusion is checked under the lock.
  if (state.guarded) return null;
  if (state.balanceCents < request.amountCents) {
    if (state.warm) return null;
    throw new InsufficientFundsError();
  }
  const { bet, outcome, session } = decide(state, request);
  try {
    const recorded = await recordBet(db, state.pair, bet, request.idempotency, outcome, {
      session,
      warm: state.warm,
    });
    return recorded && written(state, bet, outcome, recorded);
  } catch (error) {
    const code = sqlState(error);
    if (code === STATEMENT_ASSERT || code === UNIQUE_VIOLATION) return null;
    throw error;
  }
}

/** One transaction holding the user's balance row and pair locked from read to write. */
function settleLocked(
  db: Db,
  request: BetRequest,
  remember: BetState['remember'],
): Promise<BetOutcome> {
  return db.transaction(async (tx) => {
    let state = await betState(tx, request.userId, request.idempotency, { lock: true });
    if (!state) {
      // First bet, or the pair was rotated while waiting: commit a pair under the balance lock.
      await lockBalance(tx, request.userId);
      await activePair(tx, request.userId);
      state = await betState(tx, request.userId, request.idempotency, { lock: true });
      if (!state) throw new Error(`user ${request.userId} has no active seed pair`);
    }
    const stored = storedOutcome(state, request);
    if (stored) return stored;
    if (state.guarded) await enforcePlayRules(tx, request.userId, request.amountCents);
    await request.guard?.(tx);
    if (state.balanceCents < request.amountCents) throw new InsufficientFundsError();
    const { bet, outcome, session } = decide(state, request);
    const recorded = await recordBet(tx, state.pair, bet, request.idempotency, outcome, {
      session,
      playChecked: true,
    });
    // Under the locks neither the nonce nor the funds can have moved: a broken invariant.
    const expected = state.balanceCents - bet.amountCents + bet.payoutCents;
    if (recorded?.balanceCents !== expected) {
      throw new Error(`bet of user ${request.userId} could not be recorded as decided`);
    }
    // A guarded player's next bet is read and checked again, never guessed warm.
    return written(
      { ...state, remember: state.guarded ? undefined : remember },
      bet,
      outcome,
      recorded,
    );
  });
}

/**
 * The outcome of a written bet: its answer with the id and balance the statement gave, and the
 * player's next state told to whoever keeps it warm.
 */
function written(
  state: BetState,
  bet: Omit<Bet, 'id'>,
  outcome: BetOutcome,
  recorded: RecordedBet,
): BetOutcome {
  outcome.body.bet.id = recorded.betId;
  outcome.body.balance = centsToAmount(recorded.balanceCents);
  state.remember?.({ ...state.pair, nonce: bet.nonce + 1 }, recorded.balanceCents);
  return { ...outcome, player: recorded.player };
}

/** The answer stored under the request's key; a different request under that key is a 422. */
function storedOutcome(state: BetState, request: BetRequest): BetOutcome | null {
  if (!state.stored) return null;
  if (state.stored.requestHash !== request.idempotency?.requestHash) {
    throw ValidationError.field('idempotency_key', 'idempotency.mismatch');
  }
  return { ...(state.stored.answer as BetOutcome), replayed: true };
}

/**
 * The bet decided from the state's seed pair and nonce, and the answer it will give: its id and
 * the balance after it are the statement's to fill in (0 until then).
 */
function decide(state: BetState, request: BetRequest) {
  const { pair } = state;
  const betFloats = floats(pair.serverSeed, pair.clientSeed, pair.nonce, request.floatsNeeded);
  const decision = request.decide(betFloats);
  const payoutCents = capPayout(decision.payoutCents);
  const bet: Omit<Bet, 'id'> = {
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
    body: { bet: betJson({ ...bet, id: 0 }, pair), balance: 0 },
  };
  const session = request.sessionState ? { state: request.sessionState(betFloats) } : undefined;
  return { bet, outcome, session };
}

/** The seed pair columns a bet answer shows. */
export async function pairOfBet(db: Db | Tx, bet: Bet): Promise<SeedPair> {
  const [pair] = await db.select().from(seedPairs).where(eq(seedPairs.id, bet.seedPairId));
  return pair!;
}
