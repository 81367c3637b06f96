// Giveaways on PGlite and PostgreSQL: an operator creates one (guests 401, players 403, bad input
// 422, logged in the audit log), players enter once (parallel double entries make one row), the
// entry rule holds, and after the end the draw pays each winner once through the ledger, keeps
// the books clean and recomputes from the revealed seed and the listed entrants.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { drawGiveaway } from '../../games/fairness/giveaway';
import { rowsOf } from '../../server/db/prepared';
import { ledgerEntries } from '../../server/db/schema';
import { giveawayEntries, giveaways, giveawayWinners } from '../../server/modules/giveaways/schema';
import { drawDue } from '../../server/modules/giveaways/service';
import { makeAdmin, unbalancedUsers } from '../support/money';
import type { Giveaway, GiveawayDetail } from '../../src/api/giveaways';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Player = Awaited<ReturnType<typeof registerUser>>;
type Errors = { message: string; errors: Record<string, string[]> };

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describeEachDatabase('giveaways', (kind) => {
  const suite = appOnDatabase(kind);
  let admin: Player;
  const url = () => suite.server.url;
  const db = () => suite.server.database.db;

  const create = (body: Record<string, unknown>, token = admin.token) =>
    call<Giveaway & Errors>(url(), 'POST', '/api/admin/giveaways', { token, body });
  const enter = (id: number, token: string) =>
    call<Errors & { entrants_count: number }>(url(), 'POST', `/api/giveaways/${id}/entries`, {
      token,
    });
  const detail = (id: number, token?: string) =>
    call<GiveawayDetail>(url(), 'GET', `/api/giveaways/${id}`, token ? { token } : {});
  /** Ends a giveaway now (moves its window into the past), as time passing would. */
  const endNow = (id: number) =>
    db()
      .update(giveaways)
      .set({
        startsAt: sql`now() - interval '2 hours'`,
        endsAt: sql`now() - interval '1 second'`,
      })
      .where(eq(giveaways.id, id));
  const giveawayLines = async (id: number) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.reason, 'giveaway'),
          sql`${ledgerEntries.reference} LIKE ${`giveaway:${id}:%`}`,
        ),
      );

  beforeAll(async () => {
    admin = await registerUser(url());
    await makeAdmin(db(), admin.id);
  });

  it('lets only an operator create a giveaway, and logs it', async () => {
    const body = { title: 'Weekly', prize: 10, winners_count: 2, ends_at: inHours(1) };
    expect((await call(url(), 'POST', '/api/admin/giveaways', { body })).status).toBe(401);
    const player = await registerUser(url());
    expect((await create(body, player.token)).status).toBe(403);

    const made = await create({ ...body, title: '  Weekly  ', min_wagered: 2.5 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: 'Weekly',
      prize: 10,
      winners_count: 2,
      status: 'open',
      min_wagered: 2.5,
      entrants_count: 0,
      winners: [],
    });
    const [row] = await db().select().from(giveaways).where(eq(giveaways.id, made.body.id));
    expect(row!.prizeCents).toBe(1000);
    expect(row!.minWageredCents).toBe(250);
    expect(row!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(made.body.server_seed_hash).toBe(
      createHash('sha256').update(row!.serverSeed).digest('hex'),
    );
    expect(JSON.stringify(made.body)).not.toContain(row!.serverSeed);

    const log = await call<{ data: { action: string; after: Record<string, unknown> }[] }>(
      url(),
      'GET',
      '/api/admin/actions',
      { token: admin.token },
    );
    expect(log.body.data[0]).toMatchObject({
      action: 'giveaway_create',
      after: { giveaway_id: made.body.id, title: 'Weekly', prize: 10, winners: 2 },
    });
  });

  it('refuses bad input with 422 and field errors, creating nothing', async () => {
    const before = (await db().select().from(giveaways)).length;
    const good = { title: 'Good', prize: 10, winners_count: 2, ends_at: inHours(2) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, starts_at: inHours(3) }, 'ends_at'],
      [{ ...good, ends_at: inHours(-1) }, 'ends_at'],
      [{ ...good, ends_at: 'tomorrow' }, 'ends_at'],
      [{ ...good, starts_at: '2026-13-45T00:00:00Z' }, 'starts_at'],
      [{ ...good, prize: 0 }, 'prize'],
      [{ ...good, prize: -5 }, 'prize'],
      [{ ...good, prize: 1.234 }, 'prize'],
      [{ ...good, prize: 0.01, winners_count: 2 }, 'prize'],
      [{ ...good, winners_count: 0 }, 'winners_count'],
      [{ ...good, winners_count: 1.5 }, 'winners_count'],
      [{ ...good, title: '' }, 'title'],
      [{ ...good, title: '   ' }, 'title'],
      [{ ...good, title: 'x'.repeat(256) }, 'title'],
      [{ ...good, title: 'a\u0000b' }, 'title'],
      [{ ...good, min_wagered: -1 }, 'min_wagered'],
      [{ ...good, ends_at: undefined }, 'ends_at'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await db().select().from(giveaways)).length).toBe(before);
  });

  it('lets a player enter once, even with parallel requests, only while it is open', async () => {
    const made = await create({ title: 'Once', prize: 5, winners_count: 1, ends_at: inHours(1) });
    const id = made.body.id;
    const player = await registerUser(url());
    const answers = await Promise.all(Array.from({ length: 8 }, () => enter(id, player.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.errors.giveaway![0]).toMatch(/already entered/);
    }
    const rows = await db()
      .select()
      .from(giveawayEntries)
      .where(eq(giveawayEntries.giveawayId, id));
    expect(rows).toHaveLength(1);
    const again = await enter(id, player.token);
    expect(again.status).toBe(422);
    expect((await detail(id, player.token)).body).toMatchObject({
      entered: true,
      eligible: true,
      entrants_count: 1,
    });
    expect((await detail(id)).body).toMatchObject({ entered: false, eligible: null });
    expect((await call(url(), 'POST', `/api/giveaways/${id}/entries`)).status).toBe(401);
    expect((await enter(999_999, player.token)).status).toBe(404);

    const later = await create({
      title: 'Later',
      prize: 5,
      winners_count: 1,
      starts_at: inHours(1),
      ends_at: inHours(2),
    });
    expect(later.body.status).toBe('upcoming');
    const early = await enter(later.body.id, player.token);
    expect(early.status).toBe(422);
    expect(early.body.errors.giveaway![0]).toMatch(/not started/);

    await endNow(id);
    const late = await enter(id, (await registerUser(url())).token);
    expect(late.status).toBe(422);
    expect(late.body.errors.giveaway![0]).toMatch(/closed/);
  });

  it('enforces the entry rule on the stakes of the last 7 days', async () => {
    const made = await create({
      title: 'Wagerers',
      prize: 5,
      winners_count: 1,
      ends_at: inHours(1),
      min_wagered: 3,
    });
    const id = made.body.id;
    const player = await registerUser(url());
    const refused = await enter(id, player.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.giveaway![0]).toMatch(/Wager at least 3\.00/);
    expect((await detail(id, player.token)).body).toMatchObject({ eligible: false, wagered: 0 });

    for (let i = 0; i < 2; i++) {
      const bet = await call(url(), 'POST', '/api/games/dice/bets', {
        token: player.token,
        body: { amount: 1.5, target: 50, condition: 'over' },
      });
      expect(bet.status).toBe(200);
    }
    expect((await detail(id, player.token)).body).toMatchObject({ eligible: true, wagered: 3 });
    // Stakes older than 7 days do not count.
    const other = await registerUser(url());
    await call(url(), 'POST', '/api/games/dice/bets', {
      token: other.token,
      body: { amount: 5, target: 50, condition: 'over' },
    });
    await suite.server.database.db.execute(
      sql`UPDATE bets SET created_at = now() - interval '8 days' WHERE user_id = ${other.id}`,
    );
    expect((await enter(id, other.token)).status).toBe(422);
    expect((await enter(id, player.token)).status).toBe(201);
  });

  it('draws after the end, pays each winner once, and recomputes from the revealed seed', async () => {
    const made = await create({
      title: 'Big draw',
      prize: 100.01,
      winners_count: 3,
      ends_at: inHours(1),
    });
    const id = made.body.id;
    const players: Player[] = [];
    for (let i = 0; i < 7; i++) players.push(await registerUser(url()));
    await db()
      .execute(sql`UPDATE users SET hide_name = true WHERE id = ${players[2]!.id}`)
      .then(() => undefined);
    for (const p of players) expect((await enter(id, p.token)).status).toBe(201);
    const balancesBefore = await Promise.all(
      players.map(
        async (p) =>
          (await call<{ balance: number }>(url(), 'GET', '/api/user/balance', { token: p.token }))
            .body.balance,
      ),
    );

    const open = await detail(id);
    expect(open.body).toMatchObject({
      status: 'open',
      server_seed: null,
      entrants: null,
      draw: null,
    });

    await endNow(id);
    const drawn = await detail(id);
    expect(drawn.status).toBe(200);
    expect(drawn.body.status).toBe('ended');
    const seed = drawn.body.server_seed!;
    expect(createHash('sha256').update(seed).digest('hex')).toBe(drawn.body.server_seed_hash);
    expect(drawn.body.entrants!.map((e) => e.name)).toEqual(
      players.map((_, i) => (i === 2 ? null : expect.any(String))),
    );

    // Anyone can recompute the draw from what the answer shows.
    const recomputed = drawGiveaway({
      serverSeed: seed,
      giveawayId: id,
      entrants: drawn.body.entrants!.length,
      winnersCount: drawn.body.winners_count,
      prizeCents: Math.round(drawn.body.prize * 100),
    });
    expect(drawn.body.draw).toEqual(
      recomputed.positions.map((position, i) => ({ rank: i + 1, position })),
    );
    expect(drawn.body.winners.map((w) => Math.round(w.prize * 100))).toEqual(recomputed.prizes);
    expect(recomputed.prizes).toEqual([3334, 3334, 3333]);

    // Paid once each, through the ledger; drawing again pays nothing.
    expect(await drawDue(db())).toBe(0);
    await Promise.all([detail(id), detail(id), call(url(), 'GET', '/api/giveaways')]);
    const lines = await giveawayLines(id);
    expect(lines).toHaveLength(3);
    expect(lines.reduce((n, l) => n + l.deltaCents, 0)).toBe(10_001);
    for (const [rank, position] of recomputed.positions.entries()) {
      const winner = players[position]!;
      const line = lines.find((l) => l.reference === `giveaway:${id}:${rank + 1}`)!;
      expect(line.userId).toBe(winner.id);
      const balance = await call<{ balance: number }>(url(), 'GET', '/api/user/balance', {
        token: winner.token,
      });
      expect(balance.body.balance).toBeCloseTo(
        balancesBefore[position]! + line.deltaCents / 100,
        2,
      );
    }
    expect(await unbalancedUsers(db())).toEqual([]);
    const audit = await call<{ problems: unknown[] }>(url(), 'GET', '/api/admin/audit', {
      token: admin.token,
    });
    expect(audit.status).toBe(200);
    expect(audit.body.problems).toEqual([]);

    // The winner sees it in the list with their status.
    const winner = players[recomputed.positions[0]!]!;
    const list = await call<{ data: Giveaway[] }>(url(), 'GET', '/api/giveaways', {
      token: winner.token,
    });
    const listed = list.body.data.find((g) => g.id === id)!;
    expect(listed).toMatchObject({ status: 'ended', entered: true, entrants_count: 7 });
    expect(listed.winners.map((w) => w.rank)).toEqual([1, 2, 3]);
    const hidden = recomputed.positions.indexOf(2);
    if (hidden >= 0) expect(listed.winners[hidden]!.name).toBeNull();
  });

  it('makes every entrant a winner when fewer entered, and pays nothing without entrants', async () => {
    const few = await create({ title: 'Few', prize: 9, winners_count: 5, ends_at: inHours(1) });
    const none = await create({ title: 'None', prize: 9, winners_count: 5, ends_at: inHours(1) });
    const a = await registerUser(url());
    const b = await registerUser(url());
    await enter(few.body.id, a.token);
    await enter(few.body.id, b.token);
    await endNow(few.body.id);
    await endNow(none.body.id);
    await drawDue(db()); // (or the sweep did already)

    const fewDrawn = await detail(few.body.id);
    expect(fewDrawn.body.winners.map((w) => w.prize)).toEqual([4.5, 4.5]);
    const winners = await db()
      .select()
      .from(giveawayWinners)
      .where(eq(giveawayWinners.giveawayId, few.body.id));
    expect(winners.map((w) => w.userId).sort()).toEqual([a.id, b.id].sort());

    const noneDrawn = await detail(none.body.id);
    expect(noneDrawn.body).toMatchObject({ status: 'ended', winners: [], entrants: [], draw: [] });
    expect(noneDrawn.body.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await giveawayLines(none.body.id)).toHaveLength(0);
    const rows = rowsOf<{ n: string }>(
      await db().execute(sql`SELECT count(*)::text AS n FROM giveaway_winners
        WHERE giveaway_id = ${none.body.id}`),
    );
    expect(rows[0]!.n).toBe('0');
  });

  it('is drawn by the background sweep without anyone reading it', async () => {
    const made = await create({ title: 'Swept', prize: 1, winners_count: 1, ends_at: inHours(1) });
    const player = await registerUser(url());
    await enter(made.body.id, player.token);
    await endNow(made.body.id);
    await expect
      .poll(
        async () =>
          (await db().select().from(giveaways).where(eq(giveaways.id, made.body.id)))[0]!.drawnAt,
        { timeout: 30_000, interval: 200 },
      )
      .not.toBeNull();
    expect(await giveawayLines(made.body.id)).toHaveLength(1);
  });
});
