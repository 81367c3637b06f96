// Shared by the games, fairness and bets suites: a database probe (balance, ledger, bets, nonce)
// to check what a request changed, and a driver that plays one round of any game.
import { and, count, eq, sum } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import { ledgerEntries, users } from '../../server/db/schema';
import { seedPairs } from '../../server/modules/fairness/schema';
import { bets } from '../../server/modules/games/schema';
import type { AnyRules, ParamFields } from '../../games/fairness/contract';
import type { PlayableGame } from '../../games/shared/registry/definition';
import { GAME_RULES } from '../../games/shared/registry/gameRules';
import { call, type RecordingClient } from '../support/testApp';

/** The wire shapes of a bet and a bet route's answer, as the game panels read them. */
import type { BetAnswer, BetJson as WireBet } from '../../games/shared/wire/types';
export type { BetAnswer, WireBet };
export interface ErrorAnswer {
  message: string;
  errors?: Record<string, string[]>;
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

/** Rotates the user's seed pair and answers the pair it reveals: the seeds of every bet so far. */
export async function revealSeeds(client: RecordingClient, token: string) {
  const rotated = await client.call<{ previous: { server_seed: string; client_seed: string } }>(
    'POST',
    '/api/fairness/rotate',
    { token, body: {} },
  );
  expect(rotated.status).toBe(200);
  return rotated.body.previous;
}

const defaults = (fields: ParamFields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.default]));

/** A bet body of the game's defaults; `amount` unless the rules derive the stake. */
const betBody = (rules: AnyRules) => ({
  ...(rules.kind === 'instant' && rules.stakeCents ? {} : { amount: 1 }),
  ...defaults(rules.params),
});

/** The request that starts a round of the game (a bet, a game or a live round) with its defaults. */
export function startOf(game: PlayableGame): { path: string; body: Record<string, unknown> } {
  const { paths } = game;
  const rules = GAME_RULES.get(game.id)!;
  if (paths.kind === 'instant') return { path: paths.bet, body: betBody(rules) };
  if (paths.kind === 'stepped') return { path: paths.games, body: betBody(rules) };
  if (rules.kind !== 'live') throw new Error(`${game.id}: live paths without live rules`);
  return {
    path: paths.rounds,
    body: { amount: 1, [rules.autoCashout.field]: rules.autoCashout.spec.min },
  };
}

/** Plays one round through the game's routes; returns the finished bet. */
export async function playRound(base: string, token: string, game: PlayableGame): Promise<WireBet> {
  const post = (path: string, body: unknown) =>
    call<BetAnswer>(base, 'POST', path, { token, body });
  const { paths } = game;
  const rules = GAME_RULES.get(game.id)!;
  const start = startOf(game);
  if (paths.kind === 'instant') {
    const answer = await post(start.path, start.body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.bet;
  }
  if (paths.kind === 'stepped' && rules.kind === 'stepped') {
    const started = await post(start.path, start.body);
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
    const started = await post(start.path, start.body);
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
