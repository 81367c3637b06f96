import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { centsToAmount } from '../../../games/fairness/index';
import type { LiveRules } from '../../../games/fairness/contract';
import {
  endedResult,
  endingMultiplierE4,
  liveEnding,
  liveRound,
  runningResult,
  type LiveEnding,
  type LiveRoundState,
} from '../../../games/fairness/live';
import type { Db, Tx } from '../../db/database';
import { preparedSql, toDate } from '../../db/prepared';
import { users } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { betJson, type BetAnswer } from '../bets/json';
import { pairOfBet, type BetOutcome } from '../bets/settle';
import { gameSessions, type Bet } from '../games/schema';
import * as sessions from '../games/sessions';
import type { BetFeed } from '../live-bets/feed';
import { endingEvent, type RoundBus, type RoundEnded } from './bus';

/** A live round as stored in `game_sessions.state`: its secret crash point included. */
export type RoundState = LiveRoundState;

/** Where the endings written here are announced: the round bus, and the log for its failures. */
export interface RoundAnnouncer {
  bus: Pick<RoundBus, 'publish' | 'atCommit'>;
  log: FastifyBaseLogger;
  /** The live bets feed, told of each ending once its transaction has committed. */
  feed?: Pick<BetFeed, 'settled'>;
}

/** Called by end() for each ending a transaction writes. */
type Ended = (tx: Tx, answer: BetAnswer, userId: number) => Promise<void>;

// The statements every round runs outside its transactions, as named prepared statements
// (built once, planned once per connection). Names as in server/db/schema and the games and
// fairness schemas; bigint columns as text (node-postgres would give strings anyway).
const p = (name: string) => sql.placeholder(name);

/** A round's owner, status and end, read without a lock. */
const peekRound = preparedSql<{ user_id: number; status: string; ends_at: string }>(
  'live_round_peek',
  sql`SELECT user_id, status, state->>'endsAt' AS ends_at
    FROM game_sessions WHERE bet_id = ${p('bet')}::bigint`,
);

interface ViewRow {
  status: string;
  state: RoundState;
  id: string;
  user_id: number;
  game: string;
  amount_cents: string;
  multiplier_e4: string;
  payout_cents: string;
  seed_pair_id: number;
  nonce: number;
  params: unknown;
  result: unknown;
  created_at: Date | string;
  server_seed_hash: string;
  client_seed: string;
}

/** A round of the player with its bet and the seeds its answer shows. */
const viewRound = preparedSql<ViewRow>(
  'live_round_view',
  sql`SELECT s.status, s.state, b.id::text AS id, b.user_id, b.game,
      b.amount_cents::text AS amount_cents, b.multiplier_e4::text AS multiplier_e4,
      b.payout_cents::text AS payout_cents, b.seed_pair_id, b.nonce, b.params, b.result,
      b.created_at, pair.server_seed_hash, pair.client_seed
    FROM game_sessions AS s
    JOIN bets AS b ON b.id = s.bet_id
    JOIN seed_pairs AS pair ON pair.id = b.seed_pair_id
    WHERE s.bet_id = ${p('bet')}::bigint AND s.user_id = ${p('user')}::int
      AND s.game = ${p('game')}::text`,
);

function betOf(row: ViewRow): Bet {
  return {
    id: Number(row.id),
    userId: row.user_id,
    game: row.game,
    amountCents: Number(row.amount_cents),
    multiplierE4: Number(row.multiplier_e4),
    payoutCents: Number(row.payout_cents),
    seedPairId: row.seed_pair_id,
    nonce: row.nonce,
    params: row.params,
    result: row.result,
    createdAt: toDate(row.created_at),
  };
}

/**
 * A live game's rounds over `game_sessions` (one running round per player and game): the crash
 * point is decided from the floats at the start and kept secret in the row; every ending (a
 * cash-out, an auto cash-out, the crash) is written under the player's balance lock, so it
 * happens once whichever request, timer or instance gets there first. Each ending is announced
 * by the transaction that writes it (with `announcer`): on the database's bus inside it, so the
 * NOTIFY leaves at its commit, with its ending event; on Redis once it has committed.
 */
export class LiveRounds {
  constructor(
    private readonly db: Db,
    private readonly rules: LiveRules,
    private readonly announcer?: RoundAnnouncer,
  ) {}

  /**
   * Runs `work` with an `ended` hook for end(): the endings it writes are announced inside the
   * transaction (LISTEN/NOTIFY: delivered at its commit, dropped with a rollback), or after
   * `work` has resolved, i.e. committed (Redis; a failure there is logged, the ending stands).
   */
  private async announcing<T>(work: (ended: Ended) => Promise<T>): Promise<T> {
    const { announcer } = this;
    const after: RoundEnded[] = [];
    const settled: { answer: BetAnswer; userId: number }[] = [];
    const result = await work(async (tx, answer, userId) => {
      if (!announcer) return;
      settled.push({ answer, userId });
      const message = { betId: answer.bet.id, event: endingEvent(answer.bet) };
      if (announcer.bus.atCommit) await announcer.bus.publish(message, tx);
      else after.push(message);
    });
    // Committed: the endings are settled bets now.
    for (const { answer, userId } of settled) announcer?.feed?.settled(answer.bet, { id: userId });
    for (const message of after) {
      await announcer!.bus
        .publish(message)
        .catch((error: Error) =>
          announcer!.log.warn({ err: error, betId: message.betId }, 'live round: not announced'),
        );
    }
    return result;
  }

  /** Debits the stake and starts the round on the server's clock now. */
  start(input: sessions.StartRequest): Promise<BetOutcome & { state: RoundState | null }> {
    const { rules } = this;
    const autoCashoutE4 = rules.autoCashoutE4(input.params);
    let state: RoundState | null = null;
    return this.announcing((ended) =>
      sessions.open(this.db, rules, input, {
        guard: (tx) => this.requireNoRunningRound(tx, input.userId, ended),
        // The clock starts once: the state stays the same when the bet is settled again.
        state: (floats) => (state ??= liveRound(rules, floats, autoCashoutE4, Date.now())),
        result: runningResult,
      }),
    ).then((outcome) => ({ ...outcome, state }));
  }

  /**
   * A cash-out by hand at `atMs` (the server's clock when the request arrived): below the crash
   * it wins m(t); at or past it the round is settled as crashed and the cash-out refused.
   */
  async cashOut(userId: number, betId: number, atMs: number): Promise<BetAnswer> {
    const settled = await this.announcing((ended) =>
      this.db.transaction(async (tx) => {
        const round = await this.locked(tx, betId, userId);
        const { state } = round;
        if (round.session.status !== 'active') {
          // Already ended (another cash-out, the auto cash-out or the crash got there first).
          const answer = {
            bet: betJson(round.bet, await pairOfBet(tx, round.bet)),
            balance: centsToAmount(round.balance),
          };
          return { late: true, answer };
        }
        const ending = liveEnding(this.rules, state, atMs);
        const late = atMs >= state.endsAt;
        return { late, answer: await this.end(tx, round.bet, round.balance, state, ending, ended) };
      }),
    );
    if (settled.late) {
      const crashed = settled.answer.bet.result.status === 'crashed';
      throw ValidationError.field('id', crashed ? 'game.crashed' : 'game.over');
    }
    return settled.answer;
  }

  /**
   * Ends the round if its time has come (its auto cash-out or its crash); null when not yet, or
   * when it has already ended: that is read first without a lock, so the second of two timers
   * (or a sweep) after the first has written the ending costs one read, not a transaction.
   * The timer of the round's own start, which knows its `owner` and nearly always finds it
   * running, goes straight to the transaction.
   */
  async settleIfDue(betId: number, nowMs = Date.now(), owner?: number): Promise<LiveEnding | null> {
    let userId = owner;
    if (userId === undefined) {
      const [row] = await peekRound(this.db, { bet: betId });
      if (!row || row.status !== 'active' || nowMs < Number(row.ends_at)) return null;
      userId = row.user_id;
    }
    const user = userId;
    return this.announcing((ended) =>
      this.db.transaction(async (tx) => {
        const round = await this.locked(tx, betId, user);
        if (round.session.status !== 'active' || nowMs < round.state.endsAt) return null;
        const ending = liveEnding(this.rules, round.state, null);
        await this.end(tx, round.bet, round.balance, round.state, ending, ended);
        return ending;
      }),
    );
  }

  /**
   * The running rounds whose end is at or before `nowMs`: nobody settled them (an instance went
   * away, or is slow to).
   */
  async overdue(nowMs = Date.now()): Promise<number[]> {
    const rows = await this.db
      .select({ betId: gameSessions.betId })
      .from(gameSessions)
      .where(
        and(
          eq(gameSessions.game, this.rules.id),
          eq(gameSessions.status, 'active'),
          sql`(${gameSessions.state}->>'endsAt')::bigint <= ${nowMs}`,
        ),
      );
    return rows.map((row) => row.betId);
  }

  /** A round of the player: its bet (secret hidden while running), state and status; one read. */
  async view(userId: number, betId: number) {
    const [row] = await viewRound(this.db, { bet: betId, user: userId, game: this.rules.id });
    if (!row) return null;
    const pair = { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed };
    return { bet: betJson(betOf(row), pair), state: row.state, running: row.status === 'active' };
  }

  /** The player's running round, if any (after settling it when its time has passed). */
  async active(userId: number) {
    const row = await sessions.findOpen(this.db, this.rules.id, userId);
    if (!row) return null;
    if (Date.now() >= (row.state as RoundState).endsAt) await this.settleIfDue(row.betId);
    const view = await this.view(userId, row.betId);
    return view?.running ? view : null;
  }

  /** The player's balance now (a settlement may just have credited it). */
  async balanceOf(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ balanceCents: users.balanceCents })
      .from(users)
      .where(eq(users.id, userId));
    return row?.balanceCents ?? 0;
  }

  private async requireNoRunningRound(tx: Tx, userId: number, ended: Ended): Promise<void> {
    const round = await sessions.findOpen(tx, this.rules.id, userId);
    if (!round) return;
    // A round whose end has passed is settled now rather than blocking the next one.
    const state = round.state as RoundState;
    if (Date.now() >= state.endsAt) {
      const locked = await this.locked(tx, round.betId, userId);
      if (locked.session.status !== 'active') return;
      const ending = liveEnding(this.rules, state, null);
      await this.end(tx, locked.bet, locked.balance, state, ending, ended);
      return;
    }
    throw ValidationError.field('game', 'game.in_progress');
  }

  private async locked(tx: Tx, betId: number, userId: number) {
    const row = await sessions.locked(tx, this.rules.id, userId, betId);
    return { ...row, state: row.session.state as RoundState };
  }

  /**
   * Writes the ending: the session's status, the bet's multiplier, payout and result, the credit;
   * then `ended` announces it.
   */
  private async end(
    tx: Tx,
    bet: Bet,
    balanceCents: number,
    state: RoundState,
    ending: LiveEnding,
    ended: Ended,
  ): Promise<BetAnswer> {
    const answer = await sessions.write(tx, bet, balanceCents, {
      status: ending.status,
      endedAt: new Date(ending.endedAt),
      multiplierE4: endingMultiplierE4(ending),
      result: endedResult(state, ending),
    });
    await ended(tx, answer, bet.userId);
    return answer;
  }
}
