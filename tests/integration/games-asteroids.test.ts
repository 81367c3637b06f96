import { expect, it } from 'vitest';
import { playAsteroids, ASTEROIDS } from '../../games/asteroids/rules';
import { floats } from '../../games/fairness/index';
import { payoutCents } from '../../games/fairness/money';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { moneySnapshot, revealSeeds, type BetAnswer, type ErrorAnswer } from './games-support';

const ROUTE = '/api/games/asteroids/rounds';

describeEachDatabase('asteroids rounds', (kind) => {
  const suite = appOnDatabase(kind);

  it('settles every round at purchase: the seeds decide the gems and the prize, balance and ledger follow', async () => {
    const user = await registerUser(suite.server.url);
    const start = await moneySnapshot(suite.server.database.db, user.id);
    const stakes = [1, 0.37, 2.5, 10, 0.01, 3, 1.11, 5, 0.5, 7];
    const answers: BetAnswer[] = [];
    for (const amount of stakes) {
      const res = await suite.client.call<BetAnswer>('POST', ROUTE, {
        token: user.token,
        body: { amount },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      answers.push(res.body);
      // Settled with the answer: the balance already holds the payout, nothing waits for the client.
      const now = await moneySnapshot(suite.server.database.db, user.id);
      expect(now.balanceCents / 100).toBe(res.body.balance);
      expect(now.ledgerTotal).toBe(now.balanceCents - start.balanceCents + start.ledgerTotal);
    }
    const seeds = await revealSeeds(suite.client, user.token);
    let expectedCents = start.balanceCents;
    answers.forEach(({ bet }, i) => {
      const f = floats(seeds.server_seed, seeds.client_seed, bet.nonce, ASTEROIDS.floatsNeeded);
      const round = playAsteroids(f);
      expect(bet.game).toBe('asteroids');
      expect(bet.nonce).toBe(i);
      expect(bet.params).toEqual({});
      expect(bet.result).toEqual({ multiplier: round.tier, gems: round.gems });
      expect(bet.multiplier).toBe(round.tier);
      const stakeCents = Math.round(stakes[i]! * 100);
      const paid = payoutCents(stakeCents, round.tier * 10_000);
      expect(bet.amount).toBe(stakes[i]);
      expect(bet.payout).toBe(paid / 100);
      expectedCents += paid - stakeCents;
    });
    const end = await moneySnapshot(suite.server.database.db, user.id);
    expect(end.balanceCents).toBe(expectedCents);
    expect(end.bets - start.bets).toBe(stakes.length);
    expect(end.ledgerTotal - start.ledgerTotal).toBe(expectedCents - start.balanceCents);
    const wins = answers.filter(({ bet }) => bet.payout > 0).length;
    // A stake row per round and a payout row per paying round.
    expect(end.ledgerRows - start.ledgerRows).toBe(stakes.length + wins);
    const balance = await suite.client.call<{ balance: number }>('GET', '/api/user/balance', {
      token: user.token,
    });
    expect(balance.body.balance).toBe(expectedCents / 100);
  });

  it('refuses bad stakes with 422 on amount, and strangers with 401, changing nothing', async () => {
    const user = await registerUser(suite.server.url);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    for (const body of [
      {},
      { amount: 0 },
      { amount: -1 },
      { amount: 1.234 },
      { amount: '1' },
      { amount: 10_000.01 },
    ]) {
      const res = await suite.client.call<ErrorAnswer>('POST', ROUTE, { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toEqual(['amount']);
    }
    const stranger = await suite.client.call('POST', ROUTE, { body: { amount: 1 } });
    expect(stranger.status).toBe(401);
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);
  });

  it('never answers with a server seed that is not revealed yet', async () => {
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
