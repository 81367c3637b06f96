import { expect, it } from 'vitest';
import { floats } from '../../games/fairness/index';
import { payoutCents } from '../../games/fairness/money';
import { playPlinko } from '../../games/plinko/rules';
import { coveredPockets, rouletteSpin } from '../../games/roulette/rules';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { moneySnapshot, revealSeeds, type BetAnswer, type ErrorAnswer } from './games-support';

describeEachDatabase('roulette spins and plinko drops', (kind) => {
  const suite = appOnDatabase(kind);

  it('spins with several bets of every kind, paying each as the rules do', async () => {
    const user = await registerUser(suite.server.url);
    const bets = [
      { type: 'straight', selection: [17], amount: 1 },
      { type: 'split', selection: [0, 2], amount: 0.5 },
      { type: 'street', selection: 4, amount: 0.25 },
      { type: 'corner', selection: [5, 9, 8, 6], amount: 1 },
      { type: 'six_line', selection: [31, 34], amount: 1 },
      { type: 'dozen', selection: [2], amount: 2 },
      { type: 'column', selection: 3, amount: 2 },
      { type: 'red', amount: 3 },
      { type: 'even', selection: [], amount: 1.1 },
      { type: 'high', amount: 0.15 },
    ];
    const total = 12;
    const res = await suite.client.call<BetAnswer>('POST', '/api/games/roulette/spins', {
      token: user.token,
      body: { bets },
    });
    expect(res.status).toBe(200);
    const { bet } = res.body;
    expect(bet.game).toBe('roulette');
    expect(bet.amount).toBe(total);
    const pocket = bet.result.pocket as number;
    const paid = bet.result.bets as { type: string; payout: number }[];
    expect(paid).toHaveLength(bets.length);

    const seeds = await revealSeeds(suite.client, user.token);
    expect(pocket).toBe(rouletteSpin(floats(seeds.server_seed, seeds.client_seed, 0, 1)[0]!));
    const returns: Record<string, number> = {
      straight: 36,
      split: 18,
      street: 12,
      corner: 9,
      six_line: 6,
      dozen: 3,
      column: 3,
      red: 2,
      even: 2,
      high: 2,
    };
    let expectedCents = 0;
    bets.forEach((b, i) => {
      const selection = b.selection === undefined ? [] : [b.selection].flat();
      const covered = coveredPockets(b.type as 'straight', selection)!;
      const cents = covered.includes(pocket) ? Math.round(b.amount * 100) * returns[b.type]! : 0;
      expect(paid[i]!.payout).toBe(cents / 100);
      expectedCents += cents;
    });
    expect(bet.payout).toBe(expectedCents / 100);
    expect(bet.multiplier).toBe(Math.floor((expectedCents * 10_000) / 1200) / 10_000);
    expect(res.body.balance).toBe((100_000 - 1200 + expectedCents) / 100);
  });

  it('refuses an invalid selection with 422 on bets.N.selection and changes nothing', async () => {
    const user = await registerUser(suite.server.url);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    const invalid: [unknown, string][] = [
      [{ type: 'straight', selection: [37], amount: 1 }, 'bets.1.selection'],
      [{ type: 'split', selection: [3, 4], amount: 1 }, 'bets.1.selection'],
      [{ type: 'split', selection: [1, 5], amount: 1 }, 'bets.1.selection'],
      [{ type: 'street', selection: [2], amount: 1 }, 'bets.1.selection'],
      [{ type: 'corner', selection: [3, 4, 6, 7], amount: 1 }, 'bets.1.selection'],
      [{ type: 'six_line', selection: [1, 7], amount: 1 }, 'bets.1.selection'],
      [{ type: 'dozen', selection: [4], amount: 1 }, 'bets.1.selection'],
      [{ type: 'column', amount: 1 }, 'bets.1.selection'],
      [{ type: 'red', selection: [1], amount: 1 }, 'bets.1.selection'],
      [{ type: 'orphans', amount: 1 }, 'bets.1.type'],
      [{ type: 'red', amount: 0.001 }, 'bets.1.amount'],
      [{ type: 'red', amount: 0 }, 'bets.1.amount'],
    ];
    for (const [second, field] of invalid) {
      const res = await suite.client.call<ErrorAnswer>('POST', '/api/games/roulette/spins', {
        token: user.token,
        body: { bets: [{ type: 'black', amount: 1 }, second] },
      });
      expect(res.status, JSON.stringify(second)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(second)).toEqual([field]);
    }
    for (const body of [
      { bets: [] },
      {},
      {
        bets: [
          { type: 'red', amount: 6000 },
          { type: 'black', amount: 5000 },
        ],
      },
    ]) {
      const res = await suite.client.call<ErrorAnswer>('POST', '/api/games/roulette/spins', {
        token: user.token,
        body,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['bets']);
    }
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);
  });

  it('drops a plinko ball along the path of the seeds into its bucket', async () => {
    const user = await registerUser(suite.server.url);
    const res = await suite.client.call<BetAnswer>('POST', '/api/games/plinko/bets', {
      token: user.token,
      body: { amount: 0.29, rows: 16, risk: 'high' },
    });
    expect(res.status).toBe(200);
    const { bet } = res.body;
    expect(bet.params).toEqual({ rows: 16, risk: 'high' });
    const seeds = await revealSeeds(suite.client, user.token);
    const expected = playPlinko(16, 'high', floats(seeds.server_seed, seeds.client_seed, 0, 16));
    expect(bet.result).toEqual({ path: expected.path, bucket: expected.bucket });
    expect(bet.multiplier).toBe(expected.multiplierE4 / 10_000);
    expect(bet.payout).toBe(payoutCents(29, expected.multiplierE4) / 100);
  });

  it('refuses bad plinko bets with 422 per field and changes nothing', async () => {
    const user = await registerUser(suite.server.url);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    for (const [body, field] of [
      [{ amount: 1, rows: 7, risk: 'low' }, 'rows'],
      [{ amount: 1, rows: 17, risk: 'low' }, 'rows'],
      [{ amount: 1, rows: 12.5, risk: 'low' }, 'rows'],
      [{ amount: 1, rows: 12, risk: 'extreme' }, 'risk'],
      [{ amount: 1.234, rows: 12, risk: 'low' }, 'amount'],
    ] as const) {
      const res = await suite.client.call<ErrorAnswer>('POST', '/api/games/plinko/bets', {
        token: user.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    }
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);
  });

  it('never answers with a server seed that is not revealed yet', async () => {
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
