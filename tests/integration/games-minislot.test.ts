import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { floats } from '../../games/fairness/index';
import { MINISLOT, rules, spin } from '../../games/minislot/rules';
import { seedPairs } from '../../server/modules/fairness/schema';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { moneySnapshot, type BetAnswer, type ErrorAnswer } from './games-support';

const PATH = '/api/games/minislot/spins';

describeEachDatabase('mini slot spins', (kind) => {
  const suite = appOnDatabase(kind);

  /** The user's active pair (GET /api/fairness makes it for a new user), secret included. */
  const activePair = async (userId: number, token: string) => {
    await suite.client.call('GET', '/api/fairness', { token });
    const [pair] = await suite.server.database.db
      .select({ id: seedPairs.id, serverSeed: seedPairs.serverSeed })
      .from(seedPairs)
      .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
    return pair!;
  };

  it('settles spins: the result from the seeds, balance = start - stakes + payouts, ledger = balance', async () => {
    const user = await registerUser(suite.server.url);
    const stakes = [1, 2.5, 0.01, 10, 3.33, 1, 1, 7.77];
    let expectedCents = 100_000;
    const answers: BetAnswer[] = [];
    for (const amount of stakes) {
      const res = await suite.client.call<BetAnswer>('POST', PATH, {
        token: user.token,
        body: { amount },
      });
      expect(res.status).toBe(200);
      answers.push(res.body);
      const { bet } = res.body;
      expect(bet.game).toBe('minislot');
      expect(Object.keys(bet.result).sort()).toEqual(['line', 'stops', 'win', 'window']);
      expectedCents += Math.round(bet.payout * 100) - Math.round(amount * 100);
      expect(Math.round(res.body.balance * 100)).toBe(expectedCents);
    }

    const { serverSeed } = await activePair(user.id, user.token);
    for (const { bet } of answers) {
      const f = floats(serverSeed, bet.client_seed, bet.nonce, MINISLOT.floatsNeeded);
      const played = rules.play({}, f, Math.round(bet.amount * 100));
      expect(bet.result).toEqual(played.result);
      expect(Math.round(bet.multiplier * 10_000)).toBe(played.multiplierE4);
      expect(Math.round(bet.payout * 100)).toBe(played.payoutCents);
    }
    const after = await moneySnapshot(suite.server.database.db, user.id);
    expect(after.balanceCents).toBe(expectedCents);
    expect(after.ledgerTotal).toBe(after.balanceCents);
    expect(after.bets).toBe(stakes.length);
    expect(after.nonce).toBe(stakes.length);
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });

  it('refuses bad amounts with 422 on amount and changes nothing', async () => {
    const user = await registerUser(suite.server.url);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    for (const amount of [0, -1, 1.234, 'ten', null, 10_000.01, 1001]) {
      const res = await suite.client.call<ErrorAnswer>('POST', PATH, {
        token: user.token,
        body: { amount },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['amount']);
    }
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);
  });

  it('settles exactly 10 of 50 parallel spins with funds for 10', async () => {
    const user = await registerUser(suite.server.url);
    // A client seed under which the first 10 spins pay nothing, so the funds (1000.00, 100.00 a
    // spin) last exactly 10 spins whatever order the server takes them in.
    const { id, serverSeed } = await activePair(user.id, user.token);
    let clientSeed = '';
    for (let i = 0; !clientSeed; i++) {
      const candidate = `dry-${i}`;
      const dry = Array.from({ length: 10 }, (_, nonce) =>
        spin(floats(serverSeed, candidate, nonce, MINISLOT.floatsNeeded)),
      ).every((s) => s.multiplierE4 === 0);
      if (dry) clientSeed = candidate;
    }
    await suite.server.database.db
      .update(seedPairs)
      .set({ clientSeed })
      .where(eq(seedPairs.id, id));

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        suite.client.call<BetAnswer & ErrorAnswer>('POST', PATH, {
          token: user.token,
          body: { amount: 100 },
        }),
      ),
    );
    const settled = answers.filter((a) => a.status === 200).map((a) => a.body.bet);
    const refused = answers.filter((a) => a.status !== 200);
    expect(settled).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['amount']);
    }
    expect(settled.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => i),
    );
    expect(settled.every((b) => b.payout === 0 && b.result.win === null)).toBe(true);
    const snapshot = await moneySnapshot(suite.server.database.db, user.id);
    expect(snapshot.balanceCents).toBe(0);
    expect(snapshot.ledgerTotal).toBe(0);
    expect(snapshot.bets).toBe(10);
    expect(snapshot.nonce).toBe(10);
  });
});
