import { describe, it } from 'vitest';
import { playerPage, waitForScene } from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';
const env = serverAndBrowser();
describe('probe', () => {
  for (const game of ['gemMiner', 'minislot', 'asteroids'])
    for (const [w, h] of [[1440, 900], [390, 844]] as const)
      it(`${game} ${w}`, async () => {
        const { page, close } = await playerPage(env.browser, env.server.url);
        await page.setViewportSize({ width: w, height: h });
        await page.goto(`${env.server.url}/${game}?test`);
        await waitForScene(page, game);
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `.tmp/after-${game}-${w}.png` });
        await close();
      }, 60000);
});
