// The live bets feed (GET /api/bets/live) over real HTTP on PGlite and PostgreSQL: every game's
// settled bet reaches a stream with its public fields only, a game in progress does not, a
// player who hides their name shows as null, and a client that stops reading is dropped.
import net from 'node:net';
import { expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import type { BetJson } from '../../games/shared/wire/types';
import { openSse, type SseEvent, type SseStream } from '../support/sse';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';
import { playRound, type BetAnswer } from './games-support';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';

const LIVE = '/api/bets/live';
const DICE = '/api/games/dice/bets';
const PUBLIC_FIELDS = ['amount', 'game', 'id', 'multiplier', 'payout', 'player', 'time', 'user_id'];

interface PublicBet {
  id: number;
  game: string;
  player: string | null;
  user_id: number | null;
  time: string;
  amount: number;
  multiplier: number;
  payout: number;
  mine?: boolean;
}

const betOf = (event: SseEvent) => JSON.parse(event.data) as PublicBet;
const isBet = (id: number) => (event: SseEvent) => event.event === 'bet' && betOf(event).id === id;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stream that has had its `backlog`: from here every settled bet reaches it. */
async function connected(url: string, token = ''): Promise<SseStream> {
  const stream = await openSse(`${url}${LIVE}`, token);
  expect(stream.status).toBe(200);
  expect(stream.contentType).toMatch(/^text\/event-stream/);
  await stream.next('backlog');
  return stream;
}

describeEachDatabase('live bets feed', (kind) => {
  const suite = appOnDatabase(kind);
  const url = () => suite.server.url;
  const dice = async (token: string) => {
    const answer = await call<BetAnswer>(url(), 'POST', DICE, {
      token,
      body: { amount: 1, target: 50, condition: 'over' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.bet;
  };

  it('sends a settled bet with its public fields only: no seed, nonce, parameters or result', async () => {
    const stream = await connected(url());
    const user = await registerUser(url(), { name: 'Visible Vera' });
    const bet = await dice(user.token);
    const event = betOf(await stream.find(isBet(bet.id)));
    expect(Object.keys(event).sort()).toEqual(PUBLIC_FIELDS);
    expect(event).toMatchObject({
      game: 'dice',
      player: 'Visible Vera',
      user_id: user.id,
      amount: bet.amount,
      multiplier: bet.multiplier,
      payout: bet.payout,
    });
    expect(Date.parse(event.time)).toBeGreaterThan(Date.now() - 60_000);
    const raw = stream.raw();
    for (const secret of ['seed', 'nonce', 'params', 'result', bet.client_seed]) {
      expect(raw).not.toContain(secret);
    }
    stream.close();

    // A new stream gets it in its backlog, oldest first, newest last.
    const later = await openSse(`${url()}${LIVE}`, '');
    const backlog = JSON.parse((await later.next('backlog')).data) as { bets: PublicBet[] };
    expect(backlog.bets.at(-1)).toMatchObject({ id: bet.id, player: 'Visible Vera' });
    later.close();
  });

  it(
    'publishes every game once it is settled, and a stepped game only when it ends',
    EVERY_GAME,
    async () => {
      const stream = await connected(url());
      const user = await registerUser(url());
      // A mines game in progress: the dice bet settled after its start arrives, the game does not.
      const mines = '/api/games/mines/games';
      const started = await call<BetAnswer>(url(), 'POST', mines, {
        token: user.token,
        body: { amount: 1, mines: 24 },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const gameId = started.body.bet.id;
      const after = await dice(user.token);
      await stream.find(isBet(after.id));
      expect(stream.events.some(isBet(gameId))).toBe(false);
      // With 24 mines the first reveal ends it: a mine, or the one safe tile.
      const ended = await call<BetAnswer>(url(), 'POST', `${mines}/${gameId}/reveal`, {
        token: user.token,
        body: { tile: 0 },
      });
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      const minesEvent = betOf(await stream.find(isBet(gameId)));
      expect(minesEvent).toMatchObject({ game: 'mines', payout: ended.body.bet.payout });

      for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
        const bet: BetJson = await playRound(url(), user.token, game);
        const event = betOf(await stream.find(isBet(bet.id), 15_000));
        expect(event, game.id).toMatchObject({ game: game.id, amount: bet.amount });
        expect(event.payout, game.id).toBe(bet.payout);
        expect(event.multiplier, game.id).toBe(bet.multiplier);
      }
      // Each bet once.
      const ids = stream.events.filter((e) => e.event === 'bet').map((e) => betOf(e).id);
      expect(new Set(ids).size).toBe(ids.length);
      stream.close();
    },
  );

  it('shows a player who hides their name as null, without their id; their own stream marks it', async () => {
    const user = await registerUser(url(), { name: 'Secret Sam' });
    const other = await registerUser(url(), { name: 'Open Olga' });
    const me = await call<{ name: string; email: string; hide_name: boolean }>(
      url(),
      'GET',
      '/api/user',
      { token: user.token },
    );
    expect(me.body.hide_name).toBe(false);
    const bad = await call(url(), 'PATCH', '/api/settings/profile', {
      token: user.token,
      body: { name: me.body.name, email: me.body.email, hide_name: 'yes' },
    });
    expect(bad.status).toBe(422);
    const hidden = await call<{ hide_name: boolean; name: string }>(
      url(),
      'PATCH',
      '/api/settings/profile',
      { token: user.token, body: { name: me.body.name, email: me.body.email, hide_name: true } },
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hide_name: true, name: 'Secret Sam' });
    // Name and e-mail alone keep the choice.
    const renamed = await call<{ hide_name: boolean }>(url(), 'PATCH', '/api/settings/profile', {
      token: user.token,
      body: { name: 'Secret Sam', email: me.body.email },
    });
    expect(renamed.body.hide_name).toBe(true);

    const anonymous = await connected(url());
    const own = await connected(url(), user.token);
    const bet = await dice(user.token);
    const seen = betOf(await anonymous.find(isBet(bet.id)));
    expect(seen).toMatchObject({ id: bet.id, player: null, user_id: null });
    expect(seen.mine).toBeUndefined();
    expect(anonymous.raw()).not.toContain('Secret Sam');
    expect(anonymous.raw()).not.toContain(`"user_id":${user.id}`);
    expect(betOf(await own.find(isBet(bet.id)))).toMatchObject({ player: null, mine: true });
    const theirs = await dice(other.token);
    expect(betOf(await own.find(isBet(theirs.id)))).toMatchObject({ player: 'Open Olga' });
    expect(betOf(await own.find(isBet(theirs.id))).mine).toBeUndefined();

    // The backlog reads the name as it is now: hidden there too.
    const later = await openSse(`${url()}${LIVE}`, '');
    const backlog = JSON.parse((await later.next('backlog')).data) as { bets: PublicBet[] };
    expect(backlog.bets.find((b) => b.id === bet.id)).toMatchObject({
      player: null,
      user_id: null,
    });
    expect(later.raw()).not.toContain('Secret Sam');
    for (const stream of [anonymous, own, later]) stream.close();
  });

  it('drops a client that stops reading, and keeps serving the others', async () => {
    const { app } = suite.server;
    const user = await registerUser(url());
    const fast = await connected(url());
    // A client that sends its request and never reads a byte of the answer.
    const { port } = new URL(url());
    const slow = net.connect(Number(port), '127.0.0.1');
    slow.pause();
    slow.write(`GET ${LIVE} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    const subscribers = app.betFeed.subscriberCount;
    await expect.poll(() => app.betFeed.subscriberCount).toBe(subscribers + 1);

    // Real bets first, then bets reported to the feed as fast as it takes them: enough to fill
    // the kernel's socket buffers (a few MB on loopback) and the stream's bound behind them.
    const real = await dice(user.token);
    await fast.find(isBet(real.id));
    const dropped = app.betFeed.dropped;
    const template = { ...real };
    let id = 1_000_000_000;
    let published = 0;
    while (app.betFeed.dropped === dropped && published < 200_000) {
      for (let i = 0; i < 500; i++) {
        app.betFeed.settled({ ...template, id: ++id }, { id: user.id });
      }
      published += 500;
      await sleep(50);
    }
    expect(app.betFeed.dropped).toBe(dropped + 1);
    expect(app.betFeed.subscriberCount).toBe(subscribers);

    // The fast stream still gets every bet; the slow one gets nothing more.
    for (let i = 0; i < 500; i++) app.betFeed.settled({ ...template, id: ++id }, { id: user.id });
    await fast.find(isBet(id), 30_000);
    expect(app.betFeed.subscriberCount).toBe(subscribers);

    // What the slow client can still read is bounded (the kernel's buffers and the stream's
    // 256 KiB), far less than was published, and then the stream is over.
    let received = 0;
    slow.on('data', (chunk: Buffer) => (received += chunk.length));
    slow.resume();
    await new Promise<void>((resolve) => {
      slow.on('close', () => resolve());
      slow.on('error', () => resolve());
    });
    const eventBytes = Buffer.byteLength(`event: bet\ndata: ${fast.events.at(-1)!.data}\n\n`);
    expect(received).toBeLessThan(16 * 1024 * 1024);
    expect(received).toBeLessThan(published * eventBytes);
    fast.close();
  }, 120_000);
});
