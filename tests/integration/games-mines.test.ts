import { expect, it } from 'vitest';
import { floats } from '../../games/fairness/index';
import { minePositions, minesMultiplierE4 } from '../../games/mines/rules';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import {
  moneySnapshot,
  revealSeeds,
  type BetAnswer,
  type ErrorAnswer,
  type WireBet,
} from './games-support';

describeEachDatabase('mines games', (kind) => {
  const suite = appOnDatabase(kind);

  const start = (token: string, body: unknown) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', '/api/games/mines/games', { token, body });
  const reveal = (token: string, id: number, tile: unknown) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', `/api/games/mines/games/${id}/reveal`, {
      token,
      body: { tile },
    });
  const cashout = (token: string, id: number) =>
    suite.client.call<BetAnswer & ErrorAnswer>('POST', `/api/games/mines/games/${id}/cashout`, {
      token,
    });

  /** Plays a game to the end by revealing tiles 0, 1, 2, ... and rotates to learn its board. */
  it('survives a server restart, then a mine ends it and shows the board the seeds decided', async () => {
    const user = await registerUser(suite.server.url);
    const started = await start(user.token, { amount: 10, mines: 24 });
    expect(started.status).toBe(200);
    const game = started.body.bet;
    expect(game).toMatchObject({ game: 'mines', amount: 10, payout: 0, nonce: 0 });
    expect(game.result).toEqual({
      mines_count: 24,
      revealed: [],
      status: 'active',
      next_multiplier: 24.75,
    });
    expect(started.body.balance).toBe(990);

    const second = await start(user.token, { amount: 1, mines: 3 });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.errors ?? {})).toEqual(['game']);
    const rotateRefused = await suite.client.call<ErrorAnswer>('POST', '/api/fairness/rotate', {
      token: user.token,
      body: {},
    });
    expect(rotateRefused.status).toBe(422);
    expect(Object.keys(rotateRefused.body.errors ?? {})).toEqual(['game']);
    const early = await cashout(user.token, game.id);
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors ?? {})).toEqual(['game']);

    await suite.restart();

    const active = await suite.client.call<{ bet: WireBet | null; balance: number }>(
      'GET',
      '/api/games/mines/active',
      { token: user.token },
    );
    expect(active.status).toBe(200);
    expect(active.body.bet).toEqual(game);
    expect(active.body.balance).toBe(990);

    // With 24 mines the one safe tile is somewhere: reveal from 0 until the game ends.
    let last: BetAnswer | undefined;
    for (let tile = 0; tile < 25; tile++) {
      const res = await reveal(user.token, game.id, tile);
      expect(res.status).toBe(200);
      last = res.body;
      if (last.bet.result.status !== 'active') break;
    }
    const ended = last!.bet;
    expect(ended.result.mines).toHaveLength(24);
    const revealed = ended.result.revealed as number[];
    if (ended.result.status === 'lost') {
      expect(ended.payout).toBe(0);
      expect(last!.balance).toBe(990);
    } else {
      // Tile 0 was safe: that cleared the board (24.75x).
      expect(ended.result.status).toBe('cleared');
      expect(revealed).toEqual([0]);
      expect(ended.payout).toBe(247.5);
      expect(last!.balance).toBe(990 + 247.5);
    }
    const over = await reveal(user.token, game.id, 24);
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors ?? {})).toEqual(['game']);

    const { server_seed, client_seed } = await revealSeeds(suite.client, user.token);
    expect(ended.result.mines).toEqual(minePositions(floats(server_seed, client_seed, 0, 24), 24));
  });

  it('pays M(k) rounded down to 2 decimals on cash out, only once', async () => {
    const user = await registerUser(suite.server.url);
    // One mine among 25: open tiles 0, 1, ...; a game that hits the mine before two safe
    // tiles is lost, and the next one is tried.
    let id = 0;
    let safe: number[] = [];
    for (let game = 0; game < 20 && safe.length < 2; game++) {
      id = (await start(user.token, { amount: 3, mines: 1 })).body.bet.id;
      safe = [];
      for (let tile = 0; safe.length < 2; tile++) {
        const res = await reveal(user.token, id, tile);
        expect(res.status).toBe(200);
        if (res.body.bet.result.status === 'lost') break;
        safe.push(tile);
        expect(res.body.bet.multiplier).toBe(minesMultiplierE4(1, safe.length) / 10_000);
      }
    }
    expect(safe).toHaveLength(2);
    const again = await reveal(user.token, id, safe[0]);
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors ?? {})).toEqual(['tile']);

    const before = await moneySnapshot(suite.server.database.db, user.id);
    const res = await cashout(user.token, id);
    expect(res.status).toBe(200);
    const multiplier = minesMultiplierE4(1, 2) / 10_000;
    expect(multiplier).toBe(1.07); // 0.99 * 300 / 276 = 1.0760...
    expect(res.body.bet.multiplier).toBe(multiplier);
    expect(res.body.bet.payout).toBe(3.21);
    expect(res.body.bet.result.status).toBe('cashed_out');
    expect(res.body.bet.result.mines).toHaveLength(1);
    expect(res.body.balance * 100).toBeCloseTo(before.balanceCents + 321, 6);
    const twice = await cashout(user.token, id);
    expect(twice.status).toBe(422);
    const after = await moneySnapshot(suite.server.database.db, user.id);
    expect(after.balanceCents).toBe(before.balanceCents + 321);
    expect(after.ledgerTotal).toBe(after.balanceCents);
  });

  it('settles parallel reveals one by one and pays a raced cash out once', async () => {
    const user = await registerUser(suite.server.url);
    const game = (
      await suite.client.call<BetAnswer>('POST', '/api/games/mines/games', {
        token: user.token,
        headers: { 'idempotency-key': 'mines-start-1' },
        body: { amount: 1, mines: 1 },
      })
    ).body.bet;
    const retried = await suite.client.call<BetAnswer>('POST', '/api/games/mines/games', {
      token: user.token,
      headers: { 'idempotency-key': 'mines-start-1' },
      body: { amount: 1, mines: 1 },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.bet.id).toBe(game.id);

    const reveals = await Promise.all(
      [0, 1, 2, 3, 4].map((tile) => reveal(user.token, game.id, tile)),
    );
    const ok = reveals.filter((r) => r.status === 200).map((r) => r.body.bet);
    // Each reveal saw the one before it: the revealed lists grow by one tile at a time.
    const lengths = ok.map((b) => (b.result.revealed as number[]).length).sort((a, b) => a - b);
    expect(lengths).toEqual(Array.from({ length: ok.length }, (_, i) => i + 1));
    for (const refused of reveals.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(422); // the mine ended the game before this reveal
      expect(Object.keys(refused.body.errors ?? {})).toEqual(['game']);
    }
    const last = ok.find((b) => (b.result.revealed as number[]).length === ok.length)!;
    const before = await moneySnapshot(suite.server.database.db, user.id);
    const cashouts = await Promise.all(
      Array.from({ length: 5 }, () => cashout(user.token, game.id)),
    );
    const paid = cashouts.filter((r) => r.status === 200);
    const after = await moneySnapshot(suite.server.database.db, user.id);
    if (last.result.status === 'active') {
      expect(paid).toHaveLength(1);
      const payout = Math.round(paid[0]!.body.bet.payout * 100);
      expect(payout).toBe(Math.floor(minesMultiplierE4(1, ok.length) / 100));
      expect(after.balanceCents).toBe(before.balanceCents + payout);
      expect(after.ledgerRows).toBe(before.ledgerRows + 1);
    } else {
      expect(paid).toHaveLength(0);
      expect(after).toEqual(before);
    }
    expect(cashouts.filter((r) => r.status === 422)).toHaveLength(5 - paid.length);
    expect(after.bets).toBe(1);
  });

  it('refuses bad starts and reveals with 422 or 404 and changes nothing', async () => {
    const user = await registerUser(suite.server.url);
    const other = await registerUser(suite.server.url);
    const before = await moneySnapshot(suite.server.database.db, user.id);
    for (const [body, field] of [
      [{ amount: 1, mines: 0 }, 'mines'],
      [{ amount: 1, mines: 25 }, 'mines'],
      [{ amount: 1, mines: 2.5 }, 'mines'],
      [{ amount: 0.001, mines: 3 }, 'amount'],
      [{ amount: 5000, mines: 3 }, 'amount'],
      [{ mines: 3 }, 'amount'],
    ] as const) {
      const res = await start(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await moneySnapshot(suite.server.database.db, user.id)).toEqual(before);

    const game = (await start(user.token, { amount: 1, mines: 3 })).body.bet;
    for (const tile of [-1, 25, 1.5, '3']) {
      const res = await reveal(user.token, game.id, tile);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['tile']);
    }
    expect((await reveal(other.token, game.id, 0)).status).toBe(404);
    expect((await cashout(other.token, game.id)).status).toBe(404);
    expect((await reveal(user.token, 999_999, 0)).status).toBe(404);
    const none = await suite.client.call<{ bet: WireBet | null }>(
      'GET',
      '/api/games/mines/active',
      {
        token: other.token,
      },
    );
    expect(none.body.bet).toBeNull();
  });

  it('never answers with a server seed that is not revealed yet (the boards stay secret)', async () => {
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
