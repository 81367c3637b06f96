import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
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
import { notFound, ValidationError } from '../../http/errors';
import type { BetAnswer, BetJson } from '../bets/json';
import type { BetOutcome } from '../bets/settle';
import { gameSessions } from '../games/schema';
import * as sessions from '../games/sessions';
import type { BetFeed } from '../live-bets/feed';
import { endingEvent, type RoundBus, type RoundEnded } from './bus';
import { answerOfRound, endRound, readRound, type RoundRow, type WrittenEnding } from './ending';

/** A live round as stored in `game_sessions.state`: its secret crash point included. */
export type RoundState = LiveRoundState;

/** Where the endings written here are announced: the round bus, and the log for its failures. */
export interface RoundAnnouncer {
  bus: Pick<RoundBus, 'publish' | 'notification'>;
  log: FastifyBaseLogger;
  /** The live bets feed, told of each ending once its transaction has committed. */
  feed?: Pick<BetFeed, 'settled'>;
}

/** Writes one ending (endRound, with the announcement's NOTIFY); null when it had ended. */
type EndOnce = (
  db: Db | Tx,
  row: RoundRow<RoundState>,
  ending: LiveEnding,
) => Promise<WrittenEnding | null>;

/**
 * A live game's rounds over `game_sessions` (one running round per player and game): the crash
 * point is decided from the floats at the start and kept secret in the row; every ending (a
 * cash-out, an auto cash-out, the crash) is one statement that ends the round only if it is still
 * running, under the player's balance lock (endRound), so it happens once whichever request,
 * timer or instance gets there first. Each ending is announced by the statement that writes it
 * (with `announcer`): on the database's bus its NOTIFY leaves at the commit, with its ending
 * event; on Redis it is published once committed.
 */
export class LiveRounds {
  constructor(
    private readonly db: Db,
    private readonly rules: LiveRules,
    private readonly announcer?: RoundAnnouncer,
  ) {}

  /**
   * Runs `work` with `end`, which writes endings with their NOTIFY on the database's bus. Once
   * `work` has resolved (committed) the endings are told to the live bets feed and, on Redis,
   * published (a failure there is logged, the ending stands).
   */
  private async announcing<T>(work: (end: EndOnce) => Promise<T>): Promise<T> {
    const { announcer, rules } = this;
    // Each ending written, with its announcement unless the statement carried it (a NOTIFY).
    const written: { ending: WrittenEnding; after: RoundEnded | null }[] = [];
    const result = await work(async (db, row, ending) => {
      let after: RoundEnded | null = null;
      const done = await endRound(
        db,
        row,
        {
          status: ending.status,
          endedAt: ending.endedAt,
          multiplierE4: endingMultiplierE4(ending),
          result: endedResult(row.state, ending),
        },
        (bet) => {
          if (!announcer) return null;
          const message = messageOf(bet);
          const notification = announcer.bus.notification(message);
          if (!notification) after = message;
          return notification;
        },
      );
      if (done) written.push({ ending: done, after });
      return done;
    });
    if (!announcer) return result;
    for (const { ending, after } of written) {
      announcer.feed?.settled(ending.answer.bet, ending.player);
      if (!after) continue;
      await announcer.bus
        .publish(after)
        .catch((error: Error) =>
          announcer.log.warn({ err: error, betId: after.betId }, `${rules.id}: not announced`),
        );
    }
    return result;
  }

  /** Debits the stake and starts the round on the server's clock now. */
  start(input: sessions.StartRequest): Promise<BetOutcome & { state: RoundState | null }> {
    const { rules } = this;
    const autoCashoutE4 = rules.autoCashoutE4(input.params);
    // The clock starts once: settled again (the locked path after the optimistic one), the round
    // keeps its start, and its state follows the floats the bet is recorded with.
    const startedAt = Date.now();
    let state: RoundState | null = null;
    return this.announcing((end) =>
      sessions.open(this.db, rules, input, {
        guard: (tx) => this.requireNoRunningRound(tx, input.userId, end),
        state: (floats) => (state = liveRound(rules, floats, autoCashoutE4, startedAt)),
        result: runningResult,
      }),
    ).then((outcome) => ({ ...outcome, state: outcome.replayed ? null : state }));
  }

  /**
   * A cash-out by hand at `atMs` (the server's clock when the request arrived): below the crash
   * it wins m(t); at or past it the round is settled as crashed and the cash-out refused. Two
   * round trips: the round read, then its ending written once.
   */
  async cashOut(userId: number, betId: number, atMs: number): Promise<BetAnswer> {
    const round = await this.readOwn(userId, betId);
    let answer: BetAnswer | null = null;
    let late = true;
    if (round.status === 'active') {
      const ending = liveEnding(this.rules, round.state, atMs);
      late = atMs >= round.state.endsAt;
      answer = (await this.announcing((end) => end(this.db, round, ending)))?.answer ?? null;
    }
    // Already ended (another cash-out, the auto cash-out or the crash got there first).
    if (!answer) {
      late = true;
      answer = answerOfRound(await this.readOwn(userId, betId));
    }
    if (late) {
      const crashed = answer.bet.result.status === 'crashed';
      throw ValidationError.field('id', crashed ? 'game.crashed' : 'game.over');
    }
    return answer;
  }

  /**
   * Ends the round if its time has come (its auto cash-out or its crash); null when not yet, or
   * when it has already ended (read first, so the second of two timers, or a sweep, after the
   * first has written the ending costs one read).
   */
  async settleIfDue(betId: number, nowMs = Date.now()): Promise<LiveEnding | null> {
    const round = await readRound<RoundState>(this.db, this.rules.id, betId);
    if (!round || round.status !== 'active' || nowMs < round.state.endsAt) return null;
    const ending = liveEnding(this.rules, round.state, null);
    const written = await this.announcing((end) => end(this.db, round, ending));
    return written ? ending : null;
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
    const round = await readRound<RoundState>(this.db, this.rules.id, betId);
    if (!round || round.user_id !== userId) return null;
    return {
      bet: answerOfRound(round).bet,
      state: round.state,
      running: round.status === 'active',
    };
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

  /** The player's round `betId`, read as of now; 404 when it is not theirs. */
  private async readOwn(userId: number, betId: number): Promise<RoundRow<RoundState>> {
    const round = await readRound<RoundState>(this.db, this.rules.id, betId);
    if (!round || round.user_id !== userId) throw notFound();
    return round;
  }

  /** The start's guard, under the player's lock: a round whose end has passed is ended first. */
  private async requireNoRunningRound(tx: Tx, userId: number, end: EndOnce): Promise<void> {
    const open = await sessions.findOpen(tx, this.rules.id, userId);
    if (!open) return;
    const state = open.state as RoundState;
    if (Date.now() < state.endsAt) throw ValidationError.field('game', 'game.in_progress');
    // Settled now rather than blocking the next one (unless another ending got there first).
    const round = await readRound<RoundState>(tx, this.rules.id, open.betId);
    if (round?.status === 'active') await end(tx, round, liveEnding(this.rules, state, null));
  }
}

/** The announcement of an ended round: its ending event. */
function messageOf(bet: BetJson): RoundEnded {
  return { betId: bet.id, event: endingEvent(bet) };
}
