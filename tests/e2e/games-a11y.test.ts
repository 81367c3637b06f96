import { describe, expect, it } from 'vitest';
import { registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { seriousViolations } from '../support/axe';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';

const env = serverAndBrowser();

describe(
  'game pages are accessible (axe-core: no serious or critical violation)',
  EVERY_GAME,
  () => {
    it.each(gamesUnderTest(PLAYABLE_GAMES).map((game) => game.id))(
      '%s with its panel, history and fairness dialog',
      async (game) => {
        const ready = `[data-testid=${game}-panel]`;
        const player = await registerUser(env.server.url);
        for (const width of [1401, 390]) {
          // axe is injected as an inline script, which the server's CSP forbids to pages.
          const context = await env.browser.browser!.newContext({
            viewport: { width, height: 900 },
            bypassCSP: true,
          });
          await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
          const page = await context.newPage();
          await page.goto(`${env.server.url}/${game}`);
          await page.locator(ready).waitFor();
          await page.locator('[data-scene-state=shown]').waitFor();
          await page.locator('[data-testid=bet-history]').waitFor();
          await page.waitForTimeout(300);
          expect(await seriousViolations(page)).toEqual([]);
          await page.locator('[data-testid=open-fairness]').click();
          await page
            .locator('[data-testid=fairness-hash]')
            .filter({ hasText: /[0-9a-f]{64}/ })
            .waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          await context.close();
        }
      },
    );
  },
);
