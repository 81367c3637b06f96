// The operator console's server side: every admin route closed to guests (401) and players (403),
// finding a player and their page, suspension (sign-in and bets refused, tokens dead at once),
// two-factor reset, and the append-only audit log with its CSV export. PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { issueToken } from '../../server/modules/auth/tokens';
import type { AdminAction, AdminPlayer } from '../../src/api/admin';
import { makeAdmin } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Player = AdminPlayer;
type Action = AdminAction;
type Errors = { message: string; errors: Record<string, string[]> };

describeEachDatabase('operator console', (kind) => {
  const suite = appOnDatabase(kind);
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let player: Awaited<ReturnType<typeof registerUser>>;
  const url = () => suite.server.url;
  const asAdmin = <T>(method: string, path: string, body?: unknown) =>
    call<T>(url(), method, path, { token: admin.token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    admin = await registerUser(url());
    await makeAdmin(suite.server.database.db, admin.id);
    player = await registerUser(url());
  });

  it('answers every admin operation of the OpenAPI document 401 for a guest and 403 for a player', async () => {
    const doc = (
      await call<{ paths: Record<string, Record<string, unknown>> }>(url(), 'GET', '/api/docs/json')
    ).body;
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) => [method.toUpperCase(), path.replace('{id}', String(player.id))] as const,
        ),
      );
    // The console's routes, all of them (a new one joins this loop by being documented).
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const [method, path] of operations) {
      const body = method === 'GET' ? undefined : {};
      const guest = await call(url(), method, path, body === undefined ? {} : { body });
      expect(guest.status, `${method} ${path} as a guest`).toBe(401);
      const asPlayer = await call(url(), method, path, {
        token: player.token,
        ...(body === undefined ? {} : { body }),
      });
      expect(asPlayer.status, `${method} ${path} as a player`).toBe(403);
    }
  });

  it('finds a player by id, e-mail or name, and shows their page', async () => {
    for (const search of [String(player.id), player.email.slice(0, 12).toUpperCase(), 'player']) {
      const found = await asAdmin<{ data: Player[] }>(
        'GET',
        `/api/admin/users?search=${encodeURIComponent(search)}`,
      );
      expect(found.status).toBe(200);
      expect(
        found.body.data.map((p) => p.id),
        search,
      ).toContain(player.id);
    }
    const none = await asAdmin<{ data: Player[] }>(
      'GET',
      '/api/admin/users?search=%25_no-such-name',
    );
    expect(none.body.data).toEqual([]);

    expect(
      (
        await call(url(), 'POST', '/api/games/dice/bets', {
          token: player.token,
          body: { amount: 1, target: 50, condition: 'over' },
        })
      ).status,
    ).toBe(200);
    const page = await asAdmin<{
      user: Player;
      balance: number;
      ledger_sum: number;
      ledger: unknown[];
      bets: { id: number }[];
      sessions: { id: number }[];
    }>('GET', `/api/admin/users/${player.id}`);
    expect(page.status).toBe(200);
    expect(page.body.user.email).toBe(player.email);
    expect(page.body.balance).toBe(page.body.ledger_sum);
    expect(page.body.bets).toHaveLength(1);
    expect(page.body.ledger.length).toBeGreaterThanOrEqual(2);
    expect(page.body.sessions.length).toBeGreaterThanOrEqual(1);
    expect((await asAdmin('GET', '/api/admin/users/999999999')).status).toBe(404);
  });

  it('suspends a player: their open token stops working, sign-in and bets are refused; unsuspending lets them back', async () => {
    const victim = await registerUser(url());
    expect((await call(url(), 'GET', '/api/user', { token: victim.token })).status).toBe(200);

    const suspended = await asAdmin<{ user: Player }>(
      'POST',
      `/api/admin/users/${victim.id}/suspend`,
      { reason: 'chargeback fraud' },
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body.user.suspended_at).not.toBeNull();

    expect((await call(url(), 'GET', '/api/user', { token: victim.token })).status).toBe(401);
    const bet = { amount: 1, target: 50, condition: 'over' };
    expect(
      (await call(url(), 'POST', '/api/games/dice/bets', { token: victim.token, body: bet }))
        .status,
    ).toBe(401);
    // A token issued around the suspension (a sign-in racing it) is refused as well.
    const racing = await issueToken(suite.server.database.db, victim.id);
    expect(
      (await call(url(), 'POST', '/api/games/dice/bets', { token: racing, body: bet })).status,
    ).toBe(401);
    const login = await call<Errors>(url(), 'POST', '/api/login', {
      body: { email: victim.email, password: victim.password },
    });
    expect(login.status).toBe(422);
    expect(login.body.errors.email).toEqual(['This account is suspended.']);
    // A wrong password says nothing of the suspension.
    const wrong = await call<Errors>(url(), 'POST', '/api/login', {
      body: { email: victim.email, password: 'not the password' },
    });
    expect(wrong.body.errors.email).toEqual(['These credentials do not match our records.']);

    const twice = await asAdmin<Errors>('POST', `/api/admin/users/${victim.id}/suspend`, {});
    expect(twice.status).toBe(422);
    expect(twice.body.errors.id).toBeDefined();

    expect((await asAdmin('POST', `/api/admin/users/${victim.id}/unsuspend`, {})).status).toBe(200);
    const back = await call<{ token: string }>(url(), 'POST', '/api/login', {
      body: { email: victim.email, password: victim.password },
    });
    expect(back.status).toBe(200);
    expect(
      (await call(url(), 'POST', '/api/games/dice/bets', { token: back.body.token, body: bet }))
        .status,
    ).toBe(200);
  });

  it('refuses to suspend the operator’s own account', async () => {
    const self = await asAdmin<Errors>('POST', `/api/admin/users/${admin.id}/suspend`, {});
    expect(self.status).toBe(422);
    expect(self.body.errors.id).toEqual(['You cannot do this to your own account.']);
  });

  it('resets two-factor authentication', async () => {
    const user = await registerUser(url());
    await suite.server.database.db.execute(
      sql`UPDATE users SET two_factor_enabled = true, two_factor_secret = 'JBSWY3DPEHPK3PXP' WHERE id = ${user.id}`,
    );
    const reset = await asAdmin<{ user: Player }>(
      'POST',
      `/api/admin/users/${user.id}/reset-two-factor`,
      {},
    );
    expect(reset.status).toBe(200);
    expect(reset.body.user.two_factor_enabled).toBe(false);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/reset-two-factor`, {})).status).toBe(
      422,
    );
  });

  it('keeps every action in an append-only audit log, with values before and after, exportable as CSV', async () => {
    const user = await registerUser(url());
    expect(
      (
        await asAdmin('POST', `/api/admin/users/${user.id}/balance`, {
          amount: -12.5,
          reason: 'chargeback, "card" 4242',
        })
      ).status,
    ).toBe(200);
    expect(
      (await asAdmin('POST', `/api/admin/users/${user.id}/suspend`, { reason: '=HYPERLINK("x")' }))
        .status,
    ).toBe(200);

    const log = await asAdmin<{ data: Action[] }>('GET', `/api/admin/actions?user_id=${user.id}`);
    expect(log.status).toBe(200);
    expect(log.body.data.map((a) => a.action)).toEqual(['suspend', 'balance_adjustment']);
    const [suspend, adjust] = log.body.data as [Action, Action];
    expect(suspend.admin_id).toBe(admin.id);
    expect(suspend.before).toEqual({ suspended_at: null });
    expect(suspend.after).toMatchObject({ reason: '=HYPERLINK("x")' });
    expect(adjust.before).toEqual({ balance_cents: 100_000 });
    expect(adjust.after).toMatchObject({ balance_cents: 98_750, delta_cents: -1250 });

    const csv = await fetch(`${url()}/api/admin/actions.csv?user_id=${user.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,admin_id,action,target_user_id,before,after');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',suspend,');
    // A JSON field is quoted with its quotes doubled; nothing a spreadsheet runs as a formula.
    expect(lines[2]).toContain('"{""balance_cents"":100000}"');
    expect(lines.join('\n')).not.toMatch(/,=/);

    // Append-only: the database itself refuses to change or remove an entry.
    const db = suite.server.database.db;
    const refusal = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => 'changed',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(
      await refusal(sql`UPDATE admin_actions SET action = 'x' WHERE id = ${suspend.id}`),
    ).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM admin_actions WHERE id = ${suspend.id}`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`TRUNCATE admin_actions`)).toMatch(/append-only/);
  });

  it('manages the posts: hides one from the public list, deletes one, and logs both', async () => {
    const created = await asAdmin<{ id: number }>('POST', '/api/admin/posts', {
      title: 'Weekly race',
      body: 'Top 10 win.',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const publicTitles = async () =>
      (await call<{ title: string }[]>(url(), 'GET', '/api/post/get')).body.map((p) => p.title);
    expect(await publicTitles()).toContain('Weekly race');

    expect(
      (await asAdmin('POST', `/api/admin/posts/${id}/published`, { published: false })).status,
    ).toBe(200);
    expect(await publicTitles()).not.toContain('Weekly race');
    const listed = await asAdmin<{ data: { id: number; published: boolean }[] }>(
      'GET',
      '/api/admin/posts',
    );
    expect(listed.body.data.find((p) => p.id === id)).toMatchObject({ published: false });

    expect((await asAdmin('DELETE', `/api/admin/posts/${id}`)).status).toBe(204);
    expect((await asAdmin('DELETE', `/api/admin/posts/${id}`)).status).toBe(404);
    expect(
      (await asAdmin('POST', '/api/admin/posts/999999/published', { published: true })).status,
    ).toBe(404);

    const log = await asAdmin<{ data: Action[] }>('GET', '/api/admin/actions?limit=3');
    expect(log.body.data.map((a) => a.action)).toEqual([
      'post_delete',
      'post_update',
      'post_create',
    ]);
    expect(log.body.data[0]!.before).toMatchObject({
      post_id: id,
      title: 'Weekly race',
      body: 'Top 10 win.',
    });
    expect(log.body.data[1]!.after).toEqual({ post_id: id, published: false });
  });
});
