import { and, eq } from 'drizzle-orm';
import {
  capPayout,
  centsToAmount,
  multiplierToNumber,
  payoutCents,
} from '../../../games/fairness/index';
import {
  MINES,
  minePositions,
  minesMultiplierE4,
  revealTile,
  type MinesState,
  type MinesStatus,
} from '../../../games/mines/rules';
import type { Db, Tx } from '../../db/database';
import { ValidationError, notFound } from '../../http/errors';
import type { IdempotencyRequest } from '../bets/idempotency';
import { betJson, type BetAnswer } from '../bets/json';
import { pairOfBet, placeBet, type BetOutcome } from '../bets/settle';
import { changeBalance, lockBalance } from '../wallet/service';
import { bets, minesGames, type Bet, type MinesGame } from './schema';

/**
 * What a mines bet shows: the board only once the game is over, so an answer never tells
 * where the mines are while they matter.
 */
function minesResult(state: MinesState, minesCount: number) {
  const over = state.status !== 'active';
  const safe = state.revealed.filter((t) => !state.mines.includes(t)).length;
  return {
    mines_count: minesCount,
    revealed: [...state.revealed],
    status: state.status,
    next_multiplier:
      !over && safe < MINES.tiles - minesCount
        ? multiplierToNumber(minesMultiplierE4(minesCount, safe + 1))
        : null,
    ...(over ? { mines: [...state.mines] } : {}),
  };
}

async function requireNoActiveGame(tx: Tx, userId: number): Promise<void> {
  const [game] = await tx
    .select({ betId: minesGames.betId })
    .from(minesGames)
    .where(and(eq(minesGames.userId, userId), eq(minesGames.status, 'active')))
    .limit(1);
  if (game) throw ValidationError.field('game', 'mines.game_in_progress');
}

/** Starts a game: the stake is debited and the board decided (and stored) now. */
export function startMines(
  db: Db,
  input: {
    userId: number;
    amountCents: number;
    mines: number;
    idempotency: IdempotencyRequest | null;
  },
): Promise<BetOutcome> {
  return placeBet(db, {
    userId: input.userId,
    game: MINES.id,
    amountCents: input.amountCents,
    params: { mines: input.mines },
    floatsNeeded: MINES.floatsNeeded,
    idempotency: input.idempotency,
    guard: (tx) => requireNoActiveGame(tx, input.userId),
    decide: () => ({
      multiplierE4: 0,
      payoutCents: 0,
      result: minesResult({ mines: [], revealed: [], status: 'active' }, input.mines),
    }),
    afterInsert: async (tx, bet, floats) => {
      await tx.insert(minesGames).values({
        betId: bet.id,
        userId: input.userId,
        minesCount: input.mines,
        mines: minePositions(floats, input.mines),
        revealed: [],
        status: 'active',
      });
    },
  });
}

async function lockedGame(
  tx: Tx,
  userId: number,
  betId: number,
): Promise<{ game: MinesGame; bet: Bet; balance: number }> {
  const balance = await lockBalance(tx, userId);
  const [row] = await tx
    .select({ game: minesGames, bet: bets })
    .from(minesGames)
    .innerJoin(bets, eq(bets.id, minesGames.betId))
    .where(and(eq(minesGames.betId, betId), eq(minesGames.userId, userId)));
  if (!row) throw notFound();
  if (row.game.status !== 'active') throw ValidationError.field('game', 'mines.game_over');
  return { ...row, balance };
}

/** Ends or advances the game: stores state, multiplier and payout, credits a win. */
async function saveState(
  tx: Tx,
  game: MinesGame,
  bet: Bet,
  state: MinesState,
  balance: number,
): Promise<BetAnswer> {
  const safe = state.revealed.filter((t) => !state.mines.includes(t)).length;
  const multiplierE4 = state.status === 'lost' ? 0 : minesMultiplierE4(game.minesCount, safe);
  const won = state.status === 'cashed_out' || state.status === 'cleared';
  const payout = won ? capPayout(payoutCents(bet.amountCents, multiplierE4)) : 0;
  if (payout > 0) {
    balance = await changeBalance(tx, {
      userId: bet.userId,
      deltaCents: payout,
      reason: 'payout',
      reference: `bet:${bet.id}`,
    });
  }
  const over = state.status !== 'active';
  await tx
    .update(minesGames)
    .set({ revealed: [...state.revealed], status: state.status, endedAt: over ? new Date() : null })
    .where(eq(minesGames.betId, game.betId));
  const [updated] = await tx
    .update(bets)
    .set({ multiplierE4, payoutCents: payout, result: minesResult(state, game.minesCount) })
    .where(eq(bets.id, bet.id))
    .returning();
  return { bet: betJson(updated!, await pairOfBet(tx, updated!)), balance: centsToAmount(balance) };
}

function stateOf(game: MinesGame): MinesState {
  return { mines: game.mines, revealed: game.revealed, status: game.status as MinesStatus };
}

export function revealMinesTile(
  db: Db,
  userId: number,
  betId: number,
  tile: number,
): Promise<BetAnswer> {
  return db.transaction(async (tx) => {
    const { game, bet, balance } = await lockedGame(tx, userId, betId);
    if (game.revealed.includes(tile)) throw ValidationError.field('tile', 'mines.tile_revealed');
    return saveState(tx, game, bet, revealTile(stateOf(game), tile), balance);
  });
}

export function cashOutMines(db: Db, userId: number, betId: number): Promise<BetAnswer> {
  return db.transaction(async (tx) => {
    const { game, bet, balance } = await lockedGame(tx, userId, betId);
    if (game.revealed.length === 0) throw ValidationError.field('game', 'mines.no_reveal');
    return saveState(tx, game, bet, { ...stateOf(game), status: 'cashed_out' }, balance);
  });
}

/** The game in progress, if any, as a bet (board hidden). */
export async function activeMinesBet(db: Db, userId: number) {
  const [row] = await db
    .select({ bet: bets })
    .from(minesGames)
    .innerJoin(bets, eq(bets.id, minesGames.betId))
    .where(and(eq(minesGames.userId, userId), eq(minesGames.status, 'active')));
  return row ? betJson(row.bet, await pairOfBet(db, row.bet)) : null;
}
