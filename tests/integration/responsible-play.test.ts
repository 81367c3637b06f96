// Responsible play (server/modules/responsible-play/) on PGlite and PostgreSQL: limits refuse the
// bet that could pass them before anything moves, raises wait 24 hours, a break or a
// self-exclusion refuses every game's start and giveaway entries and cannot be lifted by anyone,
// an open game can still be finished; and on PostgreSQL, 50 parallel bets sent to two server
// processes never pass a limit.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { makeAdmin } from '../support/money';
import { twoInstances } from '../support/instances';
import {
  appOnDatabase,
  call,
  DB_KINDS,
  describeEachDatabase,
  registerUser,
} from '../support/testApp';
import { moneySnapshot, startOf, type BetAnswer } from './games-support';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';

type Player = Awaited<ReturnType<typeof registerUser>>;
interface Refusal {
  message: string;
  title?: string;
  code?: string;
  limit?: { kind: string; period: string; amount: number; frees_at: string | null };
  block?: { kind: string; until: string | null };
  errors?: Record<string, string[]>;
}
type Triple = { day: number | null; week: number | null; month: number | null };
interface Limits {
  loss: Triple;
  wager: Triple;
  deposit: Triple;
  pending: { kind: string; period: string; amount: number | null; from: string }[];
  used: Record<string, Record<string, { amount: number; frees_at: string | null }>>;
}

/** A dice bet that all but never wins (0.01% chance): its stake is its loss. */
const LOSING_DICE = { amount: 1, target: 0.01, condition: 'under' } as const;
const HOUR = 3_600_000;

/**
 * Moves the player's clock forward by `ms`, as time passing would: every timestamp the limits
 * and blocks are judged by (their ledger lines, pending changes, breaks) moves back by as much.
 */
async function moveClock(db: Db, userId: number, ms: number): Promise<void> {
  const by = sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);
  await db.execute(
    sql`UPDATE ledger_entries SET created_at = created_at - ${by} WHERE user_id = ${userId}`,
  );
  await db.execute(
    sql`UPDATE play_limits SET pending_from = pending_from - ${by} WHERE user_id = ${userId}`,
  );
  await db.execute(sql`UPDATE play_blocks SET starts_at = starts_at - ${by},
    ends_at = ends_at - ${by} WHERE user_id = ${userId}`);
}

describeEachDatabase('responsible play', (kind) => {
  const suite = appOnDatabase(kind);
  const url = () => suite.server.url;
  const db = () => suite.server.database.db;
  const limits = (player: Player, body?: unknown) =>
    call<Limits & Refusal>(url(), body ? 'PUT' : 'GET', '/api/settings/limits', {
      token: player.token,
      ...(body ? { body } : {}),
    });
  const dice = (player: Player, body: Record<string, unknown> = LOSING_DICE) =>
    call<BetAnswer & Refusal>(url(), 'POST', '/api/games/dice/bets', {
      token: player.token,
      body,
    });

  it('refuses the bet that could pass a daily loss limit of 5.00, and nothing moves', async () => {
    const player = await registerUser(url());
    const set = await limits(player, { loss: { day: 5 } });
    expect(set.status).toBe(200);
    expect(set.body.loss).toEqual({ day: 5, week: null, month: null });
    expect(set.body.pending).toEqual([]);

    let lost = 0;
    let refused: Refusal | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const before = await moneySnapshot(db(), player.id);
      const res = await dice(player);
      if (lost + 1 > 5) {
        expect(res.status).toBe(403);
        refused = res.body;
        expect(await moneySnapshot(db(), player.id)).toEqual(before);
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        lost += 1 - res.body.bet.payout;
      }
    }
    expect(refused).toMatchObject({
      code: 'play_limit',
      title: 'Limit reached',
      limit: { kind: 'loss', period: 'day', amount: 5 },
    });
    expect(refused!.message).toMatch(/daily loss limit of 5\.00\. It frees up at .+ UTC\./);
    // It frees up when the first stake leaves the rolling day.
    const freesAt = Date.parse(refused!.limit!.frees_at!);
    expect(freesAt).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(freesAt).toBeLessThan(Date.now() + 24 * HOUR + 60_000);
    const spanish = await call<Refusal>(url(), 'POST', '/api/games/dice/bets', {
      token: player.token,
      headers: { 'accept-language': 'es' },
      body: LOSING_DICE,
    });
    expect(spanish.body.message).toMatch(/límite diario de pérdidas de 5\.00/);

    const view = await limits(player);
    expect(view.body.used.loss!.day!.amount).toBeCloseTo(lost, 2);
    expect(Date.parse(view.body.used.loss!.day!.frees_at!)).toBe(freesAt);
    // A smaller stake that fits is still taken.
    if (lost <= 4.5) expect((await dice(player, { ...LOSING_DICE, amount: 0.5 })).status).toBe(200);
  });

  it('counts every stake against a wager limit, lowers at once and raises only after 24 hours', async () => {
    const player = await registerUser(url());
    expect((await limits(player, { wager: { day: 3, week: 100 } })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await dice(player)).status).toBe(200);
    const refused = await dice(player);
    expect(refused.status).toBe(403);
    expect(refused.body.limit).toMatchObject({ kind: 'wager', period: 'day', amount: 3 });

    // A raise waits 24 hours; the limit in force stays 3 meanwhile.
    const raised = await limits(player, { wager: { day: 10 } });
    expect(raised.body.wager).toEqual({ day: 3, week: 100, month: null });
    expect(raised.body.pending).toHaveLength(1);
    expect(raised.body.pending[0]).toMatchObject({ kind: 'wager', period: 'day', amount: 10 });
    const from = Date.parse(raised.body.pending[0]!.from);
    expect(from).toBeGreaterThan(Date.now() + 24 * HOUR - 60_000);
    expect((await dice(player)).status).toBe(403);
    // Asking again keeps the time; a lower limit applies at once and drops the raise.
    expect(Date.parse((await limits(player, { wager: { day: 10 } })).body.pending[0]!.from)).toBe(
      from,
    );

    await moveClock(db(), player.id, 23 * HOUR);
    expect((await dice(player)).status).toBe(403);
    await moveClock(db(), player.id, 1 * HOUR + 60_000);
    // The day's stakes left the window and the raise is in force: 10 more fit in the day.
    const after = await limits(player);
    expect(after.body.wager.day).toBe(10);
    expect(after.body.pending).toEqual([]);
    expect(after.body.used.wager!.day!.amount).toBe(0);
    expect(after.body.used.wager!.week!.amount).toBe(3);
    expect((await dice(player)).status).toBe(200);

    // Removing a limit waits as a raise does; lowering one does not.
    const removed = await limits(player, { wager: { week: null } });
    expect(removed.body.wager.week).toBe(100);
    expect(removed.body.pending).toMatchObject([{ kind: 'wager', period: 'week', amount: null }]);
    const lowered = await limits(player, { wager: { day: 0.5 } });
    expect(lowered.body.wager.day).toBe(0.5);
    const over = await dice(player);
    expect(over.status).toBe(403);
    expect(over.body.message).toMatch(/daily wager limit of 0\.50/);
  });

  it('checks the next bet of a player kept warm once they set a limit', async () => {
    const player = await registerUser(url());
    // The first bet commits the seed pair, the second is read: the third would be decided warm.
    for (let i = 0; i < 2; i++) expect((await dice(player)).status).toBe(200);
    expect((await limits(player, { wager: { day: 2.5 } })).status).toBe(200);
    const before = await moneySnapshot(db(), player.id);
    const refused = await dice(player);
    expect(refused.status).toBe(403);
    expect(refused.body.limit).toMatchObject({ kind: 'wager', period: 'day' });
    expect(await moneySnapshot(db(), player.id)).toEqual(before);
    expect((await dice(player, { ...LOSING_DICE, amount: 0.5 })).status).toBe(200);
  });

  it('answers 422 with field errors for a bad limit and moves nothing', async () => {
    const player = await registerUser(url());
    const bad = await limits(player, { loss: { day: -1 }, wager: { week: 1.234 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toContain('loss.day');
    const text = await limits(player, { loss: { day: 'five' } });
    expect(text.status).toBe(422);
    expect((await limits(player)).body.loss.day).toBeNull();
    const shortBreak = await call<Refusal>(url(), 'POST', '/api/settings/break', {
      token: player.token,
      body: { hours: 23 },
    });
    expect(shortBreak.status).toBe(422);
    const shortExclusion = await call<Refusal>(url(), 'POST', '/api/settings/self-exclusion', {
      token: player.token,
      body: { months: 5 },
    });
    expect(shortExclusion.status).toBe(422);
    expect((await dice(player)).status).toBe(200);
  });

  it('lets a game open before a break be finished, and starts no new one', async () => {
    const player = await registerUser(url());
    const started = await call<BetAnswer>(url(), 'POST', '/api/games/mines/games', {
      token: player.token,
      body: { amount: 1, mines: 1 },
    });
    expect(started.status).toBe(200);
    const id = started.body.bet.id;
    const taken = await call<{ block: { kind: string; until: string } }>(
      url(),
      'POST',
      '/api/settings/break',
      { token: player.token, body: { hours: 24 } },
    );
    expect(taken.status).toBe(200);
    expect(taken.body.block.kind).toBe('break');

    const again = await call<Refusal>(url(), 'POST', '/api/games/mines/games', {
      token: player.token,
      body: { amount: 1, mines: 1 },
    });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'play_block', block: { kind: 'break' } });
    const move = await call<BetAnswer>(url(), 'POST', `/api/games/mines/games/${id}/reveal`, {
      token: player.token,
      body: { tile: 0 },
    });
    expect(move.status).toBe(200);
    if (move.body.bet.result.status === 'active') {
      const cashed = await call<BetAnswer>(url(), 'POST', `/api/games/mines/games/${id}/cashout`, {
        token: player.token,
      });
      expect(cashed.status).toBe(200);
      expect(cashed.body.bet.payout).toBeGreaterThan(0);
    }
    // The break ends on its own.
    await moveClock(db(), player.id, 24 * HOUR + 60_000);
    expect((await dice(player)).status).toBe(200);
  });

  it(
    'refuses every game and giveaway to a self-excluded player, who can still sign in and see their money',
    EVERY_GAME,
    async () => {
      const player = await registerUser(url());
      const admin = await registerUser(url());
      await makeAdmin(db(), admin.id);
      const giveaway = await call<{ id: number }>(url(), 'POST', '/api/admin/giveaways', {
        token: admin.token,
        body: {
          title: 'Weekly',
          prize: 5,
          winners_count: 1,
          ends_at: new Date(Date.now() + HOUR).toISOString(),
        },
      });
      expect(giveaway.status).toBe(201);

      const excluded = await call<{ block: { kind: string; until: string | null } }>(
        url(),
        'POST',
        '/api/settings/self-exclusion',
        { token: player.token, body: { months: 6 } },
      );
      expect(excluded.status).toBe(200);
      const until = excluded.body.block.until!;
      expect(Date.parse(until)).toBeGreaterThan(Date.now() + 180 * 24 * HOUR);
      const before = await moneySnapshot(db(), player.id);

      for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
        const start = startOf(game);
        const res = await call<Refusal>(url(), 'POST', start.path, {
          token: player.token,
          body: start.body,
        });
        expect(res.status, `${game.id}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'play_block', block: { kind: 'self_exclusion' } });
        expect(res.body.message).toMatch(/excluded yourself until/);
      }
      const entry = await call<Refusal>(
        url(),
        'POST',
        `/api/giveaways/${giveaway.body.id}/entries`,
        {
          token: player.token,
        },
      );
      expect(entry.status).toBe(403);
      expect(await moneySnapshot(db(), player.id)).toEqual(before);

      // A shorter break does not shorten it; an operator cannot lift it.
      await call(url(), 'POST', '/api/settings/break', {
        token: player.token,
        body: { hours: 24 },
      });
      const status = await call<{ block: { kind: string; until: string } }>(
        url(),
        'GET',
        '/api/settings/responsible-play',
        { token: player.token },
      );
      expect(status.body.block).toEqual({ kind: 'self_exclusion', until });
      const lift = await call<Refusal>(
        url(),
        'POST',
        `/api/admin/users/${player.id}/lift-play-block`,
        {
          token: admin.token,
        },
      );
      expect(lift.status).toBe(403);
      expect(lift.body.message).toMatch(/cannot be lifted before it ends/);
      const page = await call<{ play_block: unknown }>(
        url(),
        'GET',
        `/api/admin/users/${player.id}`,
        {
          token: admin.token,
        },
      );
      expect(page.body.play_block).toEqual({ kind: 'self_exclusion', until });
      expect((await dice(player)).status).toBe(403);

      // Signing in and the wallet still work.
      const login = await call<{ token: string }>(url(), 'POST', '/api/login', {
        body: { email: player.email, password: player.password },
      });
      expect(login.status).toBe(200);
      const wallet = await call<{ balance: number }>(url(), 'GET', '/api/wallet/info', {
        token: login.body.token,
      });
      expect(wallet.status).toBe(200);
      expect(Math.round(wallet.body.balance * 100)).toBe(before.balanceCents);
    },
  );

  it('sums a session for the reality check and keeps its interval', async () => {
    const player = await registerUser(url());
    const since = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i++) expect((await dice(player)).status).toBe(200);
    const summary = await call<{ wagered: number; net: number; bets: number }>(
      url(),
      'GET',
      `/api/settings/play-summary?since=${encodeURIComponent(since)}`,
      { token: player.token },
    );
    expect(summary.body).toMatchObject({ wagered: 3, bets: 3 });
    expect(summary.body.net).toBeLessThanOrEqual(0);
    const set = await call<{ reality_check_minutes: number | null }>(
      url(),
      'PUT',
      '/api/settings/reality-check',
      { token: player.token, body: { minutes: 30 } },
    );
    expect(set.body.reality_check_minutes).toBe(30);
    const read = await call<{ reality_check_minutes: number | null }>(
      url(),
      'GET',
      '/api/settings/responsible-play',
      { token: player.token },
    );
    expect(read.body).toEqual({ block: null, reality_check_minutes: 30 });
    const bad = await call(url(), 'PUT', '/api/settings/reality-check', {
      token: player.token,
      body: { minutes: 5 },
    });
    expect(bad.status).toBe(422);
  });
});

// Two server processes on one PostgreSQL database: every bet of a guarded player is decided under
// the lock of their balance row, so bets racing on both never pass a limit between them.
describe.runIf(DB_KINDS.includes('postgres'))(
  'limits across two server processes [postgres]',
  () => {
    const instances = twoInstances({ RATE_LIMITS: 'off' });

    it('takes exactly the bets that fit under a wager limit and never more loss than a loss limit', async () => {
      const wagerer = await registerUser(instances.servers[0].url);
      const loser = await registerUser(instances.servers[0].url);
      for (const [player, body] of [
        [wagerer, { wager: { day: 10 } }],
        [loser, { loss: { day: 5 } }],
      ] as const) {
        const set = await call(instances.servers[0].url, 'PUT', '/api/settings/limits', {
          token: player.token,
          body,
        });
        expect(set.status).toBe(200);
      }
      const race = (player: Player, body: Record<string, unknown>) =>
        Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            call<BetAnswer>(instances.servers[i % 2]!.url, 'POST', '/api/games/dice/bets', {
              token: player.token,
              body,
            }),
          ),
        );
      const [wagers, losses] = await Promise.all([
        race(wagerer, LOSING_DICE),
        race(loser, { ...LOSING_DICE, amount: 0.7 }),
      ]);
      const taken = (answers: { status: number }[]) => {
        expect(answers.every((r) => r.status === 200 || r.status === 403)).toBe(true);
        return answers.filter((r) => r.status === 200).length;
      };
      expect(taken(wagers)).toBe(10);
      // 7 x 0.70 = 4.90 fits under 5.00, an eighth would not (the stake counts as lost).
      expect(taken(losses)).toBe(7);

      const client = new pg.Client({ connectionString: instances.testDb.databaseUrl });
      await client.connect();
      try {
        const sums = async (userId: number) => {
          const { rows } = await client.query<{
            wagered: string;
            lost: string;
            balance: string;
            ledger: string;
          }>(
            `SELECT coalesce(sum(-delta_cents) FILTER (WHERE reason = 'bet'), 0) AS wagered,
              coalesce(-sum(delta_cents) FILTER (WHERE reason IN ('bet', 'payout')), 0) AS lost,
              (SELECT balance_cents FROM users WHERE id = $1) AS balance,
              sum(delta_cents) AS ledger
            FROM ledger_entries WHERE user_id = $1`,
            [userId],
          );
          return rows[0]!;
        };
        const wagered = await sums(wagerer.id);
        expect(Number(wagered.wagered)).toBe(1000);
        expect(wagered.ledger).toBe(wagered.balance);
        const lost = await sums(loser.id);
        expect(Number(lost.lost)).toBe(490);
        expect(lost.ledger).toBe(lost.balance);
      } finally {
        await client.end();
      }
    });
  },
);
