// Live rounds in tests: pick the next round's crash point (by choosing the client seed against
// the secret server seed read from the test's own database), and the round's stored state.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { floats } from '../../games/fairness/index';
import { crashPointHundredths } from '../../games/minerFrenzy/rules';
import { seedPairs } from '../../server/modules/fairness/schema';
import { gameSessions } from '../../server/modules/games/schema';
import type { RoundState } from '../../server/modules/live/rounds';
import { call } from '../support/testApp';

/** Sets the user's client seed so that the next round crashes at a point `accept` likes. */
export async function rigNextCrash(
  base: string,
  db: Db,
  token: string,
  userId: number,
  accept: (hundredths: number) => boolean,
): Promise<number> {
  await call(base, 'GET', '/api/fairness', { token }); // commits a pair if there is none
  const [pair] = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  if (!pair) throw new Error(`user ${userId} has no seed pair`);
  for (let i = 0; i < 1_000_000; i++) {
    const clientSeed = `rig${i}`;
    const crash = crashPointHundredths(floats(pair.serverSeed, clientSeed, pair.nonce, 1)[0]!);
    if (accept(crash)) {
      await db.update(seedPairs).set({ clientSeed }).where(eq(seedPairs.id, pair.id));
      return crash;
    }
  }
  throw new Error('no client seed gives such a crash point');
}

export async function roundState(db: Db, betId: number) {
  const [row] = await db.select().from(gameSessions).where(eq(gameSessions.betId, betId));
  return { status: row!.status, state: row!.state as RoundState };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
