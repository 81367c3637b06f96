import { expect, it } from 'vitest';
import { makeAdmin } from '../support/money';
import { appOnDatabase, describeEachDatabase, registerUser } from '../support/testApp';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import type { PlayableGame } from '../../games/shared/registry/definition';
import type { BetDetailJson, BetPage } from '../../games/shared/wire/types';
import type { BetAnswer } from './games-support';
import { EVERY_GAME } from '../support/gamesUnderTest';

/** The routes a game's kind gives it, as the OpenAPI document names them (tag `games`). */
function documentedRoutes({ paths }: PlayableGame): [string, string, string][] {
  const games = (path: string, method = 'post'): [string, string, string] => [
    path,
    method,
    'games',
  ];
  switch (paths.kind) {
    case 'instant':
      return [games(paths.bet)];
    case 'stepped':
      return [
        games(paths.games),
        games(`${paths.games}/{id}/${paths.step}`),
        games(`${paths.games}/{id}/cashout`),
        games(paths.active, 'get'),
      ];
    case 'live':
      return [
        games(paths.rounds),
        games(`${paths.rounds}/{id}/cashout`),
        games(`${paths.rounds}/{id}/events`, 'get'),
        games(paths.active, 'get'),
      ];
  }
}

describeEachDatabase('bet history', (kind) => {
  const suite = appOnDatabase(kind);

  it('pages through own bets newest first, filtered by game, and shows seeds once revealed', async () => {
    const user = await registerUser(suite.server.url);
    const stranger = await registerUser(suite.server.url);
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res =
        i % 5 === 4
          ? await suite.client.call<BetAnswer>('POST', '/api/games/plinko/bets', {
              token: user.token,
              body: { amount: 0.1, rows: 8, risk: 'low' },
            })
          : await suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
              token: user.token,
              body: { amount: 0.1, target: 50, condition: 'over' },
            });
      expect(res.status).toBe(200);
      ids.push(res.body.bet.id);
    }
    await suite.client.call('POST', '/api/games/dice/bets', {
      token: stranger.token,
      body: { amount: 1, target: 50, condition: 'over' },
    });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=10&cursor=${cursor}` : '?limit=10';
      const page: { status: number; body: BetPage } = await suite.client.call<BetPage>(
        'GET',
        `/api/bets${query}`,
        { token: user.token },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((b) => b.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const defaultPage = await suite.client.call<BetPage>('GET', '/api/bets', { token: user.token });
    expect(defaultPage.body.data).toHaveLength(20);
    const plinko = await suite.client.call<BetPage>('GET', '/api/bets?game=plinko', {
      token: user.token,
    });
    expect(plinko.body.data.map((b) => b.id)).toEqual(ids.filter((_, i) => i % 5 === 4).reverse());
    expect(plinko.body.next_cursor).toBeNull();
    for (const query of ['?cursor=abc', '?limit=0', '?limit=101']) {
      expect(
        (await suite.client.call('GET', `/api/bets${query}`, { token: user.token })).status,
      ).toBe(422);
    }

    const hidden = await suite.client.call<BetDetailJson>('GET', `/api/bets/${ids[0]}`, {
      token: user.token,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      id: ids[0],
      nonce: 0,
      server_seed: null,
      revealed_at: null,
    });
    // Another player's bet is refused (bet ids are public in the live bets); none is not found.
    const refused = await suite.client.call<{ message: string }>('GET', `/api/bets/${ids[0]}`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));
    expect(
      (await suite.client.call('GET', '/api/bets/2000000000', { token: user.token })).status,
    ).toBe(404);
    expect((await suite.client.call('GET', '/api/bets/abc', { token: user.token })).status).toBe(
      422,
    );

    await suite.client.call('POST', '/api/fairness/rotate', { token: user.token, body: {} });
    const shown = await suite.client.call<BetDetailJson>('GET', `/api/bets/${ids[0]}`, {
      token: user.token,
    });
    expect(shown.body.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.body.revealed_at).not.toBeNull();
  });

  it("lets an admin read any player's bet (the scene lab replays a disputed round)", async () => {
    const player = await registerUser(suite.server.url);
    const admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    const placed = await suite.client.call<BetAnswer>('POST', '/api/games/dice/bets', {
      token: player.token,
      body: { amount: 0.5, target: 50, condition: 'under' },
    });
    expect(placed.status).toBe(200);
    const { bet } = placed.body;
    const read = await suite.client.call<BetDetailJson>('GET', `/api/bets/${bet.id}`, {
      token: admin.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: bet.id,
      game: 'dice',
      user_id: player.id,
      params: bet.params,
      result: bet.result,
      server_seed: null,
    });
    // The player reads it too; the admin's own bets stay theirs.
    const own = await suite.client.call<{ user_id: number }>('GET', `/api/bets/${bet.id}`, {
      token: player.token,
    });
    expect(own.body.user_id).toBe(player.id);
    expect(
      (await suite.client.call('GET', '/api/bets/2000000000', { token: admin.token })).status,
    ).toBe(404);
  });

  it(
    'documents every fairness, game and bet route in the OpenAPI document',
    EVERY_GAME,
    async () => {
      const docs = await suite.client.call<{
        paths: Record<string, Record<string, { tags?: string[] }>>;
      }>('GET', '/api/docs/json');
      expect(docs.status).toBe(200);
      const routes: [string, string, string][] = [
        ['/api/fairness', 'get', 'fairness'],
        ['/api/fairness/rotate', 'post', 'fairness'],
        ['/api/bets', 'get', 'bets'],
        ['/api/bets/{id}', 'get', 'bets'],
        ['/api/bets/live', 'get', 'bets'],
        ...PLAYABLE_GAMES.flatMap(documentedRoutes),
      ];
      for (const [path, method, tag] of routes) {
        expect(docs.body.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([tag]);
      }
      // And the list is complete: no other route carries one of these tags.
      const tagged = Object.entries(docs.body.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) =>
            operation.tags?.some((tag) => ['fairness', 'games', 'bets'].includes(tag)),
          )
          .map(([method]) => `${method} ${path}`),
      );
      expect(tagged.sort()).toEqual(routes.map(([path, method]) => `${method} ${path}`).sort());
    },
  );

  it('never answers with a server seed that is not revealed yet', async () => {
    await suite.client.expectNoUnrevealedSeed(suite.server.database.db);
  });
});
