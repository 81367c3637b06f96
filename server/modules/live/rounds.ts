import { and, eq, sql } from 'drizzle-orm';
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
import { users } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { betJson, type BetAnswer } from '../bets/json';
import { pairOfBet, type BetOutcome } from '../bets/settle';
import { gameSessions, type Bet } from '../games/schema';
import * as sessions from '../games/sessions';

/** A live round as stored in `game_sessions.state`: its secret crash point included. */
export type RoundState = LiveRoundState;

/**
 * A live game's rounds over `game_sessions` (one running round per player and game): the crash
 * point is decided from the floats at the start and kept secret in the row; every ending (a
 * cash-out, an auto cash-out, the crash) is written under the player's balance lock, so it
 * happens once whichever request, timer or instance gets there first.
 */
export class LiveRounds {
  constructor(
    private readonly db: Db,
    private readonly rules: LiveRules,
  ) {}

  /** Debits the stake and starts the round on the server's clock now. */
  start(input: sessions.StartRequest): Promise<BetOutcome & { state: RoundState | null }> {
    const { rules } = this;
    const autoCashoutE4 = rules.autoCashoutE4(input.params);
    let state: RoundState | null = null;
    return sessions
      .open(this.db, rules, input, {
        guard: (tx) => this.requireNoRunningRound(tx, input.userId),
        // The clock starts once: the state stays the same when the bet is settled again.
        state: (floats) => (state ??= liveRound(rules, floats, autoCashoutE4, Date.now())),
        result: runningResult,
      })
      .then((outcome) => ({ ...outcome, state }));
  }

  /**
   * A cash-out by hand at `atMs` (the server's clock when the request arrived): below the crash
   * it wins m(t); at or past it the round is settled as crashed and the cash-out refused.
   */
  async cashOut(userId: number, betId: number, atMs: number): Promise<BetAnswer> {
    const settled = await this.db.transaction(async (tx) => {
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
      return { late, answer: await this.end(tx, round.bet, round.balance, state, ending) };
    });
    if (settled.late) {
      const crashed = settled.answer.bet.result.status === 'crashed';
      throw ValidationError.field('id', crashed ? 'game.crashed' : 'game.over');
    }
    return settled.answer;
  }

  /** Ends the round if its time has come (its auto cash-out or its crash); null when not yet. */
  settleIfDue(betId: number, nowMs = Date.now()): Promise<LiveEnding | null> {
    return this.db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: gameSessions.userId })
        .from(gameSessions)
        .where(eq(gameSessions.betId, betId));
      if (!owner) return null;
      const round = await this.locked(tx, betId, owner.userId);
      if (round.session.status !== 'active' || nowMs < round.state.endsAt) return null;
      const ending = liveEnding(this.rules, round.state, null);
      await this.end(tx, round.bet, round.balance, round.state, ending);
      return ending;
    });
  }

  /** The running rounds whose end has passed (nobody settled them: an instance went away). */
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

  /** A round of the player: its bet (secret hidden while running), state and status. */
  async view(userId: number, betId: number) {
    const row = await sessions.withBet(this.db, this.rules.id, userId, betId);
    if (!row) return null;
    return {
      bet: betJson(row.bet, await pairOfBet(this.db, row.bet)),
      state: row.session.state as RoundState,
      running: row.session.status === 'active',
    };
  }

  /** The player's running round, if any (after settling it when its time has passed). */
  async active(userId: number) {
    const row = await sessions.findOpen(this.db, this.rules.id, userId);
    if (!row) return null;
    await this.settleIfDue(row.betId);
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

  private async requireNoRunningRound(tx: Tx, userId: number): Promise<void> {
    const round = await sessions.findOpen(tx, this.rules.id, userId);
    if (!round) return;
    // A round whose end has passed is settled now rather than blocking the next one.
    const state = round.state as RoundState;
    if (Date.now() >= state.endsAt) {
      const locked = await this.locked(tx, round.betId, userId);
      if (locked.session.status !== 'active') return;
      await this.end(tx, locked.bet, locked.balance, state, liveEnding(this.rules, state, null));
      return;
    }
    throw ValidationError.field('game', 'game.in_progress');
  }

  private async locked(tx: Tx, betId: number, userId: number) {
    const row = await sessions.locked(tx, this.rules.id, userId, betId);
    return { ...row, state: row.session.state as RoundState };
  }

  /** Writes the ending: the session's status, the bet's multiplier, payout and result, the credit. */
  private end(
    tx: Tx,
    bet: Bet,
    balanceCents: number,
    state: RoundState,
    ending: LiveEnding,
  ): Promise<BetAnswer> {
    return sessions.write(tx, bet, balanceCents, {
      status: ending.status,
      endedAt: new Date(ending.endedAt),
      multiplierE4: endingMultiplierE4(ending),
      result: endedResult(state, ending),
    });
  }
}
