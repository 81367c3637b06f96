import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { hashServerSeed } from '../../../games/fairness/index';
import type { Db, Tx } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { lockBalance } from '../wallet/service';
import { gameSessions } from '../games/schema';
import { seedPairs, type SeedPair } from './schema';

/** 32 random bytes as 64 lowercase hex characters. */
export const newServerSeed = () => randomBytes(32).toString('hex');
/** The default client seed: 10 random hex characters. */
export const newClientSeed = () => randomBytes(5).toString('hex');

function newPair(userId: number, clientSeed: string) {
  const serverSeed = newServerSeed();
  return {
    userId,
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
    nonce: 0,
    active: true,
  };
}

/**
 * The user's active seed pair, committed on first use. Safe without the user's row lock: the
 * partial unique index keeps one active pair per user, and a lost race reads the winner's.
 */
export async function activePair(db: Db | Tx, userId: number): Promise<SeedPair> {
  const [pair] = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  if (pair) return pair;
  const [created] = await db
    .insert(seedPairs)
    .values(newPair(userId, newClientSeed()))
    .onConflictDoNothing()
    .returning();
  return created ?? activePair(db, userId);
}

/** The most recently revealed pair, if the user ever rotated. */
export async function previousPair(db: Db | Tx, userId: number): Promise<SeedPair | undefined> {
  const [pair] = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), isNotNull(seedPairs.revealedAt)))
    .orderBy(desc(seedPairs.revealedAt), desc(seedPairs.id))
    .limit(1);
  return pair;
}

/**
 * Reveals the active server seed and commits a new pair with the given (or a random) client
 * seed. Locks the user's row first, as a bet does, so no bet straddles the rotation; refused
 * while a stepped game (decided by the current seed) is in progress.
 */
export async function rotateSeeds(
  db: Db,
  userId: number,
  clientSeed: string | undefined,
): Promise<{ active: SeedPair; previous: SeedPair }> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const [game] = await tx
      .select({ betId: gameSessions.betId })
      .from(gameSessions)
      .where(and(eq(gameSessions.userId, userId), eq(gameSessions.status, 'active')))
      .limit(1);
    if (game) throw ValidationError.field('game', 'fairness.game_in_progress');

    const current = await activePair(tx, userId);
    const [previous] = await tx
      .update(seedPairs)
      .set({ active: false, revealedAt: new Date() })
      .where(eq(seedPairs.id, current.id))
      .returning();
    const [active] = await tx
      .insert(seedPairs)
      .values(newPair(userId, clientSeed ?? newClientSeed()))
      .returning();
    return { active: active!, previous: previous! };
  });
}

/** The public face of the active pair: never its server seed. */
export function activePairJson(pair: SeedPair) {
  return {
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nonce,
  };
}

/** A revealed pair, server seed included; refuses an unrevealed one. */
export function revealedPairJson(pair: SeedPair) {
  if (!pair.revealedAt) throw new Error('refusing to show an unrevealed server seed');
  return {
    server_seed: pair.serverSeed,
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nonce,
    revealed_at: pair.revealedAt.toISOString(),
  };
}
