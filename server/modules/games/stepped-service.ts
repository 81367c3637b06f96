import { isRuleIssue, type SteppedRules } from '../../../games/fairness/contract';
import type { Db, Tx } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { betJson, type BetAnswer, type BetJson } from '../bets/json';
import { pairOfBet, type BetOutcome } from '../bets/settle';
import type { Bet } from './schema';
import { ruleIssueError } from './fields';
import * as sessions from './sessions';

/**
 * A stepped game's server side over `game_sessions`: the whole state (secrets included) is
 * decided from the floats at the start and stored, one nonce for the whole game; every move locks
 * the player's balance row, so parallel moves and cash-outs are served one after another.
 */
export class SteppedGames {
  constructor(
    private readonly db: Db,
    private readonly rules: SteppedRules,
    /** Told of each game that ends, after its commit (the live bets feed). */
    private readonly onSettled?: (bet: BetJson, userId: number) => void,
  ) {}

  /** Starts a game: the stake is debited and the state decided (and stored) now. */
  start(input: sessions.StartRequest): Promise<BetOutcome> {
    const { rules } = this;
    return sessions.open(this.db, rules, input, {
      guard: (tx) => this.requireNoActiveGame(tx, input.userId),
      state: (floats) => rules.start(input.params, floats),
      result: (state) => rules.result(state, input.params),
    });
  }

  /**
   * One move of the game in progress (a tile revealed, a level dug); `at`, when the rules take
   * it, is where the player meant it to land: anywhere else is refused.
   */
  step(userId: number, betId: number, move: number, at?: number): Promise<BetAnswer> {
    return this.settling(userId, async (tx) => {
      const game = await this.lockedGame(tx, userId, betId);
      const position = this.rules.move.at;
      if (position && at !== undefined && at !== position.of(game.session.state)) {
        throw ValidationError.field(position.field, 'game.wrong_step');
      }
      const next = this.rules.step(game.session.state, move, game.params);
      if (isRuleIssue(next)) throw ruleIssueError(next);
      return this.save(tx, game, next);
    });
  }

  cashOut(userId: number, betId: number): Promise<BetAnswer> {
    return this.settling(userId, async (tx) => {
      const game = await this.lockedGame(tx, userId, betId);
      const next = this.rules.cashOut(game.session.state, game.params);
      if (isRuleIssue(next)) throw ruleIssueError(next);
      return this.save(tx, game, next);
    });
  }

  /** Runs a move's transaction; a game it ended is reported once committed. */
  private async settling(
    userId: number,
    work: (tx: Tx) => Promise<{ answer: BetAnswer; over: boolean }>,
  ): Promise<BetAnswer> {
    const { answer, over } = await this.db.transaction(work);
    if (over) this.onSettled?.(answer.bet, userId);
    return answer;
  }

  /** The player's game in progress, if any, as a bet (secrets hidden by the rules' result). */
  async active(userId: number) {
    const open = await sessions.findOpen(this.db, this.rules.id, userId);
    const row = open && (await sessions.withBet(this.db, this.rules.id, userId, open.betId));
    return row ? betJson(row.bet, await pairOfBet(this.db, row.bet)) : null;
  }

  private async requireNoActiveGame(tx: Tx, userId: number): Promise<void> {
    if (await sessions.findOpen(tx, this.rules.id, userId))
      throw ValidationError.field('game', 'game.in_progress');
  }

  private async lockedGame(tx: Tx, userId: number, betId: number) {
    const row = await sessions.locked(tx, this.rules.id, userId, betId);
    if (row.session.status !== 'active') throw ValidationError.field('game', 'game.over');
    const parsed = this.rules.parse(row.bet.params as Record<string, unknown>);
    if (!parsed.ok) throw new Error(`bet ${betId}: stored parameters no longer parse`);
    return { ...row, params: parsed.value };
  }

  /** Stores the new state, multiplier and result, and credits a win once the game is over. */
  private async save(
    tx: Tx,
    game: { bet: Bet; params: unknown; balance: number },
    state: unknown,
  ): Promise<{ answer: BetAnswer; over: boolean }> {
    const { rules } = this;
    const over = rules.isOver(state);
    const answer = await sessions.write(tx, game.bet, game.balance, {
      state,
      status: over ? rules.status(state) : 'active',
      endedAt: over ? new Date() : null,
      multiplierE4: rules.multiplierE4(state, game.params),
      result: rules.result(state, game.params),
    });
    return { answer, over };
  }
}
