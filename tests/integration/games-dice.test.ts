import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { floats } from '../../games/fairness/index';
import { diceRoll, playDice } from '../../games/dice/rules';
import { payoutCents } from '../../games/fairness/money';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/prepared';
import { makeAdmin, unbalancedUsers } from '../support/money';
import { moneySnapshot, revealSeeds, type BetAnswer, type ErrorAnswer } from './games-support';

describeEachDatabase('dice bets', (kind) => {
  const suite = appOnDatabase(kind);

  it('settles a bet: the answer shape, the roll from the seeds, the balance and the ledger', async () => {
    const user = await registerUser(suite.server.url);
    const fairness = await suite.client.call<{
      active: { server_seed_hash: string; client_seed: string; nonce: number };
    }>('GET', '/api/fairness', { token: user.token });
    expect(fairness.status).toBe(200);
    expect(fairness.body.active.nonce).toBe(0);

    const res = await suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
      token: user.token,
      body: { amount: 1.5, target: 50.5, condition: 'under' },
    });
    expect(res.status).toBe(200);
    const { bet, balance } = res.body;
    expect(Object.keys(bet).sort()).toEqual(
      [
        'amount',
        'client_seed',
        'created_at',
        'game',
        'id',
        'multiplier',
        'nonce',
        'params',
        'payout',
        'result',
        'server_seed_hash',
      ].sort(),
    );
    expect(bet).toMatchObject({
      game: 'dice',
      amount: 1.5,
      nonce: 0,
      server_seed_hash: fairness.body.active.server_seed_hash,
      client_seed: fairness.body.active.client_seed,
      params: { target: 50.5, condition: 'under' },
    });
    const roll = bet.result.roll as number;
    expect(bet.result.win).toBe(roll < 50.5);
    expect(bet.multiplier).toBe(bet.result.win ? 1.9603 : 0);
    expect(bet.payout).toBe(bet.result.win ? 2.94 : 0);
    expect(balance).toBe(1000 - 1.5 + bet.payout);

    const after = await moneySnapshot(suite.server.database.db, user.id);
    expect(after.balanceCents).toBe(Math.round(balance * 100));
    expect(after.ledgerTotal).toBe(after.balanceCents);
    expect(after.ledgerRows).toBe(bet.payout > 0 ? 3 : 2);
    expect(after.nonce).toBe(1);
  });

  // PostgreSQL's round trips (PGlite runs in the process).
  if (kind === 'postgres') {
    it('takes two round trips a bet that reads its state (the token with it, then the write) and one a warm bet', async () => {
      const user = await registerUser(suite.server.url);
      const bet = (key: string) =>
        suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
          token: user.token,
          headers: { 'idempotency-key': key },
          body: { amount: 0.01, target: 50, condition: 'over' },
        });
      // The first bet commits the seed pair (the locked path) and the token's last use.
      expect((await bet('round-trips-0')).status).toBe(200);
      const queries = vi.spyOn(pg.Client.prototype, 'query');
      // The live bets feed's NOTIFY follows each answer (batched, off the bet's path): not the
      // bet's round trip, so counted apart.
      const isFeedPublish = (call: unknown[]) => /pg_notify/.test(JSON.stringify(call[0]));
      // The server's sweeps (live rounds overdue every second, giveaways due every two) query on
      // their own clocks; on a slow machine one can fall between two bets: not a bet's trip.
      const isSweep = (call: unknown[]) => /endsAt|giveaway/.test(JSON.stringify(call[0]));
      const trips = () =>
        queries.mock.calls.filter((call) => !isFeedPublish(call) && !isSweep(call)).length;
      try {
        // Read: the first bet the locked path did not leave warm.
        expect((await bet('round-trips-1')).status).toBe(200);
        expect(trips()).toBe(2);
        // Warm: each bet decided from what the previous one left, the write checking the token.
        for (let i = 2; i <= 6; i++) expect((await bet(`round-trips-${i}`)).status).toBe(200);
        expect(trips()).toBe(2 + 5);
        const published = () => queries.mock.calls.filter(isFeedPublish).length;
        await vi.waitFor(() => expect(published()).toBeGreaterThan(0));
        expect(published()).toBeLessThanOrEqual(6);
      } finally {
        queries.mockRestore();
      }
    });
  }

  it('settles exactly the bets the funds allow out of 100 parallel ones, nonces 0.. without gaps', async () => {
    const user = await registerUser(suite.server.url);
    // 1000.00 of demo credit, 100.00 a bet: 10 bets, unless one of them wins (1 in 10001).
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        suite.client.call<BetAnswer & ErrorAnswer>('POST', '/api/games/dice/bets', {
          token: user.token,
          body: { amount: 100, target: 0.01, condition: 'under' },
        }),
      ),
    );
    const settled = answers.filter((a) => a.status === 200).map((a) => a.body.bet);
    const refused = answers.filter((a) => a.status !== 200);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['amount']);
    }

    // Reveal the seed and replay the bets in nonce order: that many fit the funds.
    const { server_seed, client_seed } = await revealSeeds(suite.client, user.token);
    let balance = 100_000;
    let expected = 0;
    while (balance >= 10_000) {
      const outcome = playDice(
        { targetHundredths: 1, condition: 'under' },
        floats(server_seed, client_seed, expected, 1),
      );
      balance += payoutCents(10_000, outcome.multiplierE4) - 10_000;
      expected += 1;
    }
    expect(expected).toBeGreaterThanOrEqual(10);
    expect(settled.length).toBe(expected);
    expect(settled.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: expected }, (_, i) => i),
    );
    for (const bet of settled) {
      const roll = diceRoll(floats(server_seed, client_seed, bet.nonce, 1)[0]!);
      expect(bet.result.roll).toBe(roll / 100);
    }
    const snapshot = await moneySnapshot(suite.server.database.db, user.id);
    expect(snapshot.balanceCents).toBe(balance);
    expect(snapshot.ledgerTotal).toBe(balance);
    expect(snapshot.bets).toBe(expected);
  });

  it('interleaves parallel bets, retried keys, seed rotations and admin adjustments of one user', async () => {
    const admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    const user = await registerUser(suite.server.url);
    const bet = (key: string) =>
      suite.client.call<BetAnswer & ErrorAnswer>('POST', '/api/games/dice/bets', {
        token: user.token,
        headers: { 'Idempotency-Key': key },
        body: { amount: 1, target: 50, condition: 'over' },
      });
    // 40 keys, 10 of them sent twice at once; 4 rotations and 10 adjustments in between.
    const keys = Array.from({ length: 40 }, (_, i) => `interleave-${kind}-${i}`);
    const requests: Promise<{ status: number; body: unknown }>[] = [];
    keys.forEach((key, i) => {
      requests.push(bet(key));
      if (i % 4 === 0) requests.push(bet(key));
      if (i % 10 === 5) {
        requests.push(
          suite.client.call('POST', '/api/fairness/rotate', { token: user.token, body: {} }),
        );
      }
      if (i % 4 === 2) {
        requests.push(
          suite.client.call('POST', `/api/admin/users/${user.id}/balance`, {
            token: admin.token,
            body: { amount: i % 8 === 2 ? -5 : 5, reason: 'interleave' },
          }),
        );
      }
    });
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status).filter((status) => status !== 200)).toEqual([]);

    // A retried key answered the same bet, word for word; 40 bets in all.
    const answersByBet = new Map<number, unknown[]>();
    for (const answer of answers) {
      const body = answer.body as Partial<BetAnswer>;
      if (body.bet) answersByBet.set(body.bet.id, [...(answersByBet.get(body.bet.id) ?? []), body]);
    }
    expect(answersByBet.size).toBe(40);
    const retried = [...answersByBet.values()].filter((list) => list.length === 2);
    expect(retried).toHaveLength(10);
    for (const [first, second] of retried) expect(second).toEqual(first);

    // Per seed pair, the bets' nonces are exactly 0 .. nonce - 1; the ledger equals the balance.
    const rows = rowsOf<{ nonce: number; used: number[] | null }>(
      await suite.server.database.db.execute(sql`
        SELECT pair.nonce, array_agg(bets.nonce ORDER BY bets.nonce) AS used
        FROM seed_pairs AS pair LEFT JOIN bets ON bets.seed_pair_id = pair.id
        WHERE pair.user_id = ${user.id}
        GROUP BY pair.id`),
    );
    expect(rows.length).toBe(5);
    for (const row of rows) {
      const used = (row.used ?? []).filter((n) => n !== null);
      expect(used).toEqual(Array.from({ length: row.nonce }, (_, i) => i));
    }
    expect(rows.reduce((total, row) => total + row.nonce, 0)).toBe(40);
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  });

  it('refuses malformed bets with 422 per field and changes nothing', async () => {
    const user = await registerUser(suite.server.url);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    const cases: [unknown, string][] = [
      [{ amount: 0, target: 50, condition: 'under' }, 'amount'],
      [{ amount: -1, target: 50, condition: 'under' }, 'amount'],
      [{ amount: 1.005, target: 50, condition: 'under' }, 'amount'],
      [{ amount: 10000.01, target: 50, condition: 'under' }, 'amount'],
      [{ amount: 1000.01, target: 50, condition: 'under' }, 'amount'],
      [{ amount: '1', target: 50, condition: 'under' }, 'amount'],
      [{ amount: null, target: 50, condition: 'under' }, 'amount'],
      [{ target: 50, condition: 'under' }, 'amount'],
      [{ amount: 1, target: 98.01, condition: 'under' }, 'target'],
      [{ amount: 1, target: 0, condition: 'under' }, 'target'],
      [{ amount: 1, target: 1.99, condition: 'over' }, 'target'],
      [{ amount: 1, target: 100, condition: 'over' }, 'target'],
      [{ amount: 1, target: 50.001, condition: 'over' }, 'target'],
      [{ amount: 1, target: 50, condition: 'sideways' }, 'condition'],
      [{ amount: 1, target: 50 }, 'condition'],
    ];
    for (const [body, field] of cases) {
      const res = await suite.client.call<ErrorAnswer>('POST', '/api/games/dice/bets', {
        token: user.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const badJson = await suite.client.call('POST', '/api/games/dice/bets', {
      token: user.token,
      raw: '{"amount": 1,',
    });
    expect(badJson.status).toBe(400);
    const anonymous = await suite.client.call('POST', '/api/games/dice/bets', {
      body: { amount: 1, target: 50, condition: 'under' },
    });
    expect(anonymous.status).toBe(401);
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);
  });

  it('answers a retried bet with the same Idempotency-Key once, without a second debit', async () => {
    const user = await registerUser(suite.server.url);
    const send = (key: string, amount = 2) =>
      suite.client.call<BetAnswer & ErrorAnswer>('POST', '/api/games/dice/bets', {
        token: user.token,
        headers: { 'idempotency-key': key },
        body: { amount, target: 50, condition: 'over' },
      });
    const answers = await Promise.all([send('retry-1'), send('retry-1'), send('retry-1')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    let snapshot = await moneySnapshot(suite.server.database.db, user.id);
    expect(snapshot.bets).toBe(1);
    expect(snapshot.nonce).toBe(1);
    expect(snapshot.balanceCents).toBe(Math.round(answers[0]!.body.balance * 100));

    const other = await send('retry-2');
    expect(other.status).toBe(200);
    expect(other.body.bet.id).not.toBe(answers[0]!.body.bet.id);
    const misuse = await send('retry-1', 3);
    expect(misuse.status).toBe(422);
    expect(Object.keys(misuse.body.errors ?? {})).toEqual(['idempotency_key']);
    snapshot = await moneySnapshot(suite.server.database.db, user.id);
    expect(snapshot.bets).toBe(2);
    expect(snapshot.ledgerTotal).toBe(snapshot.balanceCents);
  });

  it('never answers with a server seed that is not revealed yet', async () => {
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
