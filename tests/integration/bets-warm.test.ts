// Warm bets (server/modules/bets/warm.ts): a player's next bet on the process that settled their
// last one is decided from what that bet left, in one round trip (counted in games-dice.test.ts),
// and the write checks what the read would have. Whatever moved meanwhile (a deposit, a new seed pair, a logout, a suspension,
// an expiry, another process's bet), the answer is the one a read would have given.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { floats } from '../../games/fairness/index';
import { diceRoll } from '../../games/dice/rules';
import { accessTokens, users } from '../../server/db/schema';
import { changeBalance } from '../../server/modules/wallet/service';
import { twoInstances } from '../support/instances';
import {
  appOnDatabase,
  call,
  DB_KINDS,
  describeEachDatabase,
  registerUser,
} from '../support/testApp';
import { moneySnapshot, revealSeeds, type BetAnswer, type ErrorAnswer } from './games-support';

const DICE = { amount: 0.01, target: 50, condition: 'over' } as const;

describeEachDatabase('warm bets', (kind) => {
  const suite = appOnDatabase(kind);
  const db = () => suite.server.database.db;
  const bet = (token: string, key?: string, body: Record<string, unknown> = DICE) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', '/api/games/dice/bets', {
      token,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
      body,
    });
  /** A player whose next bet is warm: their first bet committed the pair, the second was read. */
  const warmPlayer = async () => {
    const user = await registerUser(suite.server.url);
    for (let i = 0; i < 2; i++) expect((await bet(user.token)).status).toBe(200);
    return user;
  };
  const expectBooksExact = async (userId: number, answerBalance: number) => {
    const money = await moneySnapshot(db(), userId);
    expect(money.balanceCents).toBe(Math.round(answerBalance * 100));
    expect(money.ledgerTotal).toBe(money.balanceCents);
    return money;
  };

  it('answers the balance the statement wrote when a deposit came between two bets', async () => {
    const user = await warmPlayer();
    await db().transaction((tx) =>
      changeBalance(tx, { userId: user.id, deltaCents: 500, reason: 'admin_adjustment' }),
    );
    const before = await moneySnapshot(db(), user.id);
    const res = await bet(user.token);
    expect(res.status).toBe(200);
    const expected = before.balanceCents - 1 + Math.round(res.body.bet.payout * 100);
    expect(Math.round(res.body.balance * 100)).toBe(expected);
    await expectBooksExact(user.id, res.body.balance);
  });

  it('plays a new seed pair from its nonce 0 once the pair was rotated, and the roll is its seeds', async () => {
    const user = await warmPlayer();
    const rotated = await suite.client.call<{ active: { server_seed_hash: string } }>(
      'POST',
      '/api/fairness/rotate',
      { token: user.token, body: {} },
    );
    expect(rotated.status).toBe(200);
    const res = await bet(user.token);
    expect(res.status).toBe(200);
    expect(res.body.bet).toMatchObject({
      nonce: 0,
      server_seed_hash: rotated.body.active.server_seed_hash,
    });
    const seeds = await revealSeeds(suite.client, user.token);
    // diceRoll answers hundredths; the wire carries the roll itself.
    const roll = diceRoll(floats(seeds.server_seed, seeds.client_seed, 0, 1)[0]!) / 100;
    expect(res.body.bet.result.roll).toBe(roll);
    await expectBooksExact(user.id, res.body.balance);
  });

  it('refuses a warm token once it is logged out, suspended or expired, and nothing moves', async () => {
    for (const revoke of ['logout', 'suspend', 'expire'] as const) {
      const user = await warmPlayer();
      if (revoke === 'logout') {
        expect((await suite.client.call('POST', '/api/logout', { token: user.token })).status).toBe(
          200,
        );
      } else if (revoke === 'suspend') {
        // The column alone (an admin's suspension also revokes the tokens): the write checks it.
        await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
      } else {
        await db()
          .update(accessTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(accessTokens.userId, user.id));
      }
      const before = await moneySnapshot(db(), user.id);
      const res = await bet(user.token);
      expect(res.status, revoke).toBe(401);
      expect(await moneySnapshot(db(), user.id), revoke).toEqual(before);
    }
  });

  it('replays a warm bet sent again under its key, and refuses the key with another body', async () => {
    const user = await warmPlayer();
    const first = await bet(user.token, 'warm-replay');
    expect(first.status).toBe(200);
    const after = await moneySnapshot(db(), user.id);
    const again = await bet(user.token, 'warm-replay');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await bet(user.token, 'warm-replay', { ...DICE, target: 60 });
    expect(other.status).toBe(422);
    expect(other.body.errors?.idempotency_key).toBeDefined();
    expect(await moneySnapshot(db(), user.id)).toEqual(after);
  });

  it('falls back to the read when the warm funds do not cover the stake, then refuses with 422', async () => {
    const user = await warmPlayer();
    const before = await moneySnapshot(db(), user.id);
    const res = await bet(user.token, undefined, {
      ...DICE,
      amount: before.balanceCents / 100 + 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.amount).toBeDefined();
    expect(await moneySnapshot(db(), user.id)).toEqual(before);
  });

  it('sends the live feed the name the player hides now, not the one their warm bet began with', async () => {
    const user = await warmPlayer();
    await db().update(users).set({ hideName: true }).where(eq(users.id, user.id));
    const settled = vi.spyOn(suite.server.app.betFeed, 'settled');
    try {
      expect((await bet(user.token)).status).toBe(200);
      expect(settled).toHaveBeenCalledTimes(1);
      expect(settled.mock.calls[0]![1]).toMatchObject({ id: user.id, hideName: true });
    } finally {
      settled.mockRestore();
    }
  });
});

// Two real server processes on one PostgreSQL database: each keeps its own warm players, so a
// player betting on both in turn always finds the other's bet moved their nonce.
describe.runIf(DB_KINDS.includes('postgres'))(
  'warm bets across two server processes [postgres]',
  () => {
    const instances = twoInstances({ RATE_LIMITS: 'off' });

    it('settles bets sent to both in turn with consecutive nonces and exact books', async () => {
      const user = await registerUser(instances.servers[0].url);
      const nonces: number[] = [];
      let balance = 0;
      for (let i = 0; i < 12; i++) {
        // Twice on one, then twice on the other: the second of each pair is warm there.
        const server = instances.servers[Math.floor(i / 2) % 2]!;
        const res = await call<BetAnswer>(server.url, 'POST', '/api/games/dice/bets', {
          token: user.token,
          body: DICE,
        });
        expect(res.status, server.output()).toBe(200);
        nonces.push(res.body.bet.nonce);
        balance = res.body.balance;
      }
      expect(nonces).toEqual(Array.from({ length: 12 }, (_, i) => i));
      const client = new pg.Client({ connectionString: instances.testDb.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ balance: string; ledger: string; bets: string }>(
          `SELECT u.balance_cents AS balance,
            (SELECT sum(delta_cents) FROM ledger_entries WHERE user_id = u.id) AS ledger,
            (SELECT count(*) FROM bets WHERE user_id = u.id) AS bets
          FROM users AS u WHERE u.id = $1`,
          [user.id],
        );
        expect(Number(rows[0]!.balance)).toBe(Math.round(balance * 100));
        expect(rows[0]!.ledger).toBe(rows[0]!.balance);
        expect(rows[0]!.bets).toBe('12');
      } finally {
        await client.end();
      }
    });
  },
);
