import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tokenLocks } from '../../server/modules/tokenlocks/schema';
import { changeBalance } from '../../server/modules/wallet/service';
import { recordBet, unbalancedUsers } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Errors = { message: string; errors: Record<string, string[]> };
type Player = Awaited<ReturnType<typeof registerUser>>;
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('data endpoints: wallet, locks, ranking, creators, posts, earn', (kind) => {
  const suite = appOnDatabase(kind);
  const get = <T = Record<string, unknown>>(path: string, token?: string) =>
    call<T>(suite.server.url, 'GET', path, token ? { token } : {});
  const post = <T = Record<string, unknown>>(path: string, token: string, body?: unknown) =>
    call<T>(suite.server.url, 'POST', path, body === undefined ? { token } : { token, body });
  const balanceOf = async (p: Player) =>
    (await get<{ balance: number }>('/api/user/balance', p.token)).body.balance;

  it('documents every call in the OpenAPI document with its answer shape', async () => {
    const doc = await get<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>('/api/docs/json');
    const calls: [string, string, string][] = [
      ['get', '/api/wallet/info', '200'],
      ['get', '/api/tokenlocks/me', '200'],
      ['get', '/api/tokenlocks/rewards', '200'],
      ['post', '/api/tokenlocks', '201'],
      ['post', '/api/tokenlocks/{id}/unlock', '200'],
      ['get', '/api/ranking/me', '200'],
      ['get', '/api/ranking', '200'],
      ['get', '/api/creators', '200'],
      ['get', '/api/post/get', '200'],
      ['get', '/api/rakeback/me', '200'],
      ['post', '/api/rakeback/claim', '200'],
      ['get', '/api/referrals/me', '200'],
      ['post', '/api/referrals/claim', '200'],
      ['get', '/api/eth_account/validation_info', '200'],
      ['post', '/api/admin/users/{id}/balance', '200'],
      ['get', '/api/admin/users/{id}/ledger', '200'],
      ['post', '/api/admin/posts', '201'],
    ];
    for (const [method, path, status] of calls) {
      expect(doc.body.paths[path]?.[method]?.responses[status], `${method} ${path}`).toBeDefined();
    }
  });

  it('answers 401 {message} without a token on every signed-in data call', async () => {
    for (const path of [
      '/api/wallet/info',
      '/api/tokenlocks/me',
      '/api/tokenlocks/rewards',
      '/api/ranking/me',
      '/api/rakeback/me',
      '/api/referrals/me',
      '/api/eth_account/validation_info',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(401);
      expect(res.body, path).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('wallet info: balance, currency, totals from the ledger and the latest entries', async () => {
    const player = await registerUser(suite.server.url);
    await recordBet(suite.server.database.db, player.id, 2000, 5000); // stake 20.00, win 50.00
    await recordBet(suite.server.database.db, player.id, 1000); // stake 10.00, lost
    const res = await get<{
      balance: number;
      currency: string;
      totals: Record<string, number>;
      recent: { delta: number; reason: string }[];
    }>('/api/wallet/info', player.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      balance: 1020,
      currency: 'POL',
      demo: true,
      deposit_address: null,
      locked: 0,
      totals: { wagered: 30, won: 50, rewards: 0, bonuses: 1000, adjustments: 0 },
    });
    expect(res.body.recent.map((e) => [e.reason, e.delta])).toEqual([
      ['bet', -10],
      ['payout', 50],
      ['bet', -20],
      ['signup_bonus', 1000],
    ]);
  });

  it('token locks: lock moves money out, unlock before the end is refused, after it pays principal and reward', async () => {
    const player = await registerUser(suite.server.url);
    const options = await get<{ options: { days: number; rate: number }[] }>(
      '/api/tokenlocks/me',
      player.token,
    );
    expect(options.body.options).toContainEqual({ days: 365, rate: 12 });

    const created = await post<{ lock: Record<string, unknown> & { id: number }; balance: number }>(
      '/api/tokenlocks',
      player.token,
      { amount: 365, days: 365 },
    );
    expect(created.status).toBe(201);
    expect(created.body.balance).toBe(635);
    expect(created.body.lock).toMatchObject({
      amount: 365,
      days: 365,
      rate: 12,
      reward: 43.8,
      reward_accrued: 0,
      status: 'locked',
      unlocked_at: null,
    });
    const lockId = created.body.lock.id;

    const early = await post<Errors>(`/api/tokenlocks/${lockId}/unlock`, player.token);
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors)).toEqual(['id']);
    expect(await balanceOf(player)).toBe(635);

    // Half the term has passed: half the reward has accrued.
    const now = Date.now();
    await suite.server.database.db
      .update(tokenLocks)
      .set({ startsAt: new Date(now - 182.5 * DAY_MS), endsAt: new Date(now + 182.5 * DAY_MS) })
      .where(eq(tokenLocks.id, lockId));
    const rewards = await get<{ accrued: number; paid: number; projected: number }>(
      '/api/tokenlocks/rewards',
      player.token,
    );
    expect(rewards.body.projected).toBe(43.8);
    expect(rewards.body.paid).toBe(0);
    expect(rewards.body.accrued).toBeGreaterThanOrEqual(21.89);
    expect(rewards.body.accrued).toBeLessThanOrEqual(21.91);

    const other = await registerUser(suite.server.url);
    expect((await post(`/api/tokenlocks/${lockId}/unlock`, other.token)).status).toBe(404);

    await suite.server.database.db
      .update(tokenLocks)
      .set({ startsAt: new Date(now - 366 * DAY_MS), endsAt: new Date(now - DAY_MS) })
      .where(eq(tokenLocks.id, lockId));
    const listed = await get<{ locks: { status: string }[]; total_locked: number }>(
      '/api/tokenlocks/me',
      player.token,
    );
    expect(listed.body.locks[0]!.status).toBe('unlockable');
    expect(listed.body.total_locked).toBe(365);

    const done = await post<{ lock: { status: string }; balance: number }>(
      `/api/tokenlocks/${lockId}/unlock`,
      player.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.lock.status).toBe('unlocked');
    expect(done.body.balance).toBe(1043.8);
    const again = await post<Errors>(`/api/tokenlocks/${lockId}/unlock`, player.token);
    expect(again.status).toBe(422);
    expect(await balanceOf(player)).toBe(1043.8);

    const after = await get<{ accrued: number; paid: number; projected: number }>(
      '/api/tokenlocks/rewards',
      player.token,
    );
    expect(after.body).toEqual({ accrued: 0, paid: 43.8, projected: 0 });
    const wallet = await get<{ totals: { rewards: number }; locked: number }>(
      '/api/wallet/info',
      player.token,
    );
    expect(wallet.body.totals.rewards).toBe(43.8);
    expect(wallet.body.locked).toBe(0);
  });

  it('token locks: refuses bad amounts and durations and more than the balance, changing nothing', async () => {
    const player = await registerUser(suite.server.url);
    const cases: [unknown, string][] = [
      [{ amount: 1000.01, days: 30 }, 'amount'],
      [{ amount: 0, days: 30 }, 'amount'],
      [{ amount: 1.234, days: 30 }, 'amount'],
      [{ amount: '5', days: 30 }, 'amount'],
      [{ amount: 5, days: 31 }, 'days'],
      [{ amount: 5, days: 7.5 }, 'days'],
      [{ amount: 5 }, 'days'],
    ];
    for (const [body, field] of cases) {
      const res = await post<Errors>('/api/tokenlocks', player.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await balanceOf(player)).toBe(1000);
    const listed = await get<{ locks: unknown[] }>('/api/tokenlocks/me', player.token);
    expect(listed.body.locks).toEqual([]);
    expect((await post<Errors>('/api/tokenlocks/abc/unlock', player.token)).status).toBe(422);
    expect((await post<Errors>('/api/tokenlocks/2000000000/unlock', player.token)).status).toBe(
      404,
    );
  });

  it('ranking: rank by balance (ties share a rank), total, and the public top list', async () => {
    const rich = await registerUser(suite.server.url, { name: 'Rich Ranker' });
    // Make one player clearly first through the ledger (a payout without a stake).
    await suite.server.database.db.transaction((tx) =>
      changeBalance(tx, { userId: rich.id, deltaCents: 10_000_000, reason: 'payout' }),
    );
    const poor = await registerUser(suite.server.url);
    await recordBet(suite.server.database.db, poor.id, 100_000); // loses everything

    const first = await get<{ rank: number; balance: number; total: number }>(
      '/api/ranking/me',
      rich.token,
    );
    expect(first.body).toMatchObject({ rank: 1, balance: 101_000 });
    const last = await get<{ rank: number; balance: number; total: number }>(
      '/api/ranking/me',
      poor.token,
    );
    expect(last.body.balance).toBe(0);
    expect(last.body.rank).toBe(last.body.total);

    const top = await get<{
      ranking: { rank: number; id: number; name: string; balance: number }[];
    }>('/api/ranking');
    expect(top.status).toBe(200);
    expect(top.body.ranking[0]).toMatchObject({ rank: 1, id: rich.id, name: 'Rich Ranker' });
    const balances = top.body.ranking.map((r) => r.balance);
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
    const ties = top.body.ranking.filter((r) => r.balance === 1000);
    expect(new Set(ties.map((r) => r.rank)).size).toBeLessThanOrEqual(1);
  });

  it('creators: public, case-insensitive name search, wildcards literal, at most 20', async () => {
    await registerUser(suite.server.url, { name: 'Zelda Streamer' });
    await registerUser(suite.server.url, { name: 'zeldafan 100%' });
    await registerUser(suite.server.url, { name: 'Link' });
    const found = await get<{ id: number; name: string; image_id: string | null }[]>(
      '/api/creators?search_str=ZELDA',
    );
    expect(found.status).toBe(200);
    expect(found.body.map((c) => c.name).sort()).toEqual(['Zelda Streamer', 'zeldafan 100%']);
    expect(Object.keys(found.body[0]!).sort()).toEqual(['id', 'image_id', 'name']);
    const percent = await get<{ name: string }[]>(
      `/api/creators?search_str=${encodeURIComponent('0%')}`,
    );
    expect(percent.body.map((c) => c.name)).toEqual(['zeldafan 100%']);
    const underscore = await get<unknown[]>('/api/creators?search_str=_');
    expect(underscore.body).toEqual([]);

    for (let i = 0; i < 22; i++)
      await registerUser(suite.server.url, { name: `Bulk creator ${i}` });
    expect((await get<unknown[]>('/api/creators')).body).toHaveLength(20);
    expect((await get<unknown[]>('/api/creators?search_str=bulk')).body).toHaveLength(20);
    const tooLong = await get<Errors>(`/api/creators?search_str=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['search_str']);
  });

  it('posts: a public list, empty until an operator publishes', async () => {
    const res = await get<unknown[]>('/api/post/get');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('rakeback: accrues on wagers, claims credit the ledger once, daily pots wait a day', async () => {
    const player = await registerUser(suite.server.url);
    const nothing = await post<Errors>('/api/rakeback/claim', player.token, {
      rakeback_type: 'instant',
    });
    expect(nothing.status).toBe(422);
    expect(Object.keys(nothing.body.errors)).toEqual(['rakeback_type']);

    await recordBet(suite.server.database.db, player.id, 50_000, 20_000); // wager 500.00
    await recordBet(suite.server.database.db, player.id, 50_000); // wager 500.00
    const me = await get<{
      wagered: number;
      available: number;
      pots: { type: string; rate: number; available: number; next_claim_at: string | null }[];
    }>('/api/rakeback/me', player.token);
    expect(me.status).toBe(200);
    expect(me.body.wagered).toBe(1000);
    expect(me.body.pots.map((p) => [p.type, p.rate, p.available, p.next_claim_at])).toEqual([
      ['instant', 0.05, 0.5, null],
      ['daily', 0.03, 0.3, null],
      ['weekly', 0.02, 0.2, null],
    ]);
    expect(me.body.available).toBe(1);

    const before = await balanceOf(player);
    // Two claims at once: the balance lock lets exactly one pay.
    const claims = await Promise.all([
      post<{ claimed: number; balance: number }>('/api/rakeback/claim', player.token, {
        rakeback_type: 'instant',
      }),
      post<{ claimed: number; balance: number }>('/api/rakeback/claim', player.token, {
        rakeback_type: 'instant',
      }),
    ]);
    expect(claims.map((c) => c.status).sort()).toEqual([200, 422]);
    expect(claims.find((c) => c.status === 200)!.body.claimed).toBe(0.5);
    expect(await balanceOf(player)).toBe(before + 0.5);

    const daily = await post<{ claimed: number }>('/api/rakeback/claim', player.token, {
      rakeback_type: 'daily',
    });
    expect(daily.body.claimed).toBe(0.3);
    await recordBet(suite.server.database.db, player.id, 10_000); // wager 100.00 more
    const soon = await post<Errors>('/api/rakeback/claim', player.token, {
      rakeback_type: 'daily',
    });
    expect(soon.status).toBe(422);
    expect(soon.body.errors.rakeback_type![0]).toMatch(/claimed again at \d{4}-\d\d-\d\dT/);
    const instantAgain = await post<{ claimed: number }>('/api/rakeback/claim', player.token, {
      rakeback_type: 'instant',
    });
    expect(instantAgain.body.claimed).toBe(0.05); // 0.05% of 1,100.00 minus the 0.50 paid

    const bad = await post<Errors>('/api/rakeback/claim', player.token, {
      rakeback_type: 'yearly',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['rakeback_type']);
    const wallet = await get<{ totals: { rewards: number } }>('/api/wallet/info', player.token);
    expect(wallet.body.totals.rewards).toBe(0.85);
  });

  it('referrals: code, link, referred players, commission on their wagers and its claim', async () => {
    const referrer = await registerUser(suite.server.url);
    const me = await get<{ referral_code: string; referral_url: string }>(
      '/api/referrals/me',
      referrer.token,
    );
    expect(me.status).toBe(200);
    const code = me.body.referral_code;
    expect(me.body.referral_url).toBe(`${suite.server.url}/register?referral_code=${code}`);
    expect(me.body).toMatchObject({
      referred_count: 0,
      referred: [],
      commission_rate: 0.1,
      earnings: { total: 0, claimed: 0, available: 0 },
    });
    expect((await post<Errors>('/api/referrals/claim', referrer.token)).status).toBe(422);

    const friend = await registerUser(suite.server.url, {
      name: 'Invited Friend',
      email: `friend-${kind}@example.test`,
      password: 'friend-pass-1',
      referral_code: code,
    });
    await recordBet(suite.server.database.db, friend.id, 99_900); // wager 999.00
    const after = await get<{
      referred_count: number;
      referred: { id: number; name: string }[];
      earnings: { total: number; available: number };
    }>('/api/referrals/me', referrer.token);
    expect(after.body.referred_count).toBe(1);
    expect(after.body.referred).toMatchObject([{ id: friend.id, name: 'Invited Friend' }]);
    expect(after.body.earnings).toMatchObject({ total: 0.99, available: 0.99 });

    const before = await balanceOf(referrer);
    const claim = await post<{ claimed: number; balance: number }>(
      '/api/referrals/claim',
      referrer.token,
    );
    expect(claim.status).toBe(200);
    expect(claim.body.claimed).toBe(0.99);
    expect(await balanceOf(referrer)).toBe(before + 0.99);
    expect((await post<Errors>('/api/referrals/claim', referrer.token)).status).toBe(422);
  });

  it('eth account: a stable nonce and message per user', async () => {
    const a = await registerUser(suite.server.url);
    const b = await registerUser(suite.server.url);
    const first = await get<{ nonce: string; message: string }>(
      '/api/eth_account/validation_info',
      a.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body.message).toContain(`Nonce: ${first.body.nonce}`);
    expect(first.body.message).toContain(`Account: ${a.id}`);
    const again = await get<{ nonce: string }>('/api/eth_account/validation_info', a.token);
    expect(again.body.nonce).toBe(first.body.nonce);
    const other = await get<{ nonce: string }>('/api/eth_account/validation_info', b.token);
    expect(other.body.nonce).not.toBe(first.body.nonce);
  });

  it('every balance still equals its ledger sum', async () => {
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  });
});
