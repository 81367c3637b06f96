import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { notFound } from '../../http/errors';
import { lockBalance } from '../wallet/service';
import { bets, gameSessions } from './schema';

/**
 * A player's game session of one game with its bet, under the player's balance-row lock (so
 * moves, cash-outs and endings of one player are served one after another); another player's or
 * another game's session is not found.
 */
export async function lockedSession(tx: Tx, game: string, userId: number, betId: number) {
  const balance = await lockBalance(tx, userId);
  const [row] = await tx
    .select({ session: gameSessions, bet: bets })
    .from(gameSessions)
    .innerJoin(bets, eq(bets.id, gameSessions.betId))
    .where(
      and(
        eq(gameSessions.betId, betId),
        eq(gameSessions.userId, userId),
        eq(gameSessions.game, game),
      ),
    );
  if (!row) throw notFound();
  return { ...row, balance };
}
