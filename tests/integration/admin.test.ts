import { beforeAll, expect, it } from 'vitest';
import type { Answer } from '../../games/shared/wire/types';
import { makeAdmin, unbalancedUsers } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type LedgerAnswer = Answer<'/api/admin/users/{id}/ledger', 'get'>;
type Errors = { message: string; errors: Record<string, string[]> };

describeEachDatabase('admin: balance adjustments, ledger, posts', (kind) => {
  const suite = appOnDatabase(kind);
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let player: Awaited<ReturnType<typeof registerUser>>;

  const adjust = (body: unknown, id = player.id, token = admin.token) =>
    call<Errors & { balance: number; amount: number; reference: string | null }>(
      suite.server.url,
      'POST',
      `/api/admin/users/${id}/balance`,
      { token, body },
    );
  const balanceOf = async (token: string) =>
    (await call<{ balance: number }>(suite.server.url, 'GET', '/api/user/balance', { token })).body
      .balance;

  beforeAll(async () => {
    admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    player = await registerUser(suite.server.url);
  });

  it('credits and debits through the ledger with reason admin_adjustment', async () => {
    const credit = await adjust({ amount: 25.5, reason: 'goodwill', reference: `gw-${kind}` });
    expect(credit.status).toBe(200);
    expect(credit.body).toMatchObject({
      amount: 25.5,
      balance: 1025.5,
      reference: `gw-${kind}`,
      reason: 'goodwill',
    });
    const debit = await adjust({ amount: -0.5, reason: 'correction' });
    expect(debit.status).toBe(200);
    expect(debit.body.balance).toBe(1025);
    expect(await balanceOf(player.token)).toBe(1025);

    const ledger = await call<LedgerAnswer>(
      suite.server.url,
      'GET',
      `/api/admin/users/${player.id}/ledger`,
      {
        token: admin.token,
      },
    );
    expect(ledger.status).toBe(200);
    expect(ledger.body).toMatchObject({ user_id: player.id, balance: 1025, ledger_sum: 1025 });
    expect(ledger.body.entries.map((e) => [e.delta, e.reason, e.balance_after])).toEqual([
      [-0.5, 'admin_adjustment', 1025],
      [25.5, 'admin_adjustment', 1025.5],
      [1000, 'signup_bonus', 1000],
    ]);
    expect(ledger.body.entries[1]!.reference).toBe(`gw-${kind}`);
    expect(ledger.body.entries[0]!.reference).toMatch(/^admin_adjustment:\d+$/);
  });

  it('refuses a debit past zero with 422 on amount and leaves the balance alone', async () => {
    const before = await balanceOf(player.token);
    const res = await adjust({ amount: -(before + 0.01), reason: 'too much' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ amount: ['Insufficient balance.'] });
    expect(await balanceOf(player.token)).toBe(before);
  });

  it('answers in the request language (Accept-Language)', async () => {
    const cases: [string, string][] = [
      ['es', 'Saldo insuficiente.'],
      ['fr', 'Solde insuffisant.'],
      ['zh-CN', '余额不足。'],
    ];
    for (const [language, message] of cases) {
      const res = await call<Errors>(
        suite.server.url,
        'POST',
        `/api/admin/users/${player.id}/balance`,
        {
          token: admin.token,
          body: { amount: -1e6, reason: 'too much' },
          headers: { 'accept-language': language },
        },
      );
      expect(res.status).toBe(422);
      expect(res.body.errors.amount).toEqual([message]);
    }
    const decimals = await call<Errors>(
      suite.server.url,
      'POST',
      `/api/admin/users/${player.id}/balance`,
      {
        token: admin.token,
        body: { amount: 1.234, reason: 'x' },
        headers: { 'accept-language': 'pt-BR' },
      },
    );
    expect(decimals.body.errors.amount).toEqual([
      'O campo amount deve ter no máximo 2 casas decimais.',
    ]);
  });

  it('counts a reference once: a retry is a 422 on reference', async () => {
    const before = await balanceOf(player.token);
    expect((await adjust({ amount: 1, reason: 'once', reference: `once-${kind}` })).status).toBe(
      200,
    );
    const retry = await adjust({ amount: 1, reason: 'once', reference: `once-${kind}` });
    expect(retry.status).toBe(422);
    expect(Object.keys(retry.body.errors)).toEqual(['reference']);
    expect(await balanceOf(player.token)).toBe(before + 1);
  });

  it('validates amount, reason, reference and the user id', async () => {
    const cases: [unknown, string][] = [
      [{ amount: 1.005, reason: 'x' }, 'amount'],
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: '10', reason: 'x' }, 'amount'],
      [{ amount: 1_000_000.01, reason: 'x' }, 'amount'],
      [{ amount: -1e308, reason: 'x' }, 'amount'],
      [{ amount: 1 }, 'reason'],
      [{ amount: 1, reason: '   ' }, 'reason'],
      [{ amount: 1, reason: 'x', reference: 'has space' }, 'reference'],
      [{ amount: 1, reason: 'x', reference: 'r'.repeat(129) }, 'reference'],
    ];
    const before = await balanceOf(player.token);
    for (const [body, field] of cases) {
      const res = await adjust(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await balanceOf(player.token)).toBe(before);

    expect((await adjust({ amount: 1, reason: 'x' }, 2_000_000_000)).status).toBe(404);
    const beyondInt4 = await call(suite.server.url, 'POST', '/api/admin/users/2147483648/balance', {
      token: admin.token,
      body: { amount: 1, reason: 'x' },
    });
    expect(beyondInt4.status).toBe(404);
    // Lenient conversions would address another user ('1.5' -> 1, '0x10' -> 16).
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '0x10', ' 7', '99999999999']) {
      const res = await call<Errors>(
        suite.server.url,
        'POST',
        `/api/admin/users/${encodeURIComponent(id)}/balance`,
        {
          token: admin.token,
          body: { amount: 1, reason: 'x' },
        },
      );
      expect(res.status, id).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['id']);
    }
  });

  it('is for admins only: 401 without a token, 403 for a player', async () => {
    expect((await adjust({ amount: 1, reason: 'x' }, player.id, 'nope')).status).toBe(401);
    const self = await adjust({ amount: 1000, reason: 'free money' }, player.id, player.token);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('This action is unauthorized.');
    const ledger = await call(suite.server.url, 'GET', `/api/admin/users/${player.id}/ledger`, {
      token: player.token,
    });
    expect(ledger.status).toBe(403);
  });

  it('pages the ledger newest first with limit and before_id', async () => {
    const all = await call<LedgerAnswer>(
      suite.server.url,
      'GET',
      `/api/admin/users/${player.id}/ledger`,
      {
        token: admin.token,
      },
    );
    const ids = all.body.entries.map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const page = await call<LedgerAnswer>(
      suite.server.url,
      'GET',
      `/api/admin/users/${player.id}/ledger?limit=2&before_id=${ids[0]}`,
      { token: admin.token },
    );
    expect(page.body.entries.map((e) => e.id)).toEqual(ids.slice(1, 3));
    for (const query of ['limit=0', 'limit=501', 'limit=abc', 'before_id=-3']) {
      const bad = await call(
        suite.server.url,
        'GET',
        `/api/admin/users/${player.id}/ledger?${query}`,
        {
          token: admin.token,
        },
      );
      expect(bad.status, query).toBe(422);
    }
    const missing = await call(suite.server.url, 'GET', '/api/admin/users/2000000000/ledger', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  });

  it('publishes posts that GET /api/post/get lists, newest first', async () => {
    const first = await call<{ id: number }>(suite.server.url, 'POST', '/api/admin/posts', {
      token: admin.token,
      body: { title: 'Welcome', body: 'Hello players' },
    });
    expect(first.status).toBe(201);
    await call(suite.server.url, 'POST', '/api/admin/posts', {
      token: admin.token,
      body: { title: 'Second', body: 'More news', image_id: 'img-2' },
    });
    const denied = await call(suite.server.url, 'POST', '/api/admin/posts', {
      token: player.token,
      body: { title: 'Spam', body: 'x' },
    });
    expect(denied.status).toBe(403);
    const list = await call<
      { title: string; image_id: string | null; author: { id: number } | null }[]
    >(suite.server.url, 'GET', '/api/post/get');
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.title)).toEqual(['Second', 'Welcome']);
    expect(list.body[0]).toMatchObject({ image_id: 'img-2', author: { id: admin.id } });
  });
});
