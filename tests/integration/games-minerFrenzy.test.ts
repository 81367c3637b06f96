import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import {
  crashMsOf,
  msToReachHundredths,
  multiplierHundredthsAt,
  rules,
} from '../../games/minerFrenzy/rules';
import { ledgerEntries, users } from '../../server/db/schema';
import { ValidationError } from '../../server/http/errors';
import { LiveRounds } from '../../server/modules/live/rounds';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { openSse } from '../support/sse';
import { type BetAnswer, type ErrorAnswer, type WireBet } from './games-support';
import { rigNextCrash, roundState, sleep } from './live-support';

const ROUNDS = '/api/games/minerFrenzy/rounds';
const ACTIVE = '/api/games/minerFrenzy/active';

describeEachDatabase('Miner Frenzy live rounds', (kind) => {
  const suite = appOnDatabase(kind);
  /** Running answers and events, to prove none tells the crash point. */
  const whileRunning: string[] = [];

  const db = () => suite.server.database.db;
  const start = async (token: string, body: Record<string, unknown>) => {
    const answer = await suite.client.call<BetAnswer & ErrorAnswer>('POST', ROUNDS, {
      token,
      body,
    });
    whileRunning.push(JSON.stringify(answer.body));
    return answer;
  };
  const cashout = (token: string, id: number) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', `${ROUNDS}/${id}/cashout`, {
      token,
    });
  const balanceOf = async (userId: number) => {
    const [row] = await db()
      .select({ cents: users.balanceCents })
      .from(users)
      .where(eq(users.id, userId));
    return row!.cents;
  };
  const payoutLines = async (userId: number, betId: number) => {
    const [row] = await db()
      .select({ n: count() })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, userId),
          eq(ledgerEntries.reference, `bet:${betId}`),
          eq(ledgerEntries.reason, 'payout'),
        ),
      );
    return row!.n;
  };
  const player = async () => {
    const user = await registerUser(suite.server.url);
    return {
      ...user,
      rig: (accept: (c: number) => boolean) =>
        rigNextCrash(suite.server.url, db(), user.token, user.id, accept),
    };
  };

  it('starts a round (201) that tells neither its crash point nor its end, one at a time', async () => {
    const user = await player();
    await user.rig((c) => c >= 5000);
    const started = await start(user.token, { amount: 1 });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const bet = started.body.bet;
    expect(bet).toMatchObject({ game: 'minerFrenzy', amount: 1, payout: 0, multiplier: 0 });
    expect(Object.keys(bet.result).sort()).toEqual(['auto_cashout', 'started_at', 'status']);
    expect(bet.result).toMatchObject({ status: 'running', auto_cashout: null });
    expect(Math.abs(Number(bet.result.started_at) - Date.now())).toBeLessThan(2000);

    const second = await start(user.token, { amount: 1 });
    expect(second.status).toBe(422);
    expect(second.body.errors?.game).toBeDefined();

    const active = await suite.client.call<{ bet: WireBet | null; server_now: number }>(
      'GET',
      ACTIVE,
      {
        token: user.token,
      },
    );
    whileRunning.push(JSON.stringify(active.body));
    expect(active.body.bet?.id).toBe(bet.id);
    expect(Math.abs(active.body.server_now - Date.now())).toBeLessThan(2000);
    expect((await cashout(user.token, bet.id)).status).toBe(200);
  });

  it('refuses bad bodies with field errors and no change', async () => {
    const user = await player();
    const before = await balanceOf(user.id);
    for (const body of [
      { amount: 1, auto_cashout: 1 },
      { amount: 1, auto_cashout: 1.005 },
      { amount: 1, auto_cashout: 'x' },
      { amount: 0 },
    ]) {
      const answer = await start(user.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect(await balanceOf(user.id)).toBe(before);
  });

  it('settles auto cash-out rounds on their own with nobody connected', async () => {
    // Wins: the crash point is above the target, which is paid exactly.
    const winner = await player();
    await winner.rig((c) => c >= 300 && c <= 1000);
    const before = await balanceOf(winner.id);
    const won = (await start(winner.token, { amount: 10, auto_cashout: 1.2 })).body.bet;
    // Loses: the cart crashes at 1.05 .. 1.15, below the target of 2.
    const loser = await player();
    const crash = await loser.rig((c) => c >= 105 && c <= 115);
    const lost = (await start(loser.token, { amount: 10, auto_cashout: 2 })).body.bet;
    await sleep(Math.max(msToReachHundredths(120), crashMsOf(crash)) + 1500);

    const wonRound = await roundState(db(), won.id);
    expect(wonRound.status).toBe('cashed_out');
    expect(await balanceOf(winner.id)).toBe(before - 1000 + 1200);
    const wonBet = await suite.client.call<WireBet>('GET', `/api/bets/${won.id}`, {
      token: winner.token,
    });
    expect(wonBet.body).toMatchObject({ multiplier: 1.2, payout: 12 });
    expect(wonBet.body.result).toMatchObject({ status: 'cashed_out', multiplier: 1.2 });
    expect(wonBet.body.result.ended_at).toBe(wonRound.state.startedAt + msToReachHundredths(120));

    const lostRound = await roundState(db(), lost.id);
    expect(lostRound.status).toBe('crashed');
    const lostBet = await suite.client.call<WireBet>('GET', `/api/bets/${lost.id}`, {
      token: loser.token,
    });
    expect(lostBet.body).toMatchObject({ multiplier: 0, payout: 0 });
    expect(lostBet.body.result).toMatchObject({ status: 'crashed', crash_point: crash / 100 });
    expect(lostBet.body.result.ended_at).toBe(lostRound.state.startedAt + crashMsOf(crash));
    const active = await suite.client.call<{ bet: WireBet | null }>('GET', ACTIVE, {
      token: loser.token,
    });
    expect(active.body.bet).toBeNull();
  });

  it('pays a manual cash-out m(t) of the server clock when the request arrives', async () => {
    const user = await player();
    await user.rig((c) => c >= 5000);
    const before = await balanceOf(user.id);
    const bet = (await start(user.token, { amount: 10 })).body.bet;
    const startedAt = Number(bet.result.started_at);
    await sleep(1500);
    const sent = Date.now();
    const cashed = await cashout(user.token, bet.id);
    const received = Date.now();
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    const result = cashed.body.bet.result;
    const at = Number(result.ended_at);
    // The server's clock at arrival lies between sending and receiving (one machine, one clock).
    expect(at).toBeGreaterThanOrEqual(sent);
    expect(at).toBeLessThanOrEqual(received);
    const hundredths = multiplierHundredthsAt(at - startedAt);
    expect(hundredths).toBeGreaterThanOrEqual(multiplierHundredthsAt(sent - startedAt));
    expect(result).toMatchObject({ status: 'cashed_out', multiplier: hundredths / 100 });
    expect(cashed.body.bet.payout).toBe(Math.floor(10 * hundredths) / 100);
    expect(await balanceOf(user.id)).toBe(before - 1000 + Math.floor(10 * hundredths));
  });

  it('refuses a late cash-out: the round had crashed', async () => {
    const user = await player();
    const crash = await user.rig((c) => c >= 101 && c <= 110);
    const before = await balanceOf(user.id);
    const bet = (await start(user.token, { amount: 10 })).body.bet;
    await sleep(crashMsOf(crash) + 100);
    const late = await cashout(user.token, bet.id);
    expect(late.status).toBe(422);
    expect(late.body.errors?.id).toBeDefined();
    const ended = await suite.client.call<WireBet>('GET', `/api/bets/${bet.id}`, {
      token: user.token,
    });
    expect(ended.body.result).toMatchObject({ status: 'crashed', crash_point: crash / 100 });
    expect(await balanceOf(user.id)).toBe(before - 1000);
    expect(await payoutLines(user.id, bet.id)).toBe(0);
  });

  it('decides a cash-out by hand at m(t) = crash point as crashed; an auto target equal to it wins', async () => {
    // The server's clock at arrival is given to the rounds directly, to hit the millisecond.
    const rounds = new LiveRounds(db(), rules);
    const user = await player();
    const before = await balanceOf(user.id);
    const far = (c: number) => c >= 5000 && c <= 9000;

    // One millisecond before m(t) reaches the crash point: below it, m(t) wins.
    let crash = await user.rig(far);
    const early = (await start(user.token, { amount: 10 })).body.bet;
    let reach = msToReachHundredths(crash);
    expect(crashMsOf(crash)).toBe(reach);
    const won = await rounds.cashOut(
      user.id,
      early.id,
      Number(early.result.started_at) + reach - 1,
    );
    const below = multiplierHundredthsAt(reach - 1);
    expect(below).toBeLessThan(crash);
    expect(won.bet.result).toMatchObject({ status: 'cashed_out', multiplier: below / 100 });

    // At the millisecond m(t) equals the crash point: the round had crashed (422 on id).
    crash = await user.rig(far);
    const boundary = (await start(user.token, { amount: 10 })).body.bet;
    reach = msToReachHundredths(crash);
    const startedAt = Number(boundary.result.started_at);
    expect(multiplierHundredthsAt(reach)).toBe(crash);
    const refused = await rounds.cashOut(user.id, boundary.id, startedAt + reach).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields.id?.[0]?.key).toBe('game.crashed');
    const crashed = await suite.client.call<WireBet>('GET', `/api/bets/${boundary.id}`, {
      token: user.token,
    });
    expect(crashed.body).toMatchObject({ multiplier: 0, payout: 0 });
    expect(crashed.body.result).toMatchObject({
      status: 'crashed',
      crash_point: crash / 100,
      ended_at: startedAt + reach,
    });
    expect(await payoutLines(user.id, boundary.id)).toBe(0);

    // An auto cash-out target equal to the crash point pays it, at that same millisecond.
    crash = await user.rig(far);
    const auto = (await start(user.token, { amount: 10, auto_cashout: crash / 100 })).body.bet;
    reach = msToReachHundredths(crash);
    const autoStart = Number(auto.result.started_at);
    expect(await rounds.settleIfDue(auto.id, autoStart + reach - 1)).toBeNull();
    expect(await rounds.settleIfDue(auto.id, autoStart + reach)).toEqual({
      status: 'cashed_out',
      multiplierE4: crash * 100,
      endedAt: autoStart + reach,
    });
    const paid = await suite.client.call<WireBet>('GET', `/api/bets/${auto.id}`, {
      token: user.token,
    });
    expect(paid.body).toMatchObject({ multiplier: crash / 100, payout: (10 * crash) / 100 });
    expect(paid.body.result).toMatchObject({ status: 'cashed_out', multiplier: crash / 100 });
    expect(await balanceOf(user.id)).toBe(before - 3000 + Math.floor(10 * below) + 10 * crash);
  });

  it('pays two parallel cash-outs once', async () => {
    const user = await player();
    await user.rig((c) => c >= 5000);
    const before = await balanceOf(user.id);
    const bet = (await start(user.token, { amount: 10 })).body.bet;
    await sleep(300);
    const answers = await Promise.all([cashout(user.token, bet.id), cashout(user.token, bet.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const won = answers.find((a) => a.status === 200)!.body.bet;
    expect(await payoutLines(user.id, bet.id)).toBe(1);
    expect(await balanceOf(user.id)).toBe(before - 1000 + Math.round(won.payout * 100));
  });

  it('opens one round of 20 parallel starts and debits it once; the others are refused', async () => {
    const user = await player();
    await user.rig((c) => c >= 5000);
    const before = await balanceOf(user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        suite.client.call<BetAnswer & ErrorAnswer>('POST', ROUNDS, {
          token: user.token,
          headers: { 'idempotency-key': `parallel-start-${i}` },
          body: { amount: 1 },
        }),
      ),
    );
    const started = answers.filter((a) => a.status === 201);
    expect(started).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.game).toBeDefined();
    }
    expect(await balanceOf(user.id)).toBe(before - 100);
    expect((await cashout(user.token, started[0]!.body.bet.id)).status).toBe(200);
  });

  it('streams the state, then the crash within 250 ms of the crash time', async () => {
    const user = await player();
    const crash = await user.rig((c) => c >= 120 && c <= 150);
    const bet = (await start(user.token, { amount: 1 })).body.bet;
    const stream = await openSse(`${suite.server.url}${ROUNDS}/${bet.id}/events`, user.token);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const state = await stream.next('state');
    const shown = JSON.parse(state.data) as Record<string, unknown>;
    expect(shown).toMatchObject({ status: 'running', started_at: bet.result.started_at });
    expect(Math.abs(Number(shown.server_now) - state.at)).toBeLessThan(250);
    const crashed = await stream.next('crashed', 15_000);
    whileRunning.push(...stream.events.filter((e) => e.event === 'state').map((e) => e.data));
    const crashAt = Number(bet.result.started_at) + crashMsOf(crash);
    expect(crashed.at).toBeGreaterThanOrEqual(crashAt);
    expect(crashed.at - crashAt).toBeLessThan(250);
    const ended = JSON.parse(crashed.data) as { crash_point: number; bet: WireBet };
    // `crashed {crash_point}`: at the top, and in the ended bet.
    expect(ended.crash_point).toBe(crash / 100);
    expect(ended.bet.result).toMatchObject({ status: 'crashed', crash_point: crash / 100 });
    await stream.ended;
  });

  it('streams a cash-out, and a reconnect after the end gets the ending at once', async () => {
    const user = await player();
    await user.rig((c) => c >= 5000);
    const bet = (await start(user.token, { amount: 1 })).body.bet;
    const stream = await openSse(`${suite.server.url}${ROUNDS}/${bet.id}/events`, user.token);
    await stream.next('state');
    await sleep(200);
    const sent = Date.now();
    expect((await cashout(user.token, bet.id)).status).toBe(200);
    const cashed = await stream.next('cashed_out');
    expect(cashed.at - sent).toBeLessThan(250);
    whileRunning.push(...stream.events.filter((e) => e.event === 'state').map((e) => e.data));
    const again = await openSse(`${suite.server.url}${ROUNDS}/${bet.id}/events`, user.token);
    expect(JSON.parse((await again.next('state')).data)).toMatchObject({ status: 'cashed_out' });
    await again.next('cashed_out');

    const stranger = await player();
    const refused = await suite.client.call('GET', `${ROUNDS}/${bet.id}/events`, {
      token: stranger.token,
      headers: { accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(404);
  });

  // PostgreSQL's round trips (PGlite runs in the process).
  if (kind === 'postgres') {
    it('takes one round trip to start a warm round, two to open its stream and three to cash out', async () => {
      const user = await player();
      await user.rig((c) => c >= 5000);
      const key = (n: number) => ({ 'idempotency-key': `frenzy-trips-${n}` });
      // The first round commits the token's last use and leaves the player warm (the next start
      // is decided from what it left: games-dice.test.ts counts a start that reads); its ending
      // is not counted.
      const first = await suite.client.call<BetAnswer>('POST', ROUNDS, {
        token: user.token,
        headers: key(0),
        body: { amount: 0.01 },
      });
      expect((await cashout(user.token, first.body.bet.id)).status).toBe(200);
      // The sweeps of overdue rounds and giveaways, and the live bets feed's batched NOTIFY, run
      // on their own clocks: not a round's round trips.
      const background = (call: unknown[]) =>
        /giveaways|endsAt'\)::bigint <=|^"?SELECT pg_notify/.test(
          (call[0] as { text?: string }).text ?? String(call[0]),
        );
      const queries = vi.spyOn(pg.Client.prototype, 'query');
      const counted = () => queries.mock.calls.filter((call) => !background(call));
      const trips = () => counted().length;
      try {
        const started = await suite.client.call<BetAnswer>('POST', ROUNDS, {
          token: user.token,
          headers: key(1),
          body: { amount: 0.01 },
        });
        expect(started.status).toBe(201);
        expect(trips(), JSON.stringify(counted().map((call) => call[0]))).toBe(1);
        queries.mockClear();
        const stream = await openSse(
          `${suite.server.url}${ROUNDS}/${started.body.bet.id}/events`,
          user.token,
        );
        await stream.next('state');
        expect(trips(), JSON.stringify(counted().map((call) => call[0]))).toBe(2);
        queries.mockClear();
        const ended = stream.find((e) => e.event === 'cashed_out');
        expect((await cashout(user.token, started.body.bet.id)).status).toBe(200);
        // The token, the round read, its ending written (with its NOTIFY).
        expect(trips(), JSON.stringify(counted().map((call) => call[0]))).toBe(3);
        await ended;
        stream.close();
      } finally {
        queries.mockRestore();
      }
    });
  }

  it('told the crash point in no answer or event of a running round', async () => {
    expect(whileRunning.length).toBeGreaterThan(8);
    for (const text of whileRunning) {
      if (text.includes('"status":"running"')) expect(text).not.toMatch(/crash/);
    }
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
