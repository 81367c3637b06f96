// Live rounds in tests: pick the next round's crash point (by choosing the client seed against
// the secret server seed read from the test's own database), and the round's stored state.
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { crashPointHundredths } from '../../games/minerFrenzy/rules';
import { gameSessions } from '../../server/modules/games/schema';
import type { RoundState } from '../../server/modules/live/rounds';
import { rigNextFloats } from '../support/rigSeeds';

/** Sets the user's client seed so that the next round crashes at a point `accept` likes. */
export async function rigNextCrash(
  base: string,
  db: Db,
  token: string,
  userId: number,
  accept: (hundredths: number) => boolean,
): Promise<number> {
  const [f0] = await rigNextFloats(base, db, token, userId, 1, ([f]) =>
    accept(crashPointHundredths(f!)),
  );
  return crashPointHundredths(f0!);
}

export async function roundState(db: Db, betId: number) {
  const [row] = await db.select().from(gameSessions).where(eq(gameSessions.betId, betId));
  return { status: row!.status, state: row!.state as RoundState };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
