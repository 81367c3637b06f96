import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { floats } from '../../games/fairness/index';
import { gemMinerMultiplierE4, rules, shaftRocks } from '../../games/gemMiner/rules';
import { seedPairs } from '../../server/modules/fairness/schema';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import {
  moneySnapshot,
  revealSeeds,
  type BetAnswer,
  type ErrorAnswer,
  type WireBet,
} from './games-support';

const GAMES = '/api/games/gemMiner/games';
const ACTIVE = '/api/games/gemMiner/active';

/** Easy's cash-out multipliers after 1..8 levels: floor(100 * 0.99 * (4/3)^k) / 100. */
const EASY_LADDER = [1.32, 1.76, 2.34, 3.12, 4.17, 5.56, 7.41, 9.88];

/** Every object in a parsed JSON body that looks like a Gem Miner bet. */
function gemMinerBets(value: unknown, found: WireBet[] = []): WireBet[] {
  if (Array.isArray(value)) value.forEach((v) => gemMinerBets(v, found));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.game === 'gemMiner' && record.result && typeof record.result === 'object') {
      found.push(record as unknown as WireBet);
    }
    Object.values(record).forEach((v) => gemMinerBets(v, found));
  }
  return found;
}

describeEachDatabase('gem miner games', (kind) => {
  const suite = appOnDatabase(kind);

  const start = (token: string, body: unknown) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', GAMES, { token, body });
  const dig = (token: string, id: number, body: Record<string, unknown>) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', `${GAMES}/${id}/dig`, { token, body });
  const cashout = (token: string, id: number) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', `${GAMES}/${id}/cashout`, { token });
  const active = (token: string) =>
    suite.client.call<{ bet: WireBet | null; balance: number }>('GET', ACTIVE, { token });
  /** The user's active server seed, secret included (as the server keeps it). */
  const serverSeedOf = async (userId: number) => {
    const [pair] = await suite.server.database.db
      .select({ serverSeed: seedPairs.serverSeed })
      .from(seedPairs)
      .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
    return pair!.serverSeed;
  };

  /** Starts easy games until a first dig on tile 0 finds a gem (3 in 4 do); returns that game. */
  async function gameOnLevelOne(token: string, amount = 1) {
    for (let attempt = 0; attempt < 30; attempt++) {
      const started = await start(token, { amount, difficulty: 'easy' });
      expect(started.status).toBe(200);
      const res = await dig(token, started.body.bet.id, { tile: 0, level: 0 });
      expect(res.status).toBe(200);
      if (res.body.bet.result.status === 'playing') return res.body.bet;
    }
    throw new Error('no gem on tile 0 in 30 games');
  }

  it('survives a server restart mid-game, then clears the shaft the seeds decided', async () => {
    const user = await registerUser(suite.server.url);
    const started = await start(user.token, { amount: 10, difficulty: 'easy' });
    expect(started.status).toBe(200);
    const game = started.body.bet;
    expect(game).toMatchObject({
      game: 'gemMiner',
      amount: 10,
      payout: 0,
      multiplier: 0,
      nonce: 0,
    });
    expect(game.params).toEqual({ difficulty: 'easy' });
    expect(game.result).toEqual({
      difficulty: 'easy',
      level: 0,
      dug: [],
      status: 'playing',
      next_multiplier: 1.32,
    });
    expect(started.body.balance).toBe(990);

    const second = await start(user.token, { amount: 1, difficulty: 'hard' });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.errors ?? {})).toEqual(['game']);
    const early = await cashout(user.token, game.id);
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors ?? {})).toEqual(['game']);

    // The seeds of the game, read where the server keeps them: the test digs only gems, so the
    // game is always in progress across the restart, on a level with tiles already dug.
    const rocks = shaftRocks('easy', floats(await serverSeedOf(user.id), game.client_seed, 0, 8));
    const gem = (level: number) => [0, 1, 2, 3].find((t) => !rocks[level]!.includes(t))!;
    let last = started.body;
    for (let level = 0; level < 3; level++) {
      const res = await dig(user.token, game.id, { tile: gem(level), level });
      expect(res.status).toBe(200);
      last = res.body;
      expect(last.bet.result).toEqual({
        difficulty: 'easy',
        level: level + 1,
        dug: [0, 1, 2].slice(0, level + 1).map(gem),
        status: 'playing',
        next_multiplier: EASY_LADDER[level + 1],
      });
      expect(last.bet.multiplier).toBe(EASY_LADDER[level]);
    }
    expect(last.balance).toBe(990);

    await suite.restart();

    // The same game comes back: its dug tiles, its level, the stake still held.
    const resumed = await active(user.token);
    expect(resumed.status).toBe(200);
    expect(resumed.body.bet).toEqual(last.bet);
    expect(resumed.body.balance).toBe(990);
    // Level 2 is passed: a dig meant for it is refused after the restart too.
    const passed = await dig(user.token, game.id, { tile: gem(2), level: 2 });
    expect(passed.status).toBe(422);
    expect(Object.keys(passed.body.errors ?? {})).toEqual(['level']);

    // Gems down to the bottom: clearing level 8 cashes out by itself at 9.88x.
    for (let level = 3; level < 8; level++) {
      const res = await dig(user.token, game.id, { tile: gem(level), level });
      expect(res.status).toBe(200);
      last = res.body;
      expect(last.bet.result.level).toBe(level + 1);
      expect(last.bet.result.status).toBe(level < 7 ? 'playing' : 'cleared');
      expect(last.bet.multiplier).toBe(EASY_LADDER[level]);
    }
    const ended = last.bet;
    expect(ended.result.rocks).toEqual(rocks);
    expect(ended.result.dug).toEqual(rocks.map((_, level) => gem(level)));
    expect(ended.result.next_multiplier).toBeNull();
    expect(ended.payout).toBe(98.8);
    expect(last.balance).toBe(990 + 98.8);
    expect((await active(user.token)).body.bet).toBeNull();
    expect((await cashout(user.token, game.id)).status).toBe(422);

    // The revealed pair tells the same story as the seed read from the database.
    const { server_seed, client_seed } = await revealSeeds(suite.client, user.token);
    expect(shaftRocks('easy', floats(server_seed, client_seed, 0, 8))).toEqual(rocks);
  });

  it("refuses a dig on a finished game, another player's game, a passed level: nothing moves", async () => {
    const user = await registerUser(suite.server.url);
    const other = await registerUser(suite.server.url);
    const game = await gameOnLevelOne(user.token);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    const otherBefore = await moneySnapshot(suite.server.database.db, other.id);
    const state = (await active(user.token)).body.bet;
    expect(state?.id).toBe(game.id);

    // Level 0 is passed: a dig meant for it (a retried request) does not dig level 1.
    const passed = await dig(user.token, game.id, { tile: 0, level: 0 });
    expect(passed.status).toBe(422);
    expect(Object.keys(passed.body.errors ?? {})).toEqual(['level']);
    const ahead = await dig(user.token, game.id, { tile: 0, level: 5 });
    expect(ahead.status).toBe(422);
    expect(Object.keys(ahead.body.errors ?? {})).toEqual(['level']);
    for (const body of [{ tile: 4 }, { tile: -1 }, { tile: 1.5 }, { tile: '1' }, {}]) {
      const res = await dig(user.token, game.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['tile']);
    }
    for (const level of [-1, 8, 'one']) {
      const res = await dig(user.token, game.id, { tile: 0, level });
      expect(res.status, String(level)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['level']);
    }
    // Another player's game is not theirs to see.
    expect((await dig(other.token, game.id, { tile: 0 })).status).toBe(404);
    expect((await dig(other.token, game.id, { tile: 0, level: 1 })).status).toBe(404);
    expect((await cashout(other.token, game.id)).status).toBe(404);
    expect((await dig(user.token, 999_999, { tile: 0 })).status).toBe(404);
    expect((await active(other.token)).body.bet).toBeNull();
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);
    expect(await moneySnapshot(suite.server.database.db, other.id)).toEqual(otherBefore);
    expect((await active(user.token)).body.bet).toEqual(state);

    // Cashed out, the game takes no more digs.
    const cashed = await cashout(user.token, game.id);
    expect(cashed.status).toBe(200);
    expect(cashed.body.bet.result).toMatchObject({ status: 'cashed_out', level: 1 });
    expect(cashed.body.bet.multiplier).toBe(1.32);
    expect(cashed.body.bet.payout).toBe(1.32);
    const afterCash = await moneySnapshot(suite.server.database.db, user.id);
    expect(afterCash.balanceCents).toBe(before.balanceCents + 132);
    for (const body of [{ tile: 0 }, { tile: 0, level: 1 }]) {
      const res = await dig(user.token, game.id, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['game']);
    }
    expect((await cashout(user.token, game.id)).status).toBe(422);
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(afterCash);

    const badStarts = [
      [{ amount: 1, difficulty: 'insane' }, 'difficulty'],
      [{ amount: 1 }, 'difficulty'],
      [{ amount: 1, difficulty: 3 }, 'difficulty'],
      [{ amount: 0.001, difficulty: 'easy' }, 'amount'],
      [{ difficulty: 'easy' }, 'amount'],
    ] as const;
    for (const [body, field] of badStarts) {
      const res = await start(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(afterCash);
  });

  it('pays a cash out sent twice at once only once', async () => {
    const user = await registerUser(suite.server.url);
    const game = await gameOnLevelOne(user.token, 3);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    const cashouts = await Promise.all([
      cashout(user.token, game.id),
      cashout(user.token, game.id),
    ]);
    const paid = cashouts.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(cashouts.map((r) => r.status).sort()).toEqual([200, 422]);
    const payout = Math.round(paid[0]!.body.bet.payout * 100);
    expect(payout).toBe(Math.floor((300 * gemMinerMultiplierE4('easy', 1)) / 10_000));
    const after = await moneySnapshot(suite.server.database.db, user.id);
    expect(after.balanceCents).toBe(before.balanceCents + payout);
    expect(after.ledgerRows).toBe(before.ledgerRows + 1);
    expect(after.ledgerTotal).toBe(after.balanceCents);
    expect(after.nonce).toBe(before.nonce);
  });

  it('shows no rock in any answer before the game ends (every body scanned)', async () => {
    const user = await registerUser(suite.server.url);
    // More answers with running games in them: the history and a bet's own page.
    const game = await gameOnLevelOne(user.token);
    await suite.client.call('GET', '/api/bets?game=gemMiner', { token: user.token });
    await suite.client.call('GET', `/api/bets/${game.id}`, { token: user.token });
    await suite.client.call('GET', '/api/bets', { token: user.token });
    await active(user.token);

    const bets = suite.client.bodies.flatMap((body) => {
      try {
        return gemMinerBets(JSON.parse(body));
      } catch {
        return [];
      }
    });
    const running = bets.filter((bet) => rules.running(bet.result));
    const over = bets.filter((bet) => !rules.running(bet.result));
    expect(running.length).toBeGreaterThanOrEqual(8);
    expect(over.length).toBeGreaterThanOrEqual(3);
    for (const bet of running) {
      expect(Object.keys(bet.result).sort()).toEqual([
        'difficulty',
        'dug',
        'level',
        'next_multiplier',
        'status',
      ]);
    }
    for (const bet of over) expect(bet.result.rocks).toHaveLength(8);
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
