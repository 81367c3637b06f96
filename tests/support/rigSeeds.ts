// A bet's outcome chosen by a test the honest way: the test reads the player's secret server seed
// from its own database and picks the client seed that gives the floats it wants, so the server
// settles the bet with its real rules and ledger.
import { and, eq } from 'drizzle-orm';
import { floats } from '../../games/fairness/index';
import type { Db } from '../../server/db/database';
import { seedPairs } from '../../server/modules/fairness/schema';
import { call } from './testApp';

/**
 * Sets the user's client seed so that the next bet's first `count` floats are ones `accept`
 * likes; answers them.
 */
export async function rigNextFloats(
  base: string,
  db: Db,
  token: string,
  userId: number,
  count: number,
  accept: (floats: number[]) => boolean,
): Promise<number[]> {
  await call(base, 'GET', '/api/fairness', { token }); // commits a pair if there is none
  const [pair] = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  if (!pair) throw new Error(`user ${userId} has no seed pair`);
  for (let i = 0; i < 1_000_000; i++) {
    const clientSeed = `rig${i}`;
    const next = floats(pair.serverSeed, clientSeed, pair.nonce, count);
    if (accept(next)) {
      await db.update(seedPairs).set({ clientSeed }).where(eq(seedPairs.id, pair.id));
      return next;
    }
  }
  throw new Error('no client seed gives such floats');
}
