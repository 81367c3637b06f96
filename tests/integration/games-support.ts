// Shared by the games, fairness and bets suites: a client that records every answer body, and
// database probes (balance, ledger, unrevealed seeds) to check what a request changed.
import { and, count, eq, isNull, sum } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import { ledgerEntries, users } from '../../server/db/schema';
import { seedPairs } from '../../server/modules/fairness/schema';
import { bets } from '../../server/modules/games/schema';
import { call, type Answer } from '../support/testApp';

/** The wire shapes of a bet and a bet route's answer, as the game panels read them. */
export type { BetJson as WireBet, BetAnswer } from '../../games/shared/services';
export interface ErrorAnswer {
  message: string;
  errors?: Record<string, string[]>;
}

/** call() that keeps every raw answer, to scan them all for secrets afterwards. */
export class RecordingClient {
  readonly bodies: string[] = [];
  constructor(readonly base: string) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Parameters<typeof call>[3] = {},
  ): Promise<Answer<T>> {
    const answer = await call<T>(this.base, method, path, options);
    this.bodies.push(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    return answer;
  }

  /** No recorded answer contains a server seed that the database still keeps secret. */
  async expectNoUnrevealedSeed(db: Db): Promise<void> {
    const secret = await db
      .select({ seed: seedPairs.serverSeed })
      .from(seedPairs)
      .where(isNull(seedPairs.revealedAt));
    expect(secret.length).toBeGreaterThan(0);
    const all = this.bodies.join('\n');
    for (const { seed } of secret) expect(all.includes(seed)).toBe(false);
  }
}

/** Balance, ledger rows and their sum, bets and nonce of a user: equal snapshots = nothing changed. */
export async function moneySnapshot(db: Db, userId: number) {
  const [user] = await db
    .select({ balance: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId));
  const [ledger] = await db
    .select({ rows: count(), total: sum(ledgerEntries.deltaCents) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const [betRows] = await db.select({ rows: count() }).from(bets).where(eq(bets.userId, userId));
  const pairs = await db
    .select({ nonce: seedPairs.nonce })
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  return {
    balanceCents: user!.balance,
    ledgerRows: ledger!.rows,
    ledgerTotal: Number(ledger!.total ?? 0),
    bets: betRows!.rows,
    nonce: pairs[0]?.nonce ?? null,
  };
}
