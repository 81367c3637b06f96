// GET /api/admin/stats: per game, the figures of the settled bets of a period and the RTP check;
// a game whose bets were rigged by SQL to pay more than its rules is flagged. PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/prepared';
import type { GameStatsPage } from '../../src/api/admin';
import { makeAdmin } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Stats = GameStatsPage;
type Errors = { message: string; errors: Record<string, string[]> };

describeEachDatabase('operator stats', (kind) => {
  const suite = appOnDatabase(kind);
  let admin: Awaited<ReturnType<typeof registerUser>>;
  const stats = (query = '') =>
    call<Stats & Errors>(suite.server.url, 'GET', `/api/admin/stats${query}`, {
      token: admin.token,
    });

  beforeAll(async () => {
    admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    for (const player of [
      await registerUser(suite.server.url),
      await registerUser(suite.server.url),
    ]) {
      for (let i = 0; i < 5; i++) {
        const body = { amount: 2, target: 50, condition: 'over' };
        expect(
          (
            await call(suite.server.url, 'POST', '/api/games/dice/bets', {
              token: player.token,
              body,
            })
          ).status,
        ).toBe(200);
        const drop = { amount: 1, rows: 8 + i, risk: 'medium' };
        expect(
          (
            await call(suite.server.url, 'POST', '/api/games/plinko/bets', {
              token: player.token,
              body: drop,
            })
          ).status,
        ).toBe(200);
      }
    }
  });

  it('sums the settled bets of each game, with players, GGR and the theory of its tables', async () => {
    const res = await stats();
    expect(res.status).toBe(200);
    const dice = res.body.games.find((g) => g.game === 'dice')!;
    const plinko = res.body.games.find((g) => g.game === 'plinko')!;
    const [sums] = rowsOf<{ paid: string }>(
      await suite.server.database.db.execute(
        sql`SELECT sum(payout_cents)::text AS paid FROM bets WHERE game = 'dice'`,
      ),
    );
    expect(dice).toMatchObject({
      bets: 10,
      players: 2,
      wagered: 20,
      paid: Number(sums!.paid) / 100,
    });
    expect(dice.ggr).toBeCloseTo(dice.wagered - dice.paid, 2);
    expect(dice.rtp!.theoretical).toBeCloseTo(0.99, 10);
    expect(dice.rtp!.observed).toBeCloseTo(dice.paid / dice.wagered, 10);
    expect(dice.rtp!.flagged).toBe(false); // 10 bets are too few to judge
    // Plinko is held to the mix of its tables (8 to 12 rows, medium): each 98.9-99.2%.
    expect(plinko.bets).toBe(10);
    expect(plinko.rtp!.theoretical).toBeGreaterThan(0.989);
    expect(plinko.rtp!.theoretical).toBeLessThan(0.992);
    // The RTP converging: one point per bet here (fewer than 200), the last one the total.
    const diceCurve = res.body.convergence.filter((p) => p.game === 'dice');
    expect(diceCurve.map((p) => p.bets)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(diceCurve.at(-1)!.rtp).toBeCloseTo(dice.rtp!.observed, 10);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.to).toBe(today);
    expect(res.body.daily).toContainEqual(
      expect.objectContaining({ day: today, game: 'dice', wagered: 20 }),
    );
  });

  it('flags a game whose bets pay more than its rules, over enough bets', async () => {
    const user = await registerUser(suite.server.url);
    const first = { amount: 1, target: 50, condition: 'over' };
    expect(
      (
        await call(suite.server.url, 'POST', '/api/games/dice/bets', {
          token: user.token,
          body: first,
        })
      ).status,
    ).toBe(200);
    // 2,000 dice bets at 50 over, rigged to pay 1.98x on 3 bets of 5 (RTP about 119%).
    await suite.server.database.db.execute(sql`
      INSERT INTO bets (user_id, game, amount_cents, multiplier_e4, payout_cents, seed_pair_id,
          nonce, params, result)
      SELECT ${user.id}, 'dice', 100, CASE WHEN i % 5 < 3 THEN 19800 ELSE 0 END,
        CASE WHEN i % 5 < 3 THEN 198 ELSE 0 END, p.id, 1000 + i,
        '{"target":50,"condition":"over"}', '{"roll":75,"win":true}'
      FROM generate_series(1, 2000) AS i
      JOIN seed_pairs AS p ON p.user_id = ${user.id} AND p.active`);
    const dice = (await stats()).body.games.find((g) => g.game === 'dice')!;
    expect(dice.bets).toBe(2011);
    expect(dice.rtp!.observed).toBeGreaterThan(1.1);
    expect(dice.rtp!.low).toBeGreaterThan(0.99);
    expect(dice.rtp!.flagged).toBe(true);
    // At most 200 points a game, evenly spaced, the last bet included.
    const curve = (await stats()).body.convergence.filter((p) => p.game === 'dice');
    expect(curve.length).toBeLessThanOrEqual(201);
    expect(curve.at(-1)!.bets).toBe(2011);
    expect(curve[1]!.bets - curve[0]!.bets).toBe(11);
  });

  it('takes a period of days and refuses one that runs backwards, is too long or not a date', async () => {
    const empty = await stats('?from=2020-01-01&to=2020-01-31');
    expect(empty.status).toBe(200);
    expect(empty.body.games).toEqual([]);
    expect((await stats('?from=2020-02-01&to=2020-01-31')).body.errors.to).toBeDefined();
    expect((await stats('?from=2020-01-01&to=2021-06-30')).status).toBe(422);
    const bad = await stats('?from=2026-02-31');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toBeDefined();
    expect((await stats('?from=yesterday')).status).toBe(422);
  });
});
