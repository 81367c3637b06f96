// Shared by the games, fairness and bets suites: a client that records every answer body, and
// database probes (balance, ledger, unrevealed seeds) to check what a request changed.
import { and, count, eq, isNull, sum } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import { ledgerEntries, users } from '../../server/db/schema';
import { seedPairs } from '../../server/modules/fairness/schema';
import { bets } from '../../server/modules/games/schema';
import type { AnyRules, ParamFields } from '../../games/fairness/contract';
import type { PlayableGame } from '../../games/shared/definition';
import { call, type Answer } from '../support/testApp';

/** The wire shapes of a bet and a bet route's answer, as the game panels read them. */
import type { BetAnswer, BetJson as WireBet } from '../../games/shared/services';
export type { BetAnswer, WireBet };
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

const defaults = (fields: ParamFields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.default]));

/** A bet body of the game's defaults; `amount` unless the rules derive the stake. */
const betBody = (rules: AnyRules) => ({
  ...(rules.kind === 'instant' && rules.stakeCents ? {} : { amount: 1 }),
  ...defaults(rules.params),
});

/** Plays one round through the game's routes; returns the finished bet. */
export async function playRound(base: string, token: string, game: PlayableGame): Promise<WireBet> {
  const post = (path: string, body: unknown) =>
    call<BetAnswer>(base, 'POST', path, { token, body });
  const { paths, rules } = game;
  if (paths.kind === 'instant') {
    const answer = await post(paths.bet, betBody(rules));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.bet;
  }
  if (paths.kind === 'stepped' && rules.kind === 'stepped') {
    const started = await post(paths.games, betBody(rules));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.bet.id;
    const active = await call<{ bet: WireBet | null }>(base, 'GET', paths.active, { token });
    expect(active.body.bet?.id).toBe(id);
    // One move; a game still running then cashes out.
    const moved = await post(`${paths.games}/${id}/${paths.step}`, {
      [rules.move.field]: rules.move.spec.default,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    if (await stillActive(base, token, paths.active, id)) {
      const cashed = await post(`${paths.games}/${id}/cashout`, {});
      expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
      return cashed.body.bet;
    }
    return moved.body.bet;
  }
  if (paths.kind === 'live' && rules.kind === 'live') {
    // The lowest auto cash-out: the round ends on its own in a moment (cashed out or crashed).
    const started = await call<BetAnswer>(base, 'POST', paths.rounds, {
      token,
      body: { amount: 1, [rules.autoCashout.field]: rules.autoCashout.spec.min },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.bet.id;
    const deadline = Date.now() + 10_000;
    while (await stillActive(base, token, paths.active, id)) {
      if (Date.now() > deadline) throw new Error(`${game.id}: round ${id} did not end`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ended = await call<WireBet>(base, 'GET', `/api/bets/${id}`, { token });
    expect(ended.status).toBe(200);
    return ended.body;
  }
  throw new Error(`${game.id}: no round driver for ${paths.kind} games here`);
}

async function stillActive(base: string, token: string, path: string, id: number) {
  const active = await call<{ bet: WireBet | null }>(base, 'GET', path, { token });
  return active.body.bet?.id === id;
}
