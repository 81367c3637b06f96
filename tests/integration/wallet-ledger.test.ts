import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ledgerEntries, users } from '../../server/db/schema';
import { changeBalance } from '../../server/modules/wallet/service';
import { unbalancedUsers } from '../support/money';
import type { WalletLedgerPage } from '../../src/api/wallet';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Errors = { message: string; errors: Record<string, string[]> };
type Player = Awaited<ReturnType<typeof registerUser>>;

const DAY_MS = 86_400_000;
/** The day the i-th ledger row of the player is dated (one row a day from here). */
const FIRST_DAY = Date.UTC(2026, 0, 1, 12, 0, 0);
const cents = (amount: number) => Math.round(amount * 100);

describeEachDatabase('wallet ledger: filters, pages, totals, CSV, balance history', (kind) => {
  const suite = appOnDatabase(kind);
  const get = <T = WalletLedgerPage>(path: string, token?: string) =>
    call<T>(suite.server.url, 'GET', path, token ? { token } : {});
  let player: Player;
  /** Every ledger row of the player, newest first, as the database has them. */
  let rows: (typeof ledgerEntries.$inferSelect)[];
  let betIds: number[];

  beforeAll(async () => {
    player = await registerUser(suite.server.url);
    betIds = [];
    for (let i = 0; i < 6; i++) {
      const res = await call<{ bet: { id: number } }>(
        suite.server.url,
        'POST',
        '/api/games/dice/bets',
        { token: player.token, body: { amount: 1.5 + i, target: 50.5, condition: 'under' } },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      betIds.push(res.body.bet.id);
    }
    await suite.server.database.db.transaction(async (tx) => {
      await changeBalance(tx, {
        userId: player.id,
        deltaCents: 500,
        reason: 'admin_adjustment',
        reference: 'goodwill',
      });
      await changeBalance(tx, { userId: player.id, deltaCents: 85, reason: 'rakeback' });
    });
    // One row a day from FIRST_DAY, oldest first: dates to filter on (money is untouched).
    await suite.server.database.db.execute(sql`
      UPDATE ledger_entries SET created_at = ${new Date(FIRST_DAY).toISOString()}::timestamptz
        + (numbered.n - 1) * interval '1 day'
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ledger_entries
            WHERE user_id = ${player.id}) AS numbered
      WHERE ledger_entries.id = numbered.id`);
    rows = await suite.server.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, player.id))
      .orderBy(sql`${ledgerEntries.id} desc`);
  });

  /** Every row of a filter, page by page. */
  async function allPages(query: string, perPage: number): Promise<WalletLedgerPage['data']> {
    const out: WalletLedgerPage['data'] = [];
    for (let page = 1; ; page++) {
      const res = await get(
        `/api/wallet/ledger?${query}&page=${page}&per_page=${perPage}`,
        player.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(perPage);
      out.push(...res.body.data);
      if (page >= res.body.last_page) return out;
    }
  }

  const totalsOf = (entries: { delta: number }[]) => {
    const inCents = entries.filter((e) => e.delta > 0).reduce((n, e) => n + cents(e.delta), 0);
    const outCents = -entries.filter((e) => e.delta < 0).reduce((n, e) => n + cents(e.delta), 0);
    return { in: inCents / 100, out: outCents / 100, net: (inCents - outCents) / 100 };
  };

  it('is play money without a chain: no deposit address, deposits and withdrawals answer 409', async () => {
    const info = await get<{ demo: boolean; deposit_address: null; chain_id: null }>(
      '/api/wallet/info',
      player.token,
    );
    expect(info.body).toMatchObject({ demo: true, deposit_address: null, chain_id: null });
    for (const path of ['/api/wallet/deposits', '/api/wallet/withdrawals']) {
      const res = await get<{ code: string }>(path, player.token);
      expect(res.status, path).toBe(409);
      expect(res.body.code).toBe('wallet_demo');
    }
    const withdraw = await call<{ code: string; message: string }>(
      suite.server.url,
      'POST',
      '/api/wallet/withdrawals',
      { token: player.token, body: { amount: 1 } },
    );
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.message).toMatch(/play money/i);
  });

  it('pages the whole ledger newest first; the totals are the sums and the net is the balance', async () => {
    const first = await get('/api/wallet/ledger', player.token);
    expect(first.status).toBe(200);
    expect(first.body.per_page).toBe(25);
    expect(first.body.total).toBe(rows.length);
    expect(first.body.reasons).toEqual(expect.arrayContaining(['bet', 'payout', 'signup_bonus']));

    const entries = await allPages('', 4);
    expect(entries.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    expect(entries.map((e) => cents(e.delta))).toEqual(rows.map((r) => r.deltaCents));
    expect(entries.map((e) => cents(e.balance_after))).toEqual(
      rows.map((r) => r.balanceAfterCents),
    );
    const paged = await get('/api/wallet/ledger?per_page=4&page=2', player.token);
    expect(paged.body.last_page).toBe(Math.ceil(rows.length / 4));
    expect(paged.body.data.map((e) => e.id)).toEqual(rows.slice(4, 8).map((r) => r.id));
    expect((await get('/api/wallet/ledger?page=99', player.token)).body.data).toEqual([]);

    const balance = (await get<{ balance: number }>('/api/user/balance', player.token)).body
      .balance;
    expect(first.body.totals).toEqual(totalsOf(entries));
    expect(first.body.totals.net).toBe(balance);
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  });

  it('links the bet and payout rows to their bets', async () => {
    const entries = await allPages('', 100);
    const linked = entries.filter((e) => e.bet);
    expect(new Set(linked.map((e) => e.bet!.id))).toEqual(new Set(betIds));
    for (const entry of linked) {
      expect(['bet', 'payout']).toContain(entry.reason);
      expect(entry.reference).toBe(`bet:${entry.bet!.id}`);
      expect(entry.bet!.game).toBe('dice');
    }
    expect(entries.find((e) => e.reason === 'admin_adjustment')?.bet).toBeNull();
  });

  it('filters by reason: only those rows, with their totals', async () => {
    const bets = await allPages('reason=bet', 2);
    expect(bets.map((e) => e.id)).toEqual(rows.filter((r) => r.reason === 'bet').map((r) => r.id));
    const answer = await get('/api/wallet/ledger?reason=bet', player.token);
    expect(answer.body.total).toBe(6);
    expect(answer.body.totals).toEqual({ in: 0, out: 1.5 * 6 + 15, net: -(1.5 * 6 + 15) });

    const mixed = await allPages('reason=admin_adjustment,rakeback,signup_bonus', 25);
    expect(mixed.map((e) => e.reason).sort()).toEqual([
      'admin_adjustment',
      'rakeback',
      'signup_bonus',
    ]);
    const res = await get(
      '/api/wallet/ledger?reason=admin_adjustment,rakeback,signup_bonus',
      player.token,
    );
    expect(res.body.totals).toEqual({ in: 1005.85, out: 0, net: 1005.85 });
  });

  it('filters by dates: a date is a whole UTC day, a date-time an instant', async () => {
    const day = (i: number) => new Date(FIRST_DAY + i * DAY_MS).toISOString().slice(0, 10);
    const oldestFirst = [...rows].reverse();
    // Days 2 to 4 (0-based): three rows.
    const byDay = await allPages(`from=${day(2)}&to=${day(4)}`, 25);
    expect(byDay.map((e) => e.id)).toEqual(
      oldestFirst
        .slice(2, 5)
        .reverse()
        .map((r) => r.id),
    );
    // The same range as instants, in another offset: from inclusive, to exclusive.
    const from = encodeURIComponent(`${day(2)}T14:00:00+02:00`); // = 12:00Z, the row's time
    const to = encodeURIComponent(`${day(4)}T12:00:00Z`);
    const byTime = await allPages(`from=${from}&to=${to}`, 25);
    expect(byTime.map((e) => e.id)).toEqual(
      oldestFirst
        .slice(2, 4)
        .reverse()
        .map((r) => r.id),
    );
    const res = await get(`/api/wallet/ledger?from=${day(2)}&to=${day(4)}`, player.token);
    expect(res.body.totals).toEqual(totalsOf(byDay));
    const none = await get('/api/wallet/ledger?to=2025-12-31', player.token);
    expect(none.body).toMatchObject({
      data: [],
      total: 0,
      last_page: 1,
      totals: { in: 0, out: 0, net: 0 },
    });
  });

  it('answers 422 on the field of a bad filter or page, and 401 without a token', async () => {
    const cases: [string, string[]][] = [
      ['reason=jackpot', ['reason']],
      ['reason=bet,jackpot', ['reason']],
      ['reason=BET', ['reason']],
      ['from=2026-02-30', ['from']],
      ['from=yesterday', ['from']],
      ['from=2026-01-01T10:00:00', ['from']],
      ['to=0001-01-01', ['to']],
      ['to=2026-13-01', ['to']],
      ['from=2026-03-01&to=2026-02-01', ['to']],
      ['from=nope&to=never', ['from', 'to']],
      ['page=0', ['page']],
      ['page=1.5', ['page']],
      ['per_page=101', ['per_page']],
      ['per_page=-1', ['per_page']],
    ];
    for (const [query, fields] of cases) {
      const res = await get<Errors>(`/api/wallet/ledger?${query}`, player.token);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors).sort(), query).toEqual(fields);
    }
    for (const path of ['/api/wallet/ledger.csv?reason=x', '/api/wallet/balance_history?from=x']) {
      expect((await get(path, player.token)).status, path).toBe(422);
    }
    for (const path of [
      '/api/wallet/ledger',
      '/api/wallet/ledger.csv',
      '/api/wallet/balance_history',
    ]) {
      expect((await get(path)).status, path).toBe(401);
    }
  });

  it('exports the filtered ledger as CSV: the same rows as the ledger, amounts in POL', async () => {
    for (const query of ['', 'reason=bet,payout', `from=2026-01-03&to=2026-01-06`]) {
      const res = await fetch(`${suite.server.url}/api/wallet/ledger.csv?${query}`, {
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="ledger-.*\.csv"$/,
      );
      const lines = (await res.text()).split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe('id,date,reason,reference,bet_id,game,change,balance_after');
      const entries = await allPages(query, 100);
      expect(lines.slice(1)).toEqual(
        entries.map((e) =>
          [
            e.id,
            e.created_at,
            e.reason,
            e.reference ?? '',
            e.bet?.id ?? '',
            e.bet?.game ?? '',
            e.delta.toFixed(2),
            e.balance_after.toFixed(2),
          ].join(','),
        ),
      );
    }
  });

  it('streams a long ledger and thins its balance history, other players never included', async () => {
    const other = await registerUser(suite.server.url);
    const extra = 2500;
    const db = suite.server.database.db;
    // 2,500 credits of 0.01 after the sign-up bonus, written set-based, the balance to match.
    await db.execute(sql`
      INSERT INTO ledger_entries (user_id, delta_cents, reason, reference, balance_after_cents)
      SELECT ${other.id}, 1, 'rakeback', NULL, 100000 + n FROM generate_series(1, ${extra}) AS n`);
    await db
      .update(users)
      .set({ balanceCents: 100000 + extra })
      .where(eq(users.id, other.id));

    const res = await fetch(`${suite.server.url}/api/wallet/ledger.csv`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + extra + 1);
    expect(lines[1]!.endsWith(`,0.01,${(1000 + extra / 100).toFixed(2)}`)).toBe(true);
    expect(lines.at(-1)).toMatch(/,signup_bonus,user:\d+,,,1000.00,1000.00$/);
    const ids = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => rows.some((r) => r.id === id))).toBe(false);

    const history = await get<{ points: { at: string; balance: number }[]; total: number }>(
      '/api/wallet/balance_history',
      other.token,
    );
    expect(history.body.total).toBe(extra + 1);
    expect(history.body.points.length).toBeLessThanOrEqual(500);
    expect(history.body.points.length).toBeGreaterThan(400);
    expect(history.body.points[0]!.balance).toBe(1000);
    expect(history.body.points.at(-1)!.balance).toBe(1025);
    const balances = history.body.points.map((p) => p.balance);
    expect(balances).toEqual([...balances].sort((a, b) => a - b));
  });

  it('answers the balance after every row of a short range, oldest first, every reason', async () => {
    const all = await get<{ points: { at: string; balance: number }[]; total: number }>(
      '/api/wallet/balance_history?reason=bet',
      player.token,
    );
    const oldestFirst = [...rows].reverse();
    expect(all.body.total).toBe(rows.length);
    expect(all.body.points).toEqual(
      oldestFirst.map((r) => ({
        at: r.createdAt.toISOString(),
        balance: r.balanceAfterCents / 100,
      })),
    );
    const range = await get<{ points: unknown[]; total: number }>(
      '/api/wallet/balance_history?from=2026-01-02&to=2026-01-03',
      player.token,
    );
    expect(range.body.total).toBe(2);
    expect(range.body.points).toEqual(all.body.points.slice(1, 3));
  });

  it('documents the calls', async () => {
    const doc = await get<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>('/api/docs/json');
    for (const path of [
      '/api/wallet/ledger',
      '/api/wallet/ledger.csv',
      '/api/wallet/balance_history',
    ]) {
      expect(doc.body.paths[path]?.get?.responses['200'], path).toBeDefined();
      expect(doc.body.paths[path]?.get?.responses['422'], path).toBeDefined();
    }
  });
});
