// Every game of the registry, as a player meets it: a tile in the lobby with its status, and for a
// playable game a page that shows its own scene and panel. A new game is covered without a line.
import { describe, expect, it } from 'vitest';
import { GAMES, PLAYABLE_GAMES, gamePath } from '../../games/shared/registry/catalog';
import { registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';

const env = serverAndBrowser();

describe('the games of the registry', EVERY_GAME, () => {
  it('are all in the lobby, in order, with their status', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(env.server.url);
    await page.locator('.game-tile').first().waitFor();
    const tiles = await page
      .locator('.game-tile')
      .evaluateAll((links) =>
        links.map((a) => [a.getAttribute('data-game'), a.getAttribute('data-status')]),
      );
    expect(tiles).toEqual(GAMES.map((game) => [game.id, game.status]));
    await page.close();
  });

  it.each(gamesUnderTest(PLAYABLE_GAMES).map((game) => [game.id, game] as const))(
    '%s: its route shows its own scene and its panel',
    async (id, game) => {
      const player = await registerUser(env.server.url);
      const context = await env.browser.browser!.newContext();
      await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
      const page = await context.newPage();
      await page.goto(`${env.server.url}${gamePath(game)}?test`);
      await page.locator('[data-scene-state=shown]').waitFor();
      expect(await page.evaluate(() => window.__engine?.scenes.currentId)).toBe(id);
      await page.locator(`[data-slot=game-panel] [data-testid=${id}-panel]`).waitFor();
      await context.close();
    },
  );
});
